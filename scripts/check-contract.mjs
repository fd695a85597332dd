// Regenerates the OpenAPI document from the built API and the typed client from it, into a
// temporary directory, and fails when either differs from the committed files. Run after a build.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const scratch = mkdtempSync(join(tmpdir(), 'hinv-contract-'));
const freshDocument = join(scratch, 'openapi.json');
const freshSchema = join(scratch, 'schema.ts');

try {
  execFileSync(process.execPath, ['dist/openapi/write-openapi.js', freshDocument], { cwd: join(root, 'apps/api'), stdio: 'pipe' });
  execFileSync(join(root, 'libs/api-client/node_modules/.bin/openapi-typescript'), [freshDocument, '-o', freshSchema, '--default-non-nullable=false'], { stdio: 'pipe' });

  const stale = [
    ['apps/api/openapi.json', freshDocument, 'pnpm nx run api:openapi'],
    ['libs/api-client/src/schema.ts', freshSchema, 'pnpm nx run api-client:generate'],
  ].filter(([committed, fresh]) => readFileSync(join(root, committed), 'utf8') !== readFileSync(fresh, 'utf8'));

  if (stale.length > 0) {
    for (const [committed, fresh, command] of stale) {
      console.error(`${committed} is out of date with the code. Regenerate it with \`${command}\` and commit it.`);
      try {
        execFileSync('diff', ['-u', join(root, committed), fresh], { stdio: 'inherit' });
      } catch {
        // diff exits 1 when the files differ; its output is the point.
      }
    }
    process.exitCode = 1;
  } else {
    console.log('apps/api/openapi.json and libs/api-client/src/schema.ts match the code.');
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
