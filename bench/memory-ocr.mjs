// Resident memory while receipt photos are read: the built server with OCR_WORKERS workers
// (default 3, as a 4-core box runs; `--workers=N`), idle first, then 10 phone photos of the
// generated corpus uploaded at once (the queue, OCR_QUEUE_LIMIT, takes what the workers cannot
// yet), VmRSS of the whole process tree (the server and its OCR process) summed every 250 ms;
// then the wait until the OCR process has ended after two idle minutes (OCR_IDLE_SECONDS) and the
// server's RSS against idle. A sum of RSS counts the pages of the node binary the two processes
// share twice, so the peak is on the high side. Goals: peak RSS < 450 MB with 3 workers; back
// within 10 MB of idle.
//   node bench/run.mjs memory-ocr [--workers=3]
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_OUT } from '../scripts/receipt-corpus/generate.mjs';
import { descendants, freePort, ownerCookie, report, startBuiltServer, uploadReceiptPhoto as upload } from './lib.mjs';
import { corpus } from './receipts.mjs';

const PHOTOS = 10;
const SETTLE_MS = 5000;
/** The pool stops after two idle minutes (ocr-engine.ts); the wait for it ends after this long. */
const RELEASE_WAIT_MS = 200_000;

const status = (pid) => {
  try {
    return readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    return ''; // ended in between
  }
};
const rssMb = (pid) => Number((Number(/VmRSS:\s+(\d+)/.exec(status(pid))?.[1] ?? 0) / 1024).toFixed(1));
const threads = (pid) => Number(/Threads:\s+(\d+)/.exec(status(pid))?.[1] ?? 0);
/** Proportional set size: pages shared between processes (the node binary) counted once across them. */
const pssMb = (pid) => {
  try {
    return Number(/^Pss:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
};
const treePssMb = (pid) => Number([pid, ...descendants(pid)].reduce((sum, each) => sum + pssMb(each), 0).toFixed(1));
/** A process's own memory: anonymous pages (heaps, WebAssembly memory, pixels) and shared memory, not the mapped files. */
const ownMb = (pid) => {
  const text = status(pid);
  const kb = (field) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(text)?.[1] ?? 0);
  return (kb('RssAnon') + kb('RssShmem')) / 1024;
};
const read = (file) => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
};
/** Files `pid` maps (the node binary, C libraries, libvips). */
const mappedFiles = (pid) => new Set([...read(`/proc/${pid}/maps`).matchAll(/ (\/\S.*)$/gm)].map((match) => match[1]));
/** Resident pages of the files `pid` maps that are not in `known`. */
const otherFilesMb = (pid, known) => {
  let kb = 0;
  let counted = false;
  for (const line of read(`/proc/${pid}/smaps`).split('\n')) {
    const header = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (header) counted = header[1].startsWith('/') && !known.has(header[1]);
    else if (counted && line.startsWith('Rss:')) kb += Number(/(\d+)/.exec(line)[1]);
  }
  return kb / 1024;
};
/**
 * The tree as the box pays for it: the server's RSS plus each child's own memory and the pages of
 * files only the child maps (libvips). The OCR process maps the same node binary and C
 * libraries as the server; a plain sum of RSS counts those pages (about 40 MB) twice, though the
 * page cache holds them once.
 */
const treeMb = (pid) => {
  const known = mappedFiles(pid);
  return Number(descendants(pid).reduce((sum, each) => sum + ownMb(each) + otherFilesMb(each, known), rssMb(pid)).toFixed(1));
};
const treeRssMb = (pid) => Number([pid, ...descendants(pid)].reduce((sum, each) => sum + rssMb(each), 0).toFixed(1));

export async function run() {
  const workers = Number(process.argv.find((a) => a.startsWith('--workers='))?.split('=')[1] ?? 3);
  const index = await corpus();
  const photos = index.receipts.slice(0, PHOTOS).map(({ id }) => readFileSync(join(DEFAULT_OUT, id, 'photo.jpg')));
  const server = await startBuiltServer(await freePort(), { OFF_ENABLED: 'false', OCR_WORKERS: String(workers) });
  try {
    const cookie = await ownerCookie(server.url);
    await new Promise((r) => setTimeout(r, SETTLE_MS));
    const idle = rssMb(server.pid);
    const idleThreads = threads(server.pid);
    let peak = idle;
    let serverPeak = idle;
    let pssPeak = treePssMb(server.pid);
    let treePeak = idle;
    let processes = 1;
    const sampler = setInterval(() => {
      peak = Math.max(peak, treeRssMb(server.pid));
      serverPeak = Math.max(serverPeak, rssMb(server.pid));
      pssPeak = Math.max(pssPeak, treePssMb(server.pid));
      treePeak = Math.max(treePeak, treeMb(server.pid));
      processes = Math.max(processes, 1 + descendants(server.pid).length);
    }, 250);
    const started = Date.now();
    const statuses = await Promise.all(photos.map((photo) => upload(server.url, cookie, photo)));
    const readSeconds = (Date.now() - started) / 1000;
    clearInterval(sampler);
    const afterUpload = treeRssMb(server.pid);
    const poolThreads = threads(server.pid);
    // The pool is let go once idle: the OCR process and any worker threads end; wait for that (bounded), then settle.
    const deadline = Date.now() + RELEASE_WAIT_MS;
    const isReleased = () => descendants(server.pid).length === 0 && threads(server.pid) <= idleThreads;
    while (!isReleased() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 1000));
    const released = isReleased();
    await new Promise((r) => setTimeout(r, SETTLE_MS));
    const after = rssMb(server.pid);
    const counts = statuses.reduce((all, status) => ({ ...all, [status]: (all[status] ?? 0) + 1 }), {});
    report(
      'memory-ocr',
      {
        idle: { rssMb: idle, threads: idleThreads },
        [`${PHOTOS} photos at once, ${workers} OCR workers`]: {
          rssMb: afterUpload,
          peakMb: treePeak,
          peakRssSumMb: peak,
          serverPeakRssMb: serverPeak,
          peakPssMb: pssPeak,
          processes,
          serverThreads: poolThreads,
          seconds: Number(readSeconds.toFixed(1)),
        },
        [released ? 'pool released' : 'pool NOT released in time']: { rssMb: after, overIdleMb: Number((after - idle).toFixed(1)) },
      },
      {
        answers: JSON.stringify(counts),
        tree: 'peakMb: the server\'s RSS plus the OCR process\'s own memory (anonymous pages, and files only it maps); peakRssSumMb: plain sum of RSS (shared binary pages twice); peakPssMb: proportional set size (shared pages split with every process mapping them, other node processes on the box included)',
        goals: `peak < 450 MB: ${treePeak < 450 ? 'met' : 'NOT met'}; back within 10 MB of idle: ${released && after - idle <= 10 ? 'met' : 'NOT met'}`,
      },
    );
  } finally {
    await server.stop();
  }
}
