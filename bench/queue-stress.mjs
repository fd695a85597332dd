// The offline scan queue under stress, end to end: the built server and the built PWA in Debian's
// chromium (playwright-core, a fake camera made by ffmpeg), repeated many times. Each run takes a
// fresh browser context and codes of its own, and plays three scenarios:
//   two     offline, queue two codes (and one of them again), reload, reconnect;
//   twenty  the same with twenty codes, half of them known products (local hits);
//   camera  offline, queue ten codes, reconnect, and scan with the camera while the queue syncs;
//   wedge   offline, twenty codes from a keyboard-wedge scanner, reload into the offline shell,
//           reconnect, and five more codes from the scanner at a person's pace (800 ms between
//           codes, by the keys' time stamps) while the queue syncs: the sync's resolves are held
//           and let go one per typed code, so every typed code arrives while the sync is under way.
// After each scenario the queue must be empty; then every queued key must have its draft on the
// server, once. Lost: a scan the device gave up (its entry left the queue) without a committed
// draft. Duplicated: more drafts for a code than scans of it. The final count reads the database
// file after the server has stopped, so an answered but never committed draft counts as lost.
// Also reported: runs that failed (their entries still queued are not counted), camera scans sent
// while queued resolves were still being answered, and resolved entries that came back to the queue.
// Typed during sync: a typed code (a known product, so each resolve makes a draft of its own)
// without a draft is lost, one with more than one is duplicated.
//   node bench/run.mjs queue-stress [--runs=100] [--only=wedge]
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import Sqlite from 'better-sqlite3';
import { CHROMIUM, CHROMIUM_ARGS } from '../e2e/support/chromium.ts';
import { ROOT, freePort, report, startBuiltServer } from './lib.mjs';

const PASSWORD = 'queue stress owner password';
const CAMERA_CODE = '4006381333931';

const fromE2e = async (name) => import(pathToFileURL(createRequire(join(ROOT, 'e2e/package.json')).resolve(name)).href);

/** A valid EAN-13 of this run: 4 (retail), run, position, a fixed tail, check digit. */
export function runCode(run, position) {
  const base = `4${String(run % 10_000).padStart(4, '0')}${String(position).padStart(3, '0')}7531`;
  const sum = [...base].reduce((total, digit, index) => total + Number(digit) * (index % 2 === 0 ? 1 : 3), 0);
  return `${base}${(10 - (sum % 10)) % 10}`;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(what, check, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

/** The device's queue as IndexedDB holds it (only after the app has created the store). */
const queuedEntries = (page) =>
  page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('household-inventory');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const read = db.transaction('scans').objectStore('scans').getAll();
          read.onsuccess = () => {
            db.close();
            resolve(read.result.map((entry) => ({ code: entry.code, key: entry.clientMutationId, attempts: entry.attempts, lastError: entry.lastError })));
          };
          read.onerror = () => reject(read.error);
        };
      }),
  );

/** A held resolve of a queued scan: let go by the wedge scenario, one per typed code. */
const isQueuedResolve = (request) => request.url().endsWith('/api/v1/scans/resolve') && String(request.postDataJSON()?.client_mutation_id).startsWith('offline_');

async function typeCodes(page, codes) {
  for (const code of codes) {
    await page.fill('input[name="code"]', code);
    await page.press('input[name="code"]', 'Enter');
  }
}

export async function run({ runs = 100, only = null } = {}) {
  if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs takes a positive whole number');
  const SCENARIOS = ['two', 'twenty', 'camera', 'wedge'];
  if (only && !SCENARIOS.includes(only)) throw new Error(`--only takes one of ${SCENARIOS.join(', ')}`);
  const plays = (scenario) => !only || only === scenario;
  const { Keyboard } = await import('../e2e/support/wedge.ts');
  const { chromium } = (await fromE2e('playwright-core')).default;
  const { barcodeVideo, fakeCameraArgs } = await import('../e2e/support/fake-camera.ts');
  const video = await barcodeVideo(CAMERA_CODE);

  const expected = []; // { run, scenario, code, key }
  const cameraScans = []; // { run, key, duringSync }
  const typedScans = []; // { run, code, duringSync }
  // Entries that left the queue and came back: a sync still working through its own, older list
  // put one back after a failure although another sync had resolved it (resolved again later).
  const requeuedKeys = new Set();
  const failures = [];
  const started = Date.now();
  const dataDir = mkdtempSync(join(tmpdir(), 'hinv-queue-stress-'));
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: [...CHROMIUM_ARGS, ...fakeCameraArgs(video)] });
  let server;
  try {
    server = await startBuiltServer(await freePort(), { OFF_ENABLED: 'false', DATA_DIR: dataDir });
    const setup = await fetch(`${server.url}/api/v1/auth/setup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ password: PASSWORD, display_name: 'Stress', preferred_locale: 'en' }),
    });
    if (!setup.ok) throw new Error(`setup answered ${setup.status}`);
    const cookie = setup.headers.getSetCookie()[0].split(';', 1)[0];
    const product = async (name, barcode) => {
      const response = await fetch(`${server.url}/api/v1/catalog/products`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({ name, barcode }),
      });
      if (!response.ok) throw new Error(`product ${barcode}: ${response.status} ${await response.text()}`);
    };
    await product('Camera product', CAMERA_CODE);

    const queueAndSync = async (context, page, scenario, run, codes, { reload }) => {
      await context.setOffline(true);
      await noteRequeued(page);
      await typeCodes(page, codes);
      // Entries of earlier scenarios may be back (see requeued below): only this scenario's codes count.
      const entries = await until(`${scenario}: ${new Set(codes).size} queued`, async () => {
        const mine = (await queuedEntries(page)).filter((entry) => codes.includes(entry.code));
        return mine.length === new Set(codes).size && mine;
      }, 10_000);
      if (reload) {
        await page.reload();
        await page.waitForSelector('#scan-heading');
      }
      return entries;
    };
    // Only entries the device has let go of count: one still queued after a failed run is not lost.
    const drained = async (page, scenario, run, entries) => {
      const keys = new Set(entries.map((entry) => entry.key));
      await until(`${scenario}: the queue drained`, async () => !(await queuedEntries(page)).some((entry) => keys.has(entry.key)), 30_000);
      for (const entry of entries) expected.push({ run, scenario, ...entry });
      await page.waitForSelector('nav.navigation');
    };
    // Twenty codes from the scanner offline, a reload into the offline shell, then five typed by
    // the scanner while the sync is provably under way (a queued resolve is held each time).
    const wedgeDuringSync = async (context, page, run) => {
      await page.waitForSelector('#scan-heading');
      await until('wedge: no review sheet open', async () => {
        if ((await page.locator('dialog[open]').count()) === 0) return true;
        await page.keyboard.press('Escape');
        return false;
      }, 10_000);
      const keyboard = await Keyboard.of(page);
      const queued = Array.from({ length: 20 }, (_, i) => runCode(run, 400 + i));
      const typed = Array.from({ length: 5 }, (_, i) => runCode(run, 300 + i));
      for (const code of typed) await product(`Typed ${run}/${code}`, code);
      await context.setOffline(true);
      await noteRequeued(page);
      for (const code of queued) await keyboard.scan(code);
      const entries = await until('wedge: 20 queued', async () => {
        const mine = (await queuedEntries(page)).filter((entry) => queued.includes(entry.code));
        return mine.length === queued.length && mine;
      }, 10_000);
      await page.reload();
      await page.waitForSelector('#scan-heading');

      const held = [];
      let holding = true;
      await context.route('**/api/v1/scans/resolve', async (route) => {
        if (holding && isQueuedResolve(route.request())) held.push(route);
        else await route.continue();
      });
      const answers = new Map();
      const note = (request, status) => {
        const code = request.url().endsWith('/api/v1/scans/resolve') ? request.postDataJSON()?.barcode : null;
        if (typed.includes(code)) answers.set(code, status);
      };
      page.on('response', (response) => note(response.request(), response.status()));
      page.on('requestfailed', (request) => note(request, 0));
      await context.setOffline(false);
      for (const code of typed) {
        await until('wedge: a queued resolve under way', async () => held.length > 0, 30_000);
        await keyboard.type([...code, 'Enter'], 4, 800);
        // Answered, or failed on the way (then it waits in the queue and the sync sends it).
        await until(`wedge: ${code} sent`, async () => answers.has(code), 30_000);
        typedScans.push({ run, code, status: answers.get(code) });
        await held.shift()?.continue();
      }
      holding = false;
      for (let route = held.shift(); route; route = held.shift()) await route.continue();
      await drained(page, 'wedge', run, entries);
      await until('wedge: typed codes left the queue', async () => !(await queuedEntries(page)).some((entry) => typed.includes(entry.code)), 30_000);
    };
    const noteRequeued = async (page) => {
      const done = new Set(expected.map((entry) => entry.key));
      for (const entry of await queuedEntries(page)) if (done.has(entry.key)) requeuedKeys.add(entry.key);
    };

    for (let run = 0; run < runs; run += 1) {
      const runStarted = Date.now();
      // Half of the twenty codes are known products: their resolves take the local-hit path.
      for (let i = 0; i < 20; i += 2) await product(`Stress ${run}/${i}`, runCode(run, 100 + i));
      const context = await browser.newContext();
      try {
        const page = await context.newPage();
        await page.goto(server.url);
        await page.evaluate(async (password) => {
          const response = await fetch('/api/v1/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ password }) });
          if (!response.ok) throw new Error(`login ${response.status}`);
        }, PASSWORD);
        await page.goto(`${server.url}/scan`);
        await page.waitForSelector('#scan-heading');
        await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state);
        await page.reload();
        await page.waitForSelector('#scan-heading');

        // Two scans (the second code twice), through a reload into the offline shell.
        if (plays('two')) {
          const two = [runCode(run, 0), runCode(run, 1), runCode(run, 0)];
          const queuedTwo = await queueAndSync(context, page, 'two', run, two, { reload: true });
          await context.setOffline(false);
          await drained(page, 'two', run, queuedTwo);
        }

        // Twenty scans, every other one a local hit.
        if (plays('twenty')) {
          const twenty = Array.from({ length: 20 }, (_, i) => runCode(run, 100 + i));
          await page.waitForSelector('#scan-heading');
          const queuedTwenty = await queueAndSync(context, page, 'twenty', run, twenty, { reload: true });
          await context.setOffline(false);
          await drained(page, 'twenty', run, queuedTwenty);
        }

        // A camera scan (a local hit) while ten queued scans sync; each resolve takes 100 ms on the
        // way, so the sync is still running when the camera's code arrives.
        if (plays('camera')) {
          const ten = Array.from({ length: 10 }, (_, i) => runCode(run, 200 + i));
          await page.waitForSelector('#scan-heading');
          const queuedTen = await queueAndSync(context, page, 'camera', run, ten, { reload: false });
          await context.route('**/api/v1/scans/resolve', async (route) => {
            await sleep(100);
            await route.continue();
          });
          let cameraKey = null;
          let cameraSentAt = Infinity;
          let lastQueuedAnswerAt = 0;
          page.on('request', (request) => {
            if (!request.url().endsWith('/api/v1/scans/resolve')) return;
            const body = request.postDataJSON();
            if (body?.barcode !== CAMERA_CODE) return;
            cameraKey = body.client_mutation_id;
            cameraSentAt = Date.now();
          });
          page.on('response', (response) => {
            if (response.url().endsWith('/api/v1/scans/resolve') && response.request().postDataJSON()?.barcode !== CAMERA_CODE) lastQueuedAnswerAt = Date.now();
          });
          await context.setOffline(false);
          await page.click('text=Start camera');
          await page.waitForSelector('[data-testid="review-sheet"]', { timeout: 20_000 });
          await drained(page, 'camera', run, queuedTen);
          if (!cameraKey) throw new Error('camera: no resolve request seen');
          cameraScans.push({ run, key: cameraKey, duringSync: cameraSentAt < lastQueuedAnswerAt });
          await sleep(200);
          await noteRequeued(page);
        }

        if (plays('wedge')) await wedgeDuringSync(context, page, run);
      } catch (error) {
        failures.push({ run, error: String(error).split('\n')[0] });
        console.log(`run ${run}: ${String(error).split('\n')[0]}`);
      } finally {
        await context.close();
      }
      if ((run + 1) % 10 === 0 || run === runs - 1) console.log(`queue-stress: ${run + 1}/${runs} runs, last ${((Date.now() - runStarted) / 1000).toFixed(1)} s`);
    }
  } finally {
    await browser.close();
    await server?.stop();
    rmSync(dirname(video), { recursive: true, force: true });
  }

  // What the database file holds once the server is gone: committed drafts only.
  const db = new Sqlite(join(dataDir, 'app.db'), { readonly: true });
  const byKey = db.prepare('SELECT COUNT(*) AS n FROM scan_drafts WHERE resolve_key = ?').pluck();
  const byCode = db.prepare('SELECT COUNT(*) AS n FROM scan_drafts WHERE barcode_normalized = ?').pluck();
  const totals = {};
  const lostScans = [];
  for (const scenario of SCENARIOS.filter(plays)) {
    const mine = expected.filter((e) => e.scenario === scenario);
    let lost = 0;
    let duplicated = 0;
    for (const entry of mine) {
      if (byKey.get(entry.key) === 0) {
        lost += 1;
        lostScans.push(entry);
      }
      duplicated += Math.max(0, byCode.get(entry.code) - 1);
    }
    totals[`queued (${scenario})`] = { scans: mine.length, lost, duplicated };
  }
  const cameraLost = cameraScans.filter((scan) => byKey.get(scan.key) === 0).length;
  // Every camera scan is a local hit of the same code: one new draft per scan, no more.
  const cameraDuplicated = plays('camera') ? Math.max(0, byCode.get(CAMERA_CODE) - (cameraScans.length - cameraLost)) : 0;
  if (plays('camera')) totals['camera scan during sync'] = { scans: cameraScans.length, lost: cameraLost, duplicated: cameraDuplicated };
  // Typed codes are known products: every resolve of one makes a draft of its own.
  if (plays('wedge')) {
    totals['typed during sync (wedge)'] = {
      scans: typedScans.length,
      lost: typedScans.filter((scan) => byCode.get(scan.code) === 0).length,
      duplicated: typedScans.reduce((sum, scan) => sum + Math.max(0, byCode.get(scan.code) - 1), 0),
    };
  }
  const cameraOverlapped = cameraScans.filter((scan) => scan.duringSync).length;
  db.close();
  rmSync(dataDir, { recursive: true, force: true });

  const rows = Object.values(totals);
  const lost = rows.reduce((sum, row) => sum + row.lost, 0);
  const duplicated = rows.reduce((sum, row) => sum + row.duplicated, 0);
  const seconds = Math.round((Date.now() - started) / 1000);
  report('queue-stress', totals, {
    runs,
    failedRuns: failures.length,
    ...(plays('camera') ? { cameraScansSentWhileTheQueueSynced: cameraOverlapped } : {}),
    ...(plays('wedge') ? { typedCodesThatFailedOnTheWayAndWereQueued: typedScans.filter((scan) => scan.status === 0).length } : {}),
    requeuedAfterSync: requeuedKeys.size,
    lost,
    duplicated,
    seconds,
    ...(lostScans.length > 0 ? { lostScans: JSON.stringify(lostScans.slice(0, 20)) } : {}),
    ...(failures.length > 0 ? { failures: JSON.stringify(failures.slice(0, 20)) } : {}),
  });
}
