import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { API_TOKEN_SCOPES } from '@hinv/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeHttpServer, FakeReply, RecordedRequest } from '../support/fake-http.js';
import { chatBody, chatCompletion, isChat, isModelList, modelList, openAiError, startFakeOpenAi } from '../support/fake-openai.js';
import { addMember, bearer, createToken, setUpHousehold, type Browserless } from '../support/household.js';
import { pngOf } from '../support/images.js';
import { textPdf } from '../support/pdfs.js';
import { startServer, type RunningServer } from '../support/server.js';

const KEY = 'sk-e2e-provider-4f9b1c7d2e';
const MODEL = 'fake-vision-7b';
/** The server gives the provider this long here (HINV_TEST_PROVIDER_TIMEOUT_MS) instead of 120 s. */
const TIMEOUT_MS = 1500;

const RECEIPT_JSON = {
  store_name: 'EDEKA Center',
  store_number: '0815',
  purchase_date: '2025-05-02',
  currency: 'EUR',
  total: 4.27,
  items: [
    { name: 'Vollmilch 3,5%', quantity: 1, unit_price: 1.19, total_price: 1.19, category: 'item', barcode: '4006040052920' },
    { name: 'Bio Bananen', quantity: 0.812, unit_price: 1.99, total_price: 1.62, category: 'item', barcode: null },
    { name: 'Pfand', quantity: 2, unit_price: 0.25, total_price: 0.5, category: 'deposit', barcode: null },
    { name: 'Coupon -10%', quantity: 1, unit_price: null, total_price: -0.12, category: 'adjustment', barcode: null },
    { name: 'Joghurt', quantity: 1, unit_price: 1.08, total_price: 1.08, category: 'item', barcode: null },
  ],
};

interface Receipt {
  id: string;
  status: string;
  store_name: string | null;
  store_number: string | null;
  purchase_date: string | null;
  currency: string;
  total: number | null;
  item_count: number | null;
  duplicate?: boolean | null;
  items?: { position: number; raw_name: string; normalized_name: string | null; quantity: number; unit_price: number | null; total_price: number | null; barcode: string | null; match_status: string; catalog_product_name: string | null }[] | null;
}

describe('receipt analysis by a configured provider (OpenAI chat-completions wire format)', () => {
  let server: RunningServer;
  let fake: FakeHttpServer;
  let owner: Browserless;
  let member: Browserless;
  /** What the fake answers to the next chat completion and model list; each test sets its own. */
  let chatReply: (request: RecordedRequest) => FakeReply = () => chatCompletion(JSON.stringify(RECEIPT_JSON));
  let modelsReply: (request: RecordedRequest) => FakeReply = () => modelList(['llava:13b', MODEL]);
  /** Every answer body the tests saw, to show the key never leaves the server. */
  const seen: string[] = [];
  let pngSide = 300;

  const storedFiles = () => {
    try {
      return readdirSync(join(server.dataDir, 'receipts')).filter((name) => name !== '.staging').sort();
    } catch {
      return [];
    }
  };
  const stagedFiles = () => {
    try {
      return readdirSync(join(server.dataDir, 'receipts', '.staging'));
    } catch {
      return [];
    }
  };
  const receiptCount = async () => (await owner.json<Receipt[]>('GET', '/api/v1/receipts')).length;
  /** A PNG no earlier test uploaded: the same bytes would be an exact duplicate, answered before the provider is asked. */
  const freshPng = () => pngOf((pngSide += 7), 420);
  const upload = async (bytes: Buffer, name = 'receipt.png', type = 'image/png') => {
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(bytes)], { type }), name);
    const response = await fetch(`${server.baseUrl}/api/v1/receipts/analyze`, { method: 'POST', body: form, headers: { cookie: member.cookie ?? '' } });
    const text = await response.text();
    seen.push(text);
    return { status: response.status, body: JSON.parse(text) as Receipt & { code?: string; detail?: unknown } };
  };
  const testProvider = async (browser: Browserless = owner) => {
    const response = await browser.call('POST', '/api/v1/settings/test-provider');
    const text = await response.text();
    seen.push(text);
    return { status: response.status, body: JSON.parse(text) as { connected?: boolean; info?: Record<string, unknown>; code?: string; detail?: string } };
  };
  const saveProvider = (provider: Record<string, unknown>) =>
    owner.json('PUT', '/api/v1/settings', { provider, grocy: { enabled: false, url: 'http://grocy:80' }, privacy: { delete_image_after_analysis: false, retention_days: 7 } });
  const chats = () => fake.requests.filter(isChat);

  beforeAll(async () => {
    fake = await startFakeOpenAi({ chat: (request) => chatReply(request), models: (request) => modelsReply(request) });
    server = await startServer({ HINV_TEST_PROVIDER_TIMEOUT_MS: String(TIMEOUT_MS) });
    owner = await setUpHousehold(server.baseUrl);
    member = (await addMember(owner, 'member')).browser;
    await owner.json('POST', '/api/v1/catalog/products', { name: 'Joghurt' });
  });
  afterAll(async () => {
    await server?.stop();
    await fake?.close();
  });

  it('without a configured provider, the test answers 409 and receipts are read on the box', async () => {
    const untested = await testProvider();
    expect(untested.status).toBe(409);
    expect(untested.body).toMatchObject({ code: 'receipt_provider_not_configured' });
    // A model without a key is not a provider either (only Ollama runs without one).
    await saveProvider({ type: 'openai-compatible', base_url: `${fake.url}/v1`, model: MODEL });
    expect((await testProvider()).status).toBe(409);
    const local = await upload(await textPdf([['REWE Markt GmbH', 'BUTTER 1,99 A', 'SUMME EUR 1,99', 'Datum: 14.03.2025']]), 'local.pdf', 'application/pdf');
    expect(local.status).toBe(200);
    expect(local.body.items?.map((item) => item.normalized_name)).toEqual(['BUTTER']);
    expect(fake.requests).toEqual([]);
  });

  it('tests the saved provider with its model list, sending the key as a bearer token', async () => {
    await saveProvider({ type: 'openai-compatible', base_url: `${fake.url}/v1/`, model: MODEL, api_key: KEY });
    const tested = await testProvider();
    expect(tested.status).toBe(200);
    expect(tested.body).toEqual({ connected: true, info: { provider: 'openai-compatible', model: MODEL, model_listed: true, models_listed: 2 } });
    const [request] = fake.requests.filter(isModelList);
    expect(request.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(fake.requests.filter(isChat)).toEqual([]);

    modelsReply = () => modelList(['llava:13b']);
    expect((await testProvider()).body).toMatchObject({ connected: true, info: { model_listed: false, models_listed: 1 } });
  });

  it('reads a photo through the provider: the model, the key and the image as a data URL go out, the lines come back', async () => {
    chatReply = () => chatCompletion(JSON.stringify(RECEIPT_JSON));
    const before = chats().length;
    const answer = await upload(await freshPng());
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ status: 'review', duplicate: false, store_name: 'EDEKA Center', store_number: '0815', purchase_date: '2025-05-02', currency: 'EUR', total: 4.27, item_count: 4 });
    // The adjustment (coupon) is dropped as the reference does; the rest keep their order.
    expect(answer.body.items?.map((item) => [item.position, item.normalized_name, item.quantity, item.unit_price, item.total_price, item.barcode])).toEqual([
      [1, 'Vollmilch 3,5%', 1, 1.19, 1.19, '4006040052920'],
      [2, 'Bio Bananen', 0.812, 1.99, 1.62, null],
      [3, 'Pfand', 2, 0.25, 0.5, null],
      [4, 'Joghurt', 1, 1.08, 1.08, null],
    ]);
    // The lines are matched against the catalog as the local engine's are.
    expect(answer.body.items?.[3]).toMatchObject({ match_status: 'exact', catalog_product_name: 'Joghurt' });
    expect(storedFiles()).toEqual(expect.arrayContaining([`${answer.body.id}.png`]));

    expect(chats()).toHaveLength(before + 1);
    const request = chats().at(-1)!;
    expect(request.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(request.headers['content-type']).toBe('application/json');
    const body = chatBody(request);
    expect(body.model).toBe(MODEL);
    expect(body.response_format).toEqual({ type: 'json_object' });
    expect(body.messages.map((message) => message.role)).toEqual(['system', 'user']);
    expect(body.messages[0].content).toMatch(/JSON/);
    const parts = body.messages[1].content as { type: string; text?: string; image_url?: { url: string } }[];
    expect(parts.map((part) => part.type)).toEqual(['text', 'image_url']);
    expect(parts[1].image_url?.url).toMatch(/^data:image\/jpeg;base64,\/9j\//);
  });

  it('sends a PDF text layer as text, and the same file again is a duplicate without asking the provider', async () => {
    chatReply = () => chatCompletion(JSON.stringify({ ...RECEIPT_JSON, purchase_date: '2025-05-03', total: 1.19, items: [RECEIPT_JSON.items[0]] }));
    const pdf = await textPdf([['EDEKA Center', 'Vollmilch 3,5% 1,19 A', 'SUMME EUR 1,19', 'Datum: 03.05.2025']]);
    const first = await upload(pdf, 'edeka.pdf', 'application/pdf');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ duplicate: false, purchase_date: '2025-05-03', item_count: 1 });
    const parts = chatBody(chats().at(-1)!).messages[1].content as { type: string; text?: string }[];
    expect(parts).toHaveLength(1);
    expect(parts[0].type).toBe('text');
    expect(parts[0].text).toContain('Vollmilch 3,5% 1,19 A');
    expect(parts[0].text).toContain('SUMME EUR 1,19');

    const requests = chats().length;
    const again = await upload(pdf, 'edeka-again.pdf', 'application/pdf');
    expect(again.body).toMatchObject({ id: first.body.id, duplicate: true });
    expect(chats()).toHaveLength(requests);
  });

  it('answers 502 when the provider fails with 500: the upload is not kept and no receipt appears', async () => {
    chatReply = () => openAiError(500, `The server had an error while processing your request (key ${KEY})`, 'server_error');
    const files = storedFiles();
    const receipts = await receiptCount();
    const failed = await upload(await freshPng());
    expect(failed.status).toBe(502);
    expect(failed.body.code).toBe('receipt_provider_failed');
    // What happened, never what the provider said (its body may echo the prompt or the key), in the answer or the log.
    expect(failed.body.detail).toBe('The receipt provider did not work: answered HTTP 500');
    expect(JSON.stringify(failed.body)).not.toContain(KEY);
    expect(server.output()).not.toContain('The server had an error');
    expect(storedFiles()).toEqual(files);
    expect(stagedFiles()).toEqual([]);
    expect(await receiptCount()).toBe(receipts);
    // In the caller's language, reason included.
    await member.json('PATCH', '/api/v1/auth/preferences', { preferred_locale: 'de' });
    try {
      const german = await upload(await freshPng(), 'beleg.png');
      expect(german.body.detail).toBe('Der Anbieter für Kassenbons hat nicht funktioniert: antwortete mit HTTP 500');
    } finally {
      await member.json('PATCH', '/api/v1/auth/preferences', { preferred_locale: 'en' });
    }
  });

  it('answers 502 for a provider slower than the timeout, without waiting for it', async () => {
    // The provider would answer long after the timeout: an answer before that is the server giving up.
    chatReply = () => ({ ...chatCompletion(JSON.stringify(RECEIPT_JSON)), delayMs: TIMEOUT_MS + 20_000 });
    const files = storedFiles();
    const receipts = await receiptCount();
    const started = Date.now();
    const slow = await upload(await freshPng());
    const elapsed = Date.now() - started;
    expect(slow.status).toBe(502);
    expect(slow.body).toMatchObject({ code: 'receipt_provider_failed', detail: expect.stringContaining('no answer within 1.5 s') });
    expect(elapsed).toBeLessThan(TIMEOUT_MS + 20_000);
    expect(storedFiles()).toEqual(files);
    expect(await receiptCount()).toBe(receipts);
  });

  it('answers 502 for an answer that is no receipt, and 422 for a receipt without lines', async () => {
    const files = storedFiles();
    const receipts = await receiptCount();
    const malformed: FakeReply[] = [
      chatCompletion('I am sorry, I cannot read receipts.'),
      chatCompletion(JSON.stringify({ store_name: 'EDEKA', lines: [] })),
      { status: 200, body: { id: 'x', object: 'chat.completion', choices: [] } },
      { status: 200, body: '<html>proxy login</html>' },
    ];
    for (const reply of malformed) {
      chatReply = () => reply;
      const answer = await upload(await freshPng());
      expect(answer.status, JSON.stringify(reply.body)).toBe(502);
      expect(answer.body.code).toBe('receipt_provider_failed');
      expect(answer.body.detail).toMatch(/the answer (is not JSON|holds no message|is not a receipt)/);
      expect(answer.body.detail).not.toMatch(/sorry|proxy login|EDEKA/);
    }
    expect(server.output()).not.toMatch(/I am sorry|proxy login/);
    chatReply = () => chatCompletion(JSON.stringify({ ...RECEIPT_JSON, items: [{ name: 'Rabatt', quantity: 1, total_price: -1, category: 'adjustment' }] }));
    const empty = await upload(await freshPng());
    expect(empty.status).toBe(422);
    expect(empty.body.code).toBe('receipt_no_items');
    expect(storedFiles()).toEqual(files);
    expect(await receiptCount()).toBe(receipts);
  });

  it('answers 502 from the test for a refused key, an error or a redirect, which it does not follow', async () => {
    modelsReply = () => openAiError(401, `Incorrect API key provided: ${KEY}. You can find your API key at https://platform.openai.com/account/api-keys.`, 'invalid_request_error', 'invalid_api_key');
    const refused = await testProvider();
    expect(refused.status).toBe(502);
    expect(refused.body.code).toBe('receipt_provider_failed');
    expect(refused.body.detail).toBe('The receipt provider did not work: refused the API key (HTTP 401)');
    expect(server.output()).not.toContain('Incorrect API key');

    modelsReply = () => ({ status: 500, body: 'x'.repeat(5000) });
    const long = await testProvider();
    expect(long.status).toBe(502);
    expect(long.body.detail).toBe('The receipt provider did not work: answered HTTP 500');

    modelsReply = () => ({ status: 302, headers: { location: `${fake.url}/elsewhere/models` }, body: '' });
    const before = fake.requests.length;
    const moved = await testProvider();
    expect(moved.status).toBe(502);
    expect(moved.body.detail).toContain('redirect (HTTP 302)');
    expect(fake.requests.slice(before).map((request) => request.url)).toEqual(['/v1/models']);
  });

  it('answers 502 from the test when the provider is not there', async () => {
    const moved = await saveProvider({ type: 'ollama', base_url: 'http://127.0.0.1:9/v1', model: 'llava' });
    // Another type and address: the stored key is not taken along.
    expect(moved).toMatchObject({ provider: { type: 'ollama', api_key_configured: false } });
    const gone = await testProvider();
    expect(gone.status).toBe(502);
    expect(gone.body.detail).toMatch(/not reachable/);
  });

  it('is the owner’s, from a browser session', async () => {
    for (const role of ['admin', 'member'] as const) {
      const browser = role === 'member' ? member : (await addMember(owner, role)).browser;
      const answer = await testProvider(browser);
      expect(answer.status, role).toBe(403);
      expect(answer.body.code).toBe('role_not_allowed');
    }
    const { token } = await createToken(owner, [...API_TOKEN_SCOPES], 'every scope');
    const byToken = await fetch(`${server.baseUrl}/api/v1/settings/test-provider`, { method: 'POST', headers: bearer(token) });
    expect(byToken.status).toBe(403);
  });

  it('never lets the key out', async () => {
    // The switch to Ollama elsewhere dropped the key (a key stays with its type and address): store it again.
    await saveProvider({ type: 'openai-compatible', base_url: `${fake.url}/v1`, model: MODEL, api_key: KEY });
    const settings = await (await owner.call('GET', '/api/v1/settings')).text();
    const status = await (await owner.call('GET', '/api/v1/status')).text();
    const receipts = await (await owner.call('GET', '/api/v1/receipts')).text();
    const everything = [...seen, settings, status, receipts].join('\n');
    expect(settings).toContain('"api_key_configured":true');
    expect(everything).not.toContain(KEY);
    expect(server.output()).not.toContain(KEY);
  });
});
