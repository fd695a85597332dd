#!/usr/bin/env node
/**
 * Checks the documentation (README.md and docs/*.md), so the user guide cannot drift from the
 * product:
 *
 *   1. links: every relative link and image resolves to a file of the repository, and every
 *      `#anchor` (in the same file or another Markdown file) names a heading or an `<a id>`;
 *   2. languages: each docs/<name>.en.md has a docs/<name>.de.md with the same structure: the same
 *      heading levels in the same order, the same `<a id>` anchors, the same images, the same
 *      code blocks (by info string), and test blocks that are identical apart from comments;
 *   3. settings: every upper-case variable a guide sets (`NAME=…` or `NAME:` in a code block) is
 *      one the service reads (apps/api/src/config/env.ts), docker-compose.yml passes on, or a
 *      shell variable the guide itself defines;
 *   4. commands: the fenced blocks marked for testing run against a scratch install, from the
 *      repository root, in the order they appear in the English guides:
 *        ```sh test background   started and left running (the server); the run then waits for
 *                                GET /api/health, sets up a household through the API (owner,
 *                                a product low on stock with a lot that expires tomorrow) and
 *                                creates an automation token
 *        ```sh test              run with `sh -eu`; must exit 0 within 60 s
 *        ```sh test stop-server  the same, after the server started above was stopped (restore)
 *        ```yaml test            a Home Assistant `rest:` configuration: every resource is asked
 *                                on the scratch server with the token, and the fields its
 *                                templates and attributes name must be in the answer
 *      The scratch install has its own DATA_DIR (a temp folder) and a free PORT; in the blocks,
 *      `localhost:8080` is replaced by that port and the guide's backup folder
 *      `/var/backups/household-inventory` by a temp folder, and HINV_URL and HINV_TOKEN are set as
 *      the guide tells the reader to set them.
 *
 * `node scripts/check-docs.mjs --no-run` does 1–3 only (a second or so); scripts/check-docs.spec.ts
 * shows on small fixtures that each check fails when it should.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import YAML from 'yaml';

/** The repository; `--root <dir>` checks another tree (the tests use small fixtures). */
const rootArgument = process.argv.indexOf('--root');
const ROOT = rootArgument > 0 ? resolve(process.argv[rootArgument + 1]) : resolve(dirname(fileURLToPath(import.meta.url)), '..');
const problems = [];
const problem = (file, line, message) => problems.push(`${relative(ROOT, file)}${line ? `:${line}` : ''}: ${message}`);

// ---------------------------------------------------------------------------------------------
// Reading Markdown: code blocks, headings, anchors, links.

/** Splits a Markdown file into fenced code blocks and the prose between them (with line numbers). */
export function parseMarkdown(text) {
  const lines = text.split('\n');
  const blocks = [];
  const prose = [];
  let open = null;
  lines.forEach((line, index) => {
    const fence = /^(\s*)(`{3,}|~{3,})(.*)$/.exec(line);
    if (open) {
      if (fence && fence[2][0] === open.fence[0] && fence[2].length >= open.fence.length && fence[3].trim() === '') {
        blocks.push({ info: open.info, line: open.line, body: open.body.join('\n') });
        open = null;
      } else open.body.push(line);
      return;
    }
    if (fence) {
      open = { fence: fence[2], info: fence[3].trim(), line: index + 1, body: [] };
      return;
    }
    prose.push({ line: index + 1, text: line });
  });
  if (open) blocks.push({ info: open.info, line: open.line, body: open.body.join('\n'), unclosed: true });
  return { blocks, prose };
}

/** GitHub's heading anchor: lower case, markup and punctuation dropped, spaces to hyphens. */
export function slug(heading) {
  return heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/[`*_~]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .replace(/\s/g, '-');
}

function headings(prose) {
  return prose.flatMap(({ line, text }) => {
    const match = /^(#{1,6})\s+(.*?)\s*#*\s*$/.exec(text);
    return match ? [{ line, level: match[1].length, text: match[2] }] : [];
  });
}

function explicitAnchors(prose) {
  return prose.flatMap(({ line, text }) => [...text.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)].map((m) => ({ line, id: m[1] })));
}

/** Every anchor a link may name in this file: heading slugs (with GitHub's -1, -2 for repeats) and <a id>. */
function anchorsOf(parsed) {
  const anchors = new Set(explicitAnchors(parsed.prose).map((a) => a.id));
  const seen = new Map();
  for (const heading of headings(parsed.prose)) {
    const base = slug(heading.text);
    const count = seen.get(base) ?? 0;
    anchors.add(count === 0 ? base : `${base}-${count}`);
    seen.set(base, count + 1);
  }
  return anchors;
}

/** Links and images in prose, with inline code spans removed first. */
function linksOf(prose) {
  return prose.flatMap(({ line, text }) => {
    const clean = text.replace(/`[^`]*`/g, '');
    const found = [];
    for (const m of clean.matchAll(/(!?)\[([^\]]*)\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) found.push({ line, image: m[1] === '!', target: m[3] });
    for (const m of clean.matchAll(/<(img|a)\s[^>]*?(src|href)="([^"]+)"/g)) found.push({ line, image: m[1] === 'img', target: m[3] });
    return found;
  });
}

// ---------------------------------------------------------------------------------------------
// 1. Links.

const markdownFiles = [join(ROOT, 'README.md'), ...readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => join(ROOT, 'docs', f))];
const parsedFiles = new Map(markdownFiles.map((file) => [file, parseMarkdown(readFileSync(file, 'utf8'))]));

for (const [file, parsed] of parsedFiles) {
  for (const block of parsed.blocks) if (block.unclosed) problem(file, block.line, 'code block is never closed');
  for (const link of linksOf(parsed.prose)) {
    const { target } = link;
    if (/^(https?:|mailto:)/i.test(target)) continue;
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) {
      problem(file, link.line, `link with an unexpected scheme: ${target}`);
      continue;
    }
    const [pathPart, anchor] = target.split('#', 2);
    const targetFile = pathPart === '' ? file : resolve(dirname(file), decodeURIComponent(pathPart));
    if (!targetFile.startsWith(ROOT)) {
      problem(file, link.line, `link leaves the repository: ${target}`);
      continue;
    }
    if (!existsSync(targetFile)) {
      problem(file, link.line, `${link.image ? 'image' : 'link'} target does not exist: ${target}`);
      continue;
    }
    if (link.image && !statSync(targetFile).isFile()) problem(file, link.line, `image is not a file: ${target}`);
    if (anchor !== undefined) {
      if (!targetFile.endsWith('.md')) continue;
      const targetParsed = parsedFiles.get(targetFile) ?? parseMarkdown(readFileSync(targetFile, 'utf8'));
      if (!anchorsOf(targetParsed).has(anchor)) problem(file, link.line, `anchor #${anchor} is not in ${relative(ROOT, targetFile)}`);
    }
  }
}

// Every screenshot in docs/images/ is shown somewhere (scripts/docs-screenshots.sh writes them).
const shownImages = new Set(
  [...parsedFiles].flatMap(([file, parsed]) => linksOf(parsed.prose).filter((l) => l.image && !/^https?:/.test(l.target)).map((l) => resolve(dirname(file), l.target.split('#')[0]))),
);
const imagesDir = join(ROOT, 'docs', 'images');
if (existsSync(imagesDir)) {
  for (const image of readdirSync(imagesDir)) if (!shownImages.has(join(imagesDir, image))) problem(join(imagesDir, image), 0, 'is not shown in any guide (remove it, or show it)');
}

// ---------------------------------------------------------------------------------------------
// 2. English and German guides have the same structure.

const withoutComments = (body) =>
  body
    .split('\n')
    .filter((line) => !/^\s*#/.test(line))
    .join('\n')
    .trim();

function structure(parsed) {
  return {
    headings: headings(parsed.prose).map((h) => ({ line: h.line, value: `h${h.level}` })),
    anchors: explicitAnchors(parsed.prose).map((a) => ({ line: a.line, value: a.id })),
    images: linksOf(parsed.prose)
      .filter((l) => l.image)
      .map((l) => ({ line: l.line, value: l.target })),
    blocks: parsed.blocks.map((b) => ({ line: b.line, value: b.info || '(no info string)' })),
    tests: parsed.blocks.filter((b) => /\btest\b/.test(b.info)).map((b) => ({ line: b.line, value: withoutComments(b.body) })),
  };
}

const englishGuides = markdownFiles.filter((file) => file.endsWith('.en.md'));
for (const en of englishGuides) {
  const de = en.replace(/\.en\.md$/, '.de.md');
  if (!parsedFiles.has(de)) {
    problem(en, 0, `has no German counterpart ${relative(ROOT, de)}`);
    continue;
  }
  const a = structure(parsedFiles.get(en));
  const b = structure(parsedFiles.get(de));
  for (const kind of Object.keys(a)) {
    const length = Math.max(a[kind].length, b[kind].length);
    for (let i = 0; i < length; i++) {
      const x = a[kind][i];
      const y = b[kind][i];
      if (x?.value === y?.value) continue;
      const show = (entry) => (entry ? JSON.stringify(entry.value.length > 60 ? `${entry.value.slice(0, 60)}…` : entry.value) : 'nothing');
      problem(de, y?.line ?? 0, `${kind} #${i + 1} differs from ${relative(ROOT, en)}${x ? `:${x.line}` : ''}: ${show(y)} here, ${show(x)} there`);
      break;
    }
  }
}
const germanGuides = markdownFiles.filter((file) => file.endsWith('.de.md'));
for (const de of germanGuides) if (!parsedFiles.has(de.replace(/\.de\.md$/, '.en.md'))) problem(de, 0, 'has no English counterpart');

// ---------------------------------------------------------------------------------------------
// 3. The settings a guide names exist.

const envSource = readFileSync(join(ROOT, 'apps/api/src/config/env.ts'), 'utf8');
const composeSource = readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8');
const knownSettings = new Set([
  ...[...envSource.matchAll(/^\s+([A-Z][A-Z0-9_]+)[?!]?\s*[:=]/gm)].map((m) => m[1]),
  ...[...envSource.matchAll(/'([A-Z][A-Z0-9_]{2,})'/g)].map((m) => m[1]),
  ...[...composeSource.matchAll(/\$\{([A-Z][A-Z0-9_]+)/g)].map((m) => m[1]),
  // The process environment the service and its scripts honour besides the validated settings.
  'NODE_ENV',
  'NODE_OPTIONS',
]);
for (const file of [...englishGuides, ...germanGuides]) {
  const parsed = parsedFiles.get(file);
  const defined = new Set();
  for (const block of parsed.blocks) for (const m of block.body.matchAll(/^\s*export\s+([A-Z][A-Z0-9_]+)=/gm)) defined.add(m[1]);
  for (const block of parsed.blocks) {
    for (const m of block.body.matchAll(/(?:^|[\s=])([A-Z][A-Z0-9_]{2,})(=|:\s)/gm)) {
      if (!knownSettings.has(m[1]) && !defined.has(m[1])) problem(file, block.line, `sets ${m[1]}, which the service does not read`);
    }
  }
  for (const { line, text } of parsed.prose) {
    for (const m of text.matchAll(/`([A-Z][A-Z0-9_]{2,})=[^`]*`/g)) {
      if (!knownSettings.has(m[1]) && !defined.has(m[1])) problem(file, line, `sets ${m[1]}, which the service does not read`);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// 4. Run the blocks marked for testing.

function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolvePort(port));
    });
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function runShell(script, env, timeoutMs) {
  return new Promise((resolveRun) => {
    const child = spawn('sh', ['-eu', '-c', script], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const timer = setTimeout(() => {
      output += `\n(timed out after ${timeoutMs / 1000} s)`;
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {}
    }, timeoutMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolveRun({ code, output });
    });
  });
}

/** Sets up the household through the API and returns a token for the guide's examples. */
async function prepareHousehold(baseUrl) {
  let cookie = '';
  const call = async (method, path, body) => {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(cookie ? { cookie } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const set = response.headers.getSetCookie().find((c) => c.startsWith('hinv_session='));
    if (set) cookie = set.split(';', 1)[0];
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status}: ${text}`);
    return text ? JSON.parse(text) : null;
  };
  await call('POST', '/api/v1/auth/setup', { password: 'docs check password 1', display_name: 'Docs Check', preferred_locale: 'en' });
  const product = await call('POST', '/api/v1/catalog/products', { name: 'Oat milk', minimum_stock_quantity: 4, shopping_target_quantity: 8 });
  const tomorrow = new Date(Date.now() + 36 * 3600 * 1000).toISOString().slice(0, 10);
  await call('POST', `/api/v1/stock/products/${product.id}/actions`, { action: 'add', quantity: 1, best_before_date: tomorrow, client_mutation_id: 'docs-check-add-1' });
  const token = await call('POST', '/api/v1/auth/api-tokens', { name: 'Home Assistant', scopes: ['status:read', 'stock:read', 'shopping:read'] });
  return token.token;
}

/** Follows Home Assistant's `json_attributes_path` for the simple forms `$`, `$[n]`, `$.a.b`. */
function jsonPath(value, path) {
  if (!path || path === '$') return value;
  let current = value;
  for (const m of path.slice(1).matchAll(/\[(\d+)\]|\.([A-Za-z_][A-Za-z0-9_]*)/g)) current = current?.[m[1] !== undefined ? Number(m[1]) : m[2]];
  return current;
}

/** The fields a Home Assistant template reads from `value_json`. */
function templateFields(template) {
  return [...String(template).matchAll(/value_json(?:\['([^']+)'\]|\["([^"]+)"\]|\.([A-Za-z_][A-Za-z0-9_]*))/g)].map((m) => m[1] ?? m[2] ?? m[3]);
}

async function checkHomeAssistant(file, block, baseUrl, token) {
  const secret = { tag: '!secret', resolve: (name) => `secret:${name}` };
  let config;
  try {
    config = YAML.parse(block.body, { customTags: [secret] });
  } catch (error) {
    return problem(file, block.line, `not valid YAML: ${error.message.split('\n')[0]}`);
  }
  const entries = config?.rest;
  if (!Array.isArray(entries) || entries.length === 0) return problem(file, block.line, 'a yaml test block must hold a Home Assistant `rest:` list');
  const openapi = JSON.parse(readFileSync(join(ROOT, 'apps/api/openapi.json'), 'utf8'));
  for (const entry of entries) {
    const resource = new URL(entry.resource);
    const operation = openapi.paths[resource.pathname]?.get;
    if (!operation) {
      problem(file, block.line, `${resource.pathname} is no GET operation of the API`);
      continue;
    }
    if (!operation['x-service-required-scope']) problem(file, block.line, `${resource.pathname} does not accept automation tokens`);
    const url = new URL(`${baseUrl}${resource.pathname}`);
    for (const [name, value] of Object.entries(entry.params ?? {})) {
      // Home Assistant renders the template; here a date template becomes a date a few days ahead.
      const rendered = /strftime\('%Y-%m-%d'\)/.test(value) ? new Date(Date.now() + 4 * 86400000).toISOString().slice(0, 10) : value;
      if (String(rendered).includes('{{')) problem(file, block.line, `cannot render the template of ${name}: ${value}`);
      url.searchParams.set(name, rendered);
    }
    const auth = entry.headers?.Authorization;
    if (auth !== 'secret:household_inventory_auth' && !/^Bearer /.test(String(auth))) problem(file, block.line, `${resource.pathname}: the Authorization header must be a Bearer token`);
    const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    if (response.status !== 200) {
      problem(file, block.line, `GET ${url.pathname}${url.search} answered ${response.status}: ${await response.text()}`);
      continue;
    }
    const json = await response.json();
    for (const sensor of entry.sensor ?? []) {
      for (const field of templateFields(sensor.value_template ?? '')) {
        if (json === null || typeof json !== 'object' || !(field in json)) problem(file, block.line, `sensor "${sensor.name}": value_template reads ${field}, which ${resource.pathname} does not answer`);
      }
      const attributesOf = jsonPath(json, sensor.json_attributes_path);
      for (const attribute of sensor.json_attributes ?? []) {
        if (attributesOf === null || typeof attributesOf !== 'object' || !(attribute in attributesOf)) {
          problem(file, block.line, `sensor "${sensor.name}": attribute ${attribute} is not at ${sensor.json_attributes_path ?? '$'} in the answer of ${resource.pathname} (the scratch install has one low product and one lot)`);
        }
      }
    }
  }
}

async function runTestBlocks() {
  const scratch = mkdtempSync(join(tmpdir(), 'hinv-docs-'));
  const dataDir = join(scratch, 'data');
  const backupDir = join(scratch, 'backups');
  mkdirSync(dataDir);
  mkdirSync(backupDir);
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const env = { ...process.env, PORT: String(port), DATA_DIR: dataDir, HINV_URL: baseUrl, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', LOG_LEVEL: 'warn' };
  const background = [];
  /** Stops what the guide started (the whole process group: npm, sh and node), waiting until it has exited. */
  const stopBackground = async () => {
    for (const signal of ['SIGTERM', 'SIGKILL']) {
      for (const entry of background) {
        if (entry.exited) continue;
        try {
          process.kill(-entry.child.pid, signal);
        } catch {}
      }
      const deadline = Date.now() + 10_000;
      while (background.some((entry) => !entry.exited) && Date.now() < deadline) await sleep(100);
    }
  };
  let token = null;
  let ran = 0;
  const started = Date.now();
  const ensureReady = async (file, line) => {
    if (token) return true;
    const deadline = Date.now() + 180_000;
    while (Date.now() < deadline) {
      const ok = await fetch(`${baseUrl}/api/health`).then((r) => r.ok, () => false);
      if (ok) break;
      if (background.some((b) => b.exited)) break;
      await sleep(500);
    }
    try {
      token = await prepareHousehold(baseUrl);
      env.HINV_TOKEN = token;
      return true;
    } catch (error) {
      const logs = background.map((b) => b.output.slice(-2000)).join('\n');
      problem(file, line, `the server started by the guide did not come up on ${baseUrl}: ${error.message}\n${logs}`);
      return false;
    }
  };
  try {
    for (const file of englishGuides) {
      for (const block of parsedFiles.get(file).blocks) {
        const words = block.info.split(/\s+/);
        if (!words.includes('test')) continue;
        ran++;
        const body = block.body.replaceAll('localhost:8080', `localhost:${port}`).replaceAll('/var/backups/household-inventory', backupDir);
        if (words[0] === 'sh' && words.includes('background')) {
          const child = spawn('sh', ['-eu', '-c', body], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
          const entry = { child, output: '', exited: false };
          child.stdout.on('data', (d) => (entry.output += d));
          child.stderr.on('data', (d) => (entry.output += d));
          child.on('close', () => (entry.exited = true));
          background.push(entry);
          continue;
        }
        if (!(await ensureReady(file, block.line))) return;
        if (words.includes('stop-server')) await stopBackground();
        if (words[0] === 'sh') {
          const result = await runShell(body, env, 60_000);
          if (result.code !== 0) problem(file, block.line, `command failed (exit ${result.code}):\n${body}\n${result.output.slice(-2000)}`);
        } else if (words[0] === 'yaml') {
          await checkHomeAssistant(file, block, baseUrl, token);
        } else {
          problem(file, block.line, `no way to test a "${words[0]}" block`);
        }
      }
    }
    if (ran === 0) problem(englishGuides[0] ?? join(ROOT, 'docs'), 0, 'no block is marked for testing');
    console.log(`check-docs: ran ${ran} tested blocks against ${baseUrl} in ${Math.round((Date.now() - started) / 1000)} s`);
  } finally {
    await stopBackground();
    rmSync(scratch, { recursive: true, force: true });
  }
}

if (!process.argv.includes('--no-run') && problems.length === 0) await runTestBlocks();

if (problems.length > 0) {
  console.error(`check-docs: ${problems.length} problem(s)\n${problems.map((p) => `  ${p}`).join('\n')}`);
  process.exit(1);
}
console.log(`check-docs: ${markdownFiles.length} files, links, de/en structure and settings ok`);
