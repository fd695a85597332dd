// Module boundaries between the workspace projects, from every import in their source files:
//   scope:shared  may import scope:shared only (plain TypeScript, no app code)
//   scope:api     may import scope:api and scope:shared
//   scope:web     may import scope:web and scope:shared
//   scope:e2e     may import anything (it drives the built apps from outside)
// A project's scope is the `scope:*` tag in its project.json. Relative imports that leave a
// project and `@hinv/*` package imports are both checked.
//
// Inside the web app (apps/web/src), layers:
//   ui/          the design system: imports nothing of the app
//   lib/         query client, formatters: imports lib/ only
//   features/X/  imports ui/, lib/, app/, i18n/ and the generated client, never another feature
//   app/         providers, router, shell: may import anything
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const ALLOWED = {
  'scope:shared': ['scope:shared'],
  'scope:api': ['scope:api', 'scope:shared'],
  'scope:web': ['scope:web', 'scope:shared'],
  'scope:e2e': ['scope:api', 'scope:web', 'scope:shared', 'scope:e2e'],
};
const root = resolve(import.meta.dirname, '..');
const SKIP = new Set(['node_modules', 'dist', 'test-output']);

function projects() {
  const found = [];
  for (const folder of ['apps', 'libs']) {
    for (const name of readdirSync(join(root, folder))) found.push(join(folder, name));
  }
  found.push('e2e');
  return found.map((dir) => {
    const config = JSON.parse(readFileSync(join(root, dir, 'project.json'), 'utf8'));
    const pkg = JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8'));
    return { dir, name: config.name, packageName: pkg.name, scope: (config.tags ?? []).find((t) => t.startsWith('scope:')) };
  });
}

function* sourceFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(path);
    else if (/\.(ts|tsx|mts|js|mjs)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) yield path;
  }
}

const all = projects();
const owner = (file) => all.filter((p) => (relative(join(root, p.dir), file) + '/').split('/')[0] !== '..').sort((a, b) => b.dir.length - a.dir.length)[0];
const problems = [];
for (const project of all) {
  if (!ALLOWED[project.scope]) problems.push(`${project.dir}: no known scope tag`);
  for (const file of sourceFiles(join(root, project.dir))) {
    const text = readFileSync(file, 'utf8');
    for (const [, specifier] of text.matchAll(/(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)) {
      let target;
      if (specifier.startsWith('.')) target = owner(resolve(dirname(file), specifier));
      else target = all.find((p) => p.packageName && (specifier === p.packageName || specifier.startsWith(`${p.packageName}/`)));
      if (!target || target === project) continue;
      if (!ALLOWED[project.scope]?.includes(target.scope)) {
        problems.push(`${relative(root, file)} imports ${specifier}: ${project.scope} must not depend on ${target.dir} (${target.scope})`);
      }
    }
  }
}
const webSource = join(root, 'apps/web/src');
const layerOf = (file) => {
  const [top, feature] = relative(webSource, file).split('/');
  return top === 'features' ? `features/${feature}` : top;
};
for (const file of sourceFiles(webSource)) {
  const layer = layerOf(file);
  const text = readFileSync(file, 'utf8');
  for (const [, specifier] of text.matchAll(/(?:from|import)\s*\(?\s*['"](\.[^'"]+)['"]/g)) {
    const target = layerOf(resolve(dirname(file), specifier));
    if (target === layer) continue;
    const allowed =
      layer === 'ui' ? false : layer === 'lib' ? false : layer.startsWith('features/') ? !target.startsWith('features/') && target !== '..' : true;
    if (!allowed) problems.push(`${relative(root, file)} imports ${specifier}: ${layer} must not depend on ${target}`);
  }
}

if (problems.length > 0) {
  for (const problem of problems) console.error(problem);
  process.exitCode = 1;
} else {
  console.log(`Module boundaries hold across ${all.length} projects.`);
}
