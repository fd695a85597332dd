import { readFileSync } from 'node:fs';

/**
 * CPU seconds a process has used so far (user + system, all its threads), from /proc. What a
 * hostile request costs the server is counted here rather than in wall-clock time: a loaded box
 * makes everything slower, yet the CPU the request burns stays the same.
 */
export function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * Runs `attack` while the health route is asked again and again (a pause of `pauseMs` between
 * probes, so the probes themselves cost the server next to no CPU), and reports the CPU seconds
 * the server spent meanwhile. This is a hang guard, not a speed test: a probe that gets no answer
 * within `probeTimeoutMs` (generous, so a merely busy box passes) is counted as `unanswered`,
 * which a server whose event loop froze produces and a slow one does not.
 */
export async function healthDuring<T>(
  baseUrl: string,
  pid: number,
  attack: () => Promise<T>,
  { minProbes = 3, probeTimeoutMs = 30_000, pauseMs = 100 }: { minProbes?: number; probeTimeoutMs?: number; pauseMs?: number } = {},
): Promise<{ result: T; cpuSeconds: number; probes: number; unanswered: number }> {
  const before = cpuSeconds(pid);
  let settled = false;
  const running = attack().finally(() => (settled = true));
  let probes = 0;
  let unanswered = 0;
  while (!settled || probes < minProbes) {
    const answered = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(probeTimeoutMs) }).then(
      async (response) => (await response.arrayBuffer(), response.ok),
      () => false,
    );
    probes++;
    if (!answered) unanswered++;
    if (!settled) await new Promise((resolve) => setTimeout(resolve, pauseMs));
  }
  const result = await running;
  return { result, cpuSeconds: cpuSeconds(pid) - before, probes, unanswered };
}

/**
 * CPU the server may spend on one refused hostile request. Before these limits, 100,000 keys at
 * sign-in cost 18 s of CPU; refused by size or while parsing they cost a few hundredths.
 */
export const HOSTILE_CPU_BOUND_S = 1;
