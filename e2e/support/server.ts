import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root, so tests find the built server and committed files from anywhere. */
export const REPO_ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const SERVER_ENTRY = join(REPO_ROOT, 'apps/api/dist/main.js');

export interface RunningServer {
  baseUrl: string;
  port: number;
  dataDir: string;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port'))));
    });
  });
}

export function tempDataDir(): string {
  return mkdtempSync(join(tmpdir(), 'hinv-e2e-'));
}

function launch(env: Record<string, string>): { child: ChildProcess; output: () => string } {
  let output = '';
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'log', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output };
}

/**
 * Starts the built server (`apps/api/dist/main.js`) as a child process on a free port with its
 * own temporary DATA_DIR, and waits until `/api/health` answers.
 */
export async function startServer(env: Record<string, string> = {}, options: { keepDataDir?: boolean } = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = env.DATA_DIR ?? tempDataDir();
  const { child, output } = launch({ DATA_DIR: dataDir, PORT: String(port), ...env });
  const baseUrl = `http://127.0.0.1:${port}`;
  const exited = new Promise<number | null>((resolveExit) => child.once('exit', (code) => resolveExit(code)));
  // A start waits for the server's own health answer (or its exit); the cap only ends a hung start.
  // A loaded machine (many test servers on two cores) takes well over 20 s to start one.
  const deadline = Date.now() + 120_000;
  for (;;) {
    const exitCode = await Promise.race([exited, new Promise<undefined>((r) => setTimeout(r, 50, undefined))]);
    if (exitCode !== undefined) throw new Error(`server exited with ${exitCode} before it was healthy:\n${output()}`);
    const healthy = await fetch(`${baseUrl}/api/health`).then((r) => r.ok, () => false);
    if (healthy) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not become healthy within 120 s:\n${output()}`);
    }
  }
  return {
    baseUrl,
    port,
    dataDir,
    output,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      if (!options.keepDataDir && !env.DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Runs the server with a configuration that must stop it; resolves with its exit code and output. */
export async function runUntilExit(env: Record<string, string>, timeoutMs = 15_000): Promise<{ code: number | null; output: string }> {
  const { child, output } = launch({ DATA_DIR: tempDataDir(), PORT: String(await freePort()), ...env });
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  const code = await new Promise<number | null>((resolveExit) => child.once('exit', resolveExit));
  clearTimeout(timer);
  return { code, output: output() };
}
