/**
 * An OCR worker thread: tesseract.js's own worker script, run at the lowest CPU priority so that
 * reading a receipt never delays the server's answers on a small box. On Linux a thread's nice
 * value is its own (elsewhere it would be the whole process's, so it is left alone there).
 */
import { createRequire } from 'node:module';
import { setPriority } from 'node:os';

if (process.platform === 'linux') setPriority(19);
createRequire(import.meta.url)('tesseract.js/src/worker-script/node/index.js');
