import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { healthDuring } from '../support/event-loop.js';
import { addMember, setUpHousehold, type Browserless } from '../support/household.js';
import { pdfBomb, textPdf } from '../support/pdfs.js';
import { startServer, type RunningServer } from '../support/server.js';

/**
 * A PDF of 100 KB whose content stream inflates to 100 MB used to be read by pdf.js on the main
 * thread: the server stopped answering for many seconds. Its text is now read in a thread of its
 * own, after its Flate streams were counted: the bomb is refused and health keeps answering.
 */
describe('a PDF decompression bomb', () => {
  let server: RunningServer;
  let member: Browserless;
  let bomb: Buffer;

  beforeAll(async () => {
    // Built first: deflating 100 MB blocks this process for seconds, long enough for the server to
    // close an idle kept-alive connection the client would then still try to reuse.
    bomb = pdfBomb();
    server = await startServer();
    const owner = await setUpHousehold(server.baseUrl);
    member = (await addMember(owner, 'member')).browser;
  });
  afterAll(() => server?.stop());

  const analyze = async (bytes: Buffer) => {
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), 'receipt.pdf');
    const response = await fetch(`${server.baseUrl}/api/v1/receipts/analyze`, { method: 'POST', body: form, headers: { cookie: member.cookie as string } });
    return { status: response.status, body: (await response.json()) as { code?: string; item_count?: number } };
  };

  it('is refused as too complex while health keeps answering', async () => {
    expect(bomb.length).toBeLessThan(200 * 1024);
    const { result, cpuSeconds, unanswered } = await healthDuring(server.baseUrl, server.pid, () => analyze(bomb));
    expect(result.status).toBe(400);
    expect(result.body.code).toBe('receipt_pdf_too_complex');
    // The bomb's streams are counted in a worker, never inflated in full and never parsed on the
    // event loop: health answers throughout (a hang guard with a generous bound, not a speed test).
    expect(unanswered).toBe(0);
    // Counting its streams costs about 0.3 CPU s; inflating and parsing 100 MB cost many seconds.
    expect(cpuSeconds).toBeLessThan(2);
  });

  it('still reads an ordinary PDF receipt afterwards', async () => {
    const { status, body } = await analyze(await textPdf([['REWE Markt GmbH', 'VOLLMILCH 3,5% 1,19 B', 'SUMME EUR 1,19', 'Datum: 03.04.2025']]));
    expect(status).toBe(200);
    expect(body.item_count).toBe(1);
  });
});
