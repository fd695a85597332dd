// Bundles the compiled server (tsc's dist/main.js and everything it imports, with the decorator
// metadata tsc emitted) into dist/server/: minified parts of at most PART_BYTES each, which the
// new dist/main.js imports. Node then compiles about 90 scripts instead of some 2,400 modules,
// each with its own wrapper, source text and resolution cache entries: the idle server holds
// less memory (`node bench/run.mjs memory`). Parts stay small because V8's parser takes scratch
// memory in proportion to a script's size, and glibc keeps it once it is freed (one 4 MB bundle
// left the idle server larger than no bundle at all).
//
// Left outside the bundle and loaded from node_modules as before:
//   - native and wasm packages and packages that read files beside their own code;
//   - packages the service imports on first use only, so they still cost nothing while unused.
// Worker threads, the migration CLI and the OpenAPI writer keep running from tsc's files in
// dist/, which stay where they are; code of ours that finds files relative to its own module
// (import.meta.url) gets its original location back, so nothing moves for it either.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'rolldown';

const here = dirname(fileURLToPath(import.meta.url));
const dist = join(here, 'dist');
const entry = join(dist, 'main.js');
const out = join(dist, 'server');
const PART_BYTES = 200_000;
const MARK = '/* the bundled server: bundle-server.mjs */';

const EXTERNAL = [
  // native, wasm, worker threads or files beside their own code
  'better-sqlite3',
  'sharp',
  'mupdf',
  'tesseract.js',
  'unpdf',
  'heic-decode',
  'redoc',
  'swagger-ui-dist',
  'pino',
  // imported on first use only
  'web-push',
  'undici',
  'fuzzball',
  'jszip',
  'otplib',
  'qrcode',
  '@simplewebauthn/server',
];
const isExternal = (id) => id.startsWith('node:') || EXTERNAL.some((name) => id === name || id.startsWith(`${name}/`));

/** In a module of tsc's output, `import.meta.url` keeps naming that module's own file. */
const ownLocation = {
  name: 'own-location',
  transform(code, id) {
    if (!id.startsWith(dist) || !code.includes('import.meta.url')) return null;
    // Every part of the bundle sits in dist/server/, one folder below tsc's files.
    const own = `../${relative(dist, id).split('\\').join('/')}`;
    return { code: code.replaceAll('import.meta.url', `new URL(${JSON.stringify(own)}, import.meta.url).href`), map: null };
  },
};

/**
 * A few Nest packages load peers at run time through `createRequire(import.meta.url)`, which a
 * bundler cannot see: in the bundle that would load a second TypeORM, class-validator or
 * class-transformer from node_modules (twice the memory, and a second metadata storage). Their
 * `require` answers with the bundled copy instead; anything else still comes from node_modules.
 */
const SHARED = '\0shared-require';
const sharedRequire = {
  name: 'shared-require',
  resolveId: (id) => (id === SHARED ? id : null),
  load(id) {
    if (id !== SHARED) return null;
    return [
      `import { createRequire } from 'node:module';`,
      `import * as typeorm from 'typeorm';`,
      `import * as classValidator from 'class-validator';`,
      `import * as classTransformer from 'class-transformer';`,
      `import * as classTransformerStorage from 'class-transformer/cjs/storage';`,
      `const bundled = { typeorm, 'class-validator': classValidator, 'class-transformer': classTransformer,`,
      `  'class-transformer/cjs/storage': classTransformerStorage, 'class-transformer/storage': classTransformerStorage };`,
      `const fromNodeModules = createRequire(import.meta.url);`,
      `export const sharedRequire = Object.assign((id) => bundled[id] ?? fromNodeModules(id), { resolve: fromNodeModules.resolve });`,
    ].join('\n');
  },
  transform(code, id) {
    if (!id.includes('/node_modules/') || !code.includes('createRequire(import.meta.url)')) return null;
    return {
      code: `import { sharedRequire as __sharedRequire } from ${JSON.stringify(SHARED)};\n${code.replaceAll('createRequire(import.meta.url)', '__sharedRequire')}`,
      map: null,
    };
  },
};

/**
 * JSON files become `JSON.parse('…')`: as object literals, mime-db's 2,500 entries made V8's
 * parser take 6 MB of scratch memory for one part; JSON.parse reads them without it.
 */
const jsonAsParse = {
  name: 'json-as-parse',
  load(id) {
    if (!id.endsWith('.json')) return null;
    const text = JSON.stringify(JSON.parse(readFileSync(id, 'utf8')));
    return { code: `module.exports = JSON.parse(${JSON.stringify(text)});`, moduleType: 'js' };
  },
};

/**
 * Code the service never runs, left out of the bundle:
 *   - TypeORM's drivers for other databases (its driver factory names all of them; only
 *     better-sqlite3 is ever chosen), replaced by classes that cannot be constructed;
 *   - libphonenumber-js's 150 KB of metadata, which class-validator loads for @IsPhoneNumber,
 *     a validator no DTO of ours uses.
 */
const OTHER_DATABASES = /\/typeorm\/driver\/(aurora-mysql|aurora-postgres|capacitor|cockroachdb|cordova|expo|mongodb|mysql|nativescript|oracle|postgres|react-native|sap|spanner|sqljs|sqlserver)\//;
const leftOut = {
  name: 'left-out',
  load(id) {
    if (OTHER_DATABASES.test(id)) {
      const stub = `class NotBundled { constructor() { throw new Error('only the better-sqlite3 driver is bundled'); } }`;
      return { code: `const classes = new Map();\nmodule.exports = new Proxy({}, { get: (_, name) => name === '__esModule' || (classes.get(name) ?? classes.set(name, ${stub}).get(name)) });`, moduleType: 'js' };
    }
    if (/\/libphonenumber-js\//.test(id)) {
      return { code: `exports.parsePhoneNumber = () => { throw new Error('phone numbers are not validated by this service'); };`, moduleType: 'js' };
    }
    return null;
  },
};

const tscEntry = readFileSync(entry, 'utf8');
if (tscEntry.startsWith(MARK)) throw new Error('dist/main.js is the bundle already: run `nest build` first');
const bundle = await build({
  input: { main: entry },
  platform: 'node',
  external: isExternal,
  plugins: [ownLocation, sharedRequire, jsonAsParse, leftOut],
  // Packages resolve as Node resolves them (`main`, not a bundler's `module` build), so the
  // bundle holds the same class-validator and class-transformer Nest's own code loads.
  resolve: { mainFields: ['main'] },
  treeshake: true,
  write: false,
  onLog(level, log, handler) {
    // Optional Nest peers the service does not use (microservices, websockets, fastify).
    if (log.code === 'UNRESOLVED_IMPORT') return;
    handler(level, log);
  },
  output: {
    format: 'esm',
    // BUNDLE_MINIFY=0 keeps the code readable, with a `// <file>` line before each module, so a
    // CPU profile (bench/profile-route.mjs) names the modules its time goes to.
    minify: process.env.BUNDLE_MINIFY !== '0',
    // Nest, TypeORM and class-validator find providers, entities and DTOs by their class names.
    keepNames: true,
    comments: false,
    strictExecutionOrder: true,
    // Parts of at most ~200 KB: V8 parses each script of a module graph in one piece, and the
    // parser's scratch memory (about 8 MB per MB of minified code) stays with glibc's malloc
    // once freed. One 4 MB script left some 30 MB of it resident for good.
    codeSplitting: { groups: [{ name: 'part', maxSize: PART_BYTES }] },
    entryFileNames: '[name].js',
    chunkFileNames: '[name]-[hash].js',
  },
});
rmSync(out, { recursive: true, force: true });
mkdirSync(out);
let bytes = 0;
for (const chunk of bundle.output) {
  if (chunk.type !== 'chunk') continue;
  // Only ASCII: V8 keeps the source of every script it runs, and one character above U+00FF
  // makes it keep that whole script with two bytes per character.
  const ascii = chunk.code.replace(/[^\0-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  writeFileSync(join(out, chunk.fileName), ascii);
  bytes += ascii.length;
}
rmSync(`${entry}.map`, { force: true });
writeFileSync(entry, `${MARK}\nimport './${basename(out)}/main.js';\n`);
console.log(`bundled the server into ${relative(process.cwd(), out)}/ (${bundle.output.length} files, ${(bytes / 1024).toFixed(0)} KiB), started by ${relative(process.cwd(), entry)}`);
