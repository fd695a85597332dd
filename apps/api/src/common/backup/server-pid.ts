import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';

/** Written into DATA_DIR while the service runs; the restore command refuses to run beside it. */
export const SERVER_PID_FILE = 'server.pid';

export interface ServerPid {
  pid: number;
  hostname: string;
  port: number;
  started_at: string;
}

export function writeServerPid(dataDir: string, port: number, now = new Date()): void {
  const record: ServerPid = { pid: process.pid, hostname: hostname(), port, started_at: now.toISOString() };
  writeFileSync(join(dataDir, SERVER_PID_FILE), `${JSON.stringify(record)}\n`, { mode: 0o600 });
}

/** Removes the pid file if it is this process's own (a second server may have written its own since). */
export function removeServerPid(dataDir: string): void {
  const file = join(dataDir, SERVER_PID_FILE);
  try {
    const record = JSON.parse(readFileSync(file, 'utf8')) as ServerPid;
    if (record.pid === process.pid && record.hostname === hostname()) rmSync(file, { force: true });
  } catch {
    // Nothing to remove.
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Why the service looks as if it were running on DATA_DIR, or null when it does not: a pid file
 * of a live process on this host, a pid file from another host (a container) that cannot be
 * checked, or a service answering on PORT here.
 */
export async function serviceRunning(dataDir: string, port: number): Promise<string | null> {
  const file = join(dataDir, SERVER_PID_FILE);
  let record: ServerPid | null = null;
  try {
    record = JSON.parse(readFileSync(file, 'utf8')) as ServerPid;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') return `${file} cannot be read; stop the service, or remove the file if it is not running`;
  }
  if (record) {
    if (record.hostname !== hostname()) {
      return `${file} says the service runs on ${record.hostname} (pid ${record.pid}); stop it first, or remove the file if it is not running`;
    }
    if (alive(record.pid)) return `the service is running (pid ${record.pid}, port ${record.port}); stop it first`;
  }
  const answered = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(1500) }).then(
    async (response) => response.ok && ((await response.json().catch(() => null)) as { status?: string } | null)?.status === 'ok',
    () => false,
  );
  return answered ? `a service answers on port ${port}; stop it first` : null;
}
