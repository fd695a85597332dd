import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setUpHousehold, type Browserless } from '../support/household.js';
import { corpusReceipt, READING_TIMEOUT_MS } from '../support/receipt-images.js';
import { startServer, type RunningServer } from '../support/server.js';

/** The processes `pid` started (on Linux, /proc lists each thread's children). */
function childrenOf(pid: number): number[] {
  return readdirSync(`/proc/${pid}/task`).flatMap((task) => {
    try {
      return readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean).map(Number);
    } catch {
      return [];
    }
  });
}

/** Waits for the server, not the clock: the test's own timeout bounds it. */
async function until<T>(found: () => T | undefined): Promise<T> {
  for (;;) {
    const value = found();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** OCR runs in a child process of the server that ends when idle; its loss costs only the receipts it was reading. */
describe.runIf(process.platform === 'linux')('the OCR process', { timeout: READING_TIMEOUT_MS }, () => {
  let server: RunningServer;
  let owner: Browserless;
  let photo: Buffer;

  const storedFiles = () => {
    try {
      return readdirSync(join(server.dataDir, 'receipts')).filter((name) => name !== '.staging');
    } catch {
      return [];
    }
  };
  const upload = async () => {
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'receipt.jpg');
    const response = await fetch(`${server.baseUrl}/api/v1/receipts/analyze`, { method: 'POST', body: form, headers: { cookie: owner.cookie as string } });
    return { status: response.status, retryAfter: response.headers.get('retry-after'), text: await response.text() };
  };

  beforeAll(async () => {
    server = await startServer({ OCR_WORKERS: '1', OCR_IDLE_SECONDS: '1' });
    owner = await setUpHousehold(server.baseUrl);
    ({ photo } = await corpusReceipt('de-bakery-01'));
  });
  afterAll(() => server?.stop());

  it('answers 503 ocr_interrupted (no stack, nothing stored) when the OCR process is killed while reading, and reads the next upload in a new one', async () => {
    expect(childrenOf(server.pid)).toEqual([]);
    const answer = upload();
    // The process starts with the upload's first request (its photo's check): killed as soon as it is there, it dies holding it.
    const [ocr] = await until(() => (childrenOf(server.pid).length > 0 ? childrenOf(server.pid) : undefined));
    process.kill(ocr, 'SIGKILL');
    const interrupted = await answer;
    expect(interrupted.status, interrupted.text).toBe(503);
    expect(JSON.parse(interrupted.text)).toMatchObject({ code: 'ocr_interrupted' });
    expect(interrupted.text).not.toMatch(/ at |\.ts:|\.js:/);
    expect(Number(interrupted.retryAfter)).toBeGreaterThan(0);
    expect(storedFiles()).toEqual([]);
    expect(await owner.json<unknown[]>('GET', '/api/v1/receipts')).toEqual([]);

    const again = await upload();
    expect(again.status, again.text).toBe(200);
    expect(JSON.parse(again.text).items.length).toBeGreaterThan(0);
    expect(childrenOf(server.pid)).not.toContain(ocr);
  }, 240_000);

  it('ends the OCR process once idle for OCR_IDLE_SECONDS, and the server keeps answering', async () => {
    await until(() => (childrenOf(server.pid).length === 0 ? true : undefined));
    expect((await fetch(`${server.baseUrl}/api/health`)).status).toBe(200);
  }, 60_000);
});
