import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const MAJOR = readFileSync(join(REPO, '.nvmrc'), 'utf8').trim().split('.')[0];
const outside = mkdtempSync(join(tmpdir(), 'hinv-runtime-'));
afterAll(() => rmSync(outside, { recursive: true, force: true }));

/**
 * Sources the script in `shell` from `cwd` with the machine's own PATH plus the folder of the node
 * running these tests, and prints the node major it leaves first on PATH. The test run's node is
 * the one the script chose for this clone: its own `.runtime/` copy, or the machine's node of the
 * right major (then `.runtime/` holds no node at all). npm is offline with an empty cache: a
 * runtime that is not found where it already is would be fetched, and that fails here instead of
 * going out.
 */
function sourced(shell: string, cwd: string, script: string) {
  const run = spawnSync(shell, ['-c', `. ${script} && node -p 'process.versions.node.split(".")[0]'`], {
    cwd,
    encoding: 'utf8',
    env: {
      PATH: `${dirname(process.execPath)}:/usr/local/bin:/usr/bin:/bin`,
      HOME: outside,
      npm_config_offline: 'true',
      npm_config_cache: join(outside, 'npm-cache'),
    },
  });
  return { status: run.status, major: run.stdout.trim().split('\n').at(-1), output: `${run.stdout}${run.stderr}` };
}

describe('scripts/runtime.sh', () => {
  it('finds the repository from a folder inside it (dash, relative path)', () => {
    const run = sourced('dash', join(REPO, 'apps/web'), '../../scripts/runtime.sh');
    expect(run.output).not.toContain('fetching');
    expect([run.status, run.major]).toEqual([0, MAJOR]);
  });

  it('finds the repository from anywhere when the shell names the sourced file (bash)', () => {
    const run = sourced('bash', outside, join(REPO, 'scripts/runtime.sh'));
    expect(run.output).not.toContain('fetching');
    expect([run.status, run.major]).toEqual([0, MAJOR]);
    expect(existsSync(join(outside, '.runtime'))).toBe(false);
  });

  it('refuses with a clear message where it cannot tell, instead of fetching another Node.js', () => {
    const run = sourced('dash', outside, join(REPO, 'scripts/runtime.sh'));
    expect(run.status).not.toBe(0);
    expect(run.output).toContain('cannot tell where the repository is');
    expect(existsSync(join(outside, '.runtime'))).toBe(false);
  });
});
