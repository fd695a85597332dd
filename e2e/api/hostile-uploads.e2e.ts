import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendChunkedFields } from '../support/chunked-multipart.js';
import { healthDuring, HOSTILE_CPU_BOUND_S } from '../support/event-loop.js';
import { setUpHousehold, type Browserless } from '../support/household.js';
import { startServer, type RunningServer } from '../support/server.js';

describe('multipart bodies are counted while they stream, chunked ones too', () => {
  let server: RunningServer;
  let owner: Browserless;
  beforeAll(async () => {
    server = await startServer();
    owner = await setUpHousehold(server.baseUrl);
  });
  afterAll(() => server.stop());

  it('refuses 150 text fields of 1 MB sent chunked to receipt analysis at the first field, not after reading 150 MB', async () => {
    const { result, cpuSeconds, unanswered } = await healthDuring(server.baseUrl, server.pid, () =>
      sendChunkedFields(`${server.baseUrl}/api/v1/receipts/analyze`, 150, 1024 * 1024, { cookie: owner.cookie as string, origin: server.baseUrl }),
    );
    expect([400, 413]).toContain(result.status);
    expect(JSON.parse(result.body)).toHaveProperty('code');
    // The answer came long before the body was through (it was 150 MB; the server read it all and answered 422).
    expect(result.sentBytes).toBeLessThan(50 * 1024 * 1024);
    expect(cpuSeconds).toBeLessThan(HOSTILE_CPU_BOUND_S);
    expect(unanswered).toBe(0);
  });

  it('refuses more parts than an upload has, and still takes a photo with its one file field', async () => {
    const tooMany = await sendChunkedFields(`${server.baseUrl}/api/v1/receipts/analyze`, 10, 10, { cookie: owner.cookie as string, origin: server.baseUrl });
    expect([400, 413]).toContain(tooMany.status);
    const form = new FormData();
    form.append('image', new Blob([Buffer.alloc(50, 1)], { type: 'image/png' }), 'tiny.png');
    // A real upload still reaches the receipt checks (a 50-byte file is refused there).
    const upload = await fetch(`${server.baseUrl}/api/v1/receipts/analyze`, { method: 'POST', headers: { cookie: owner.cookie as string, origin: server.baseUrl }, body: form });
    expect(upload.status).toBe(400);
    expect((await upload.json()).code).toBe('receipt_file_too_small');
  });
});
