import { once } from 'node:events';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { describe, expect, it } from 'vitest';
import { ApiException } from '../errors/api-exception.js';
import { toErrorReply } from '../errors/error-body.js';
import { jsonBody, MAX_JSON_DEPTH, MAX_JSON_KEYS_PER_OBJECT, MAX_JSON_MEMBERS, scanJsonShape, streamedBodyLimit } from './body-limits.js';

describe('the body_too_deep refusal', () => {
  it('meets a body nested thousands of levels deep in the raw scan, before anything parses or transforms it', () => {
    const deep = `{"name":"ok","lines":${'['.repeat(5000)}${']'.repeat(5000)}}`;
    expect(scanJsonShape(Buffer.from(deep), { maxDepth: MAX_JSON_DEPTH, maxKeys: MAX_JSON_KEYS_PER_OBJECT, maxMembers: MAX_JSON_MEMBERS })).toBe('body_too_deep');
  });

  it('is 400 body_too_deep, worded in the caller language', () => {
    const thrown = new ApiException(400, 'body_too_deep', { max: String(MAX_JSON_DEPTH) });
    expect(toErrorReply(thrown, 'en')).toMatchObject({
      status: 400,
      body: { code: 'body_too_deep', detail: `The request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels)` },
    });
    expect(toErrorReply(thrown, 'de').body.detail).toBe(`Die Anfrage ist zu tief verschachtelt (höchstens ${MAX_JSON_DEPTH} Ebenen)`);
  });
});

describe('scanJsonShape', () => {
  const limits = { maxDepth: 3, maxKeys: 2, maxMembers: 5 };
  const scan = (text: string, given = limits) => scanJsonShape(Buffer.from(text), given);

  it('passes bodies within every limit', () => {
    expect(scan('{"a":1,"b":[1,2]}')).toBeNull();
    expect(scan('[[[]]]')).toBeNull();
    expect(scan('"text"')).toBeNull();
    expect(scan('')).toBeNull();
  });

  it('refuses nesting past the depth, objects and arrays alike', () => {
    expect(scan('[[[[]]]]')).toBe('body_too_deep');
    expect(scan('{"a":{"b":{"c":{}}}}')).toBe('body_too_deep');
  });

  it('counts keys per object, not per body', () => {
    expect(scan('{"a":{"x":1,"y":2},"b":{"x":1,"y":2}}', { ...limits, maxMembers: 100 })).toBeNull();
    expect(scan('{"a":1,"b":2,"c":3}')).toBe('body_too_wide');
  });

  it('counts members of the whole body', () => {
    expect(scan('[1,2,3,4,5,6,7]')).toBe('body_too_wide');
    expect(scan('[{"a":1},{"a":1},{"a":1},{"a":1}]')).toBe('body_too_wide');
  });

  it('ignores structure inside strings, escaped quotes included', () => {
    expect(scan('{"a":"{{{{[[[[:,:,:,\\"{{{{"}')).toBeNull();
    expect(scan('{"a\\":\\":b":1}')).toBeNull();
    expect(scan('["ä{ö[ü:", "😀,,,,,,"]')).toBeNull();
  });

  it('refuses a body of 100,000 keys in one pass, fast', () => {
    const body = Buffer.from(`{${Array.from({ length: 100_000 }, (_, i) => `"k${i}":1`).join(',')}}`);
    // CPU time, not the clock: other work on the machine may pause the test at any point.
    const cpuMs = () => {
      const { user, system } = process.cpuUsage();
      return (user + system) / 1000;
    };
    const started = cpuMs();
    expect(scanJsonShape(body, { maxDepth: MAX_JSON_DEPTH, maxKeys: MAX_JSON_KEYS_PER_OBJECT, maxMembers: MAX_JSON_MEMBERS })).toBe('body_too_wide');
    // 12 MB of brackets: refused at the 33rd byte.
    const brackets = Buffer.alloc(12 * 1024 * 1024, '[');
    expect(scanJsonShape(brackets, { maxDepth: MAX_JSON_DEPTH, maxKeys: MAX_JSON_KEYS_PER_OBJECT, maxMembers: MAX_JSON_MEMBERS })).toBe('body_too_deep');
    expect(cpuMs() - started).toBeLessThan(1000);
  });

  it('passes the largest real body (a stock count of 1,000 lines)', () => {
    const line = { product_id: 'p'.repeat(36), variant_id: 'v'.repeat(36), location_id: 3, counted_quantity: 2.5, best_before_date: '2026-01-01', unit_price: 1.99, note: 'n' };
    const body = Buffer.from(JSON.stringify({ client_mutation_id: 'count-0001', lines: Array.from({ length: 1000 }, () => line), note: '', source: 'manual' }));
    expect(scanJsonShape(body, { maxDepth: MAX_JSON_DEPTH, maxKeys: MAX_JSON_KEYS_PER_OBJECT, maxMembers: MAX_JSON_MEMBERS })).toBeNull();
  });
});

describe('streamedBodyLimit', () => {
  it('refuses a chunked body past the limit with the shared 413, in the caller language, and closes the connection', async () => {
    const app = express();
    app.use(streamedBodyLimit(1024));
    // A handler that reads the body to its end, as a parser would.
    app.post('/', (request, response) => {
      request.on('data', () => undefined);
      request.on('end', () => {
        if (!response.headersSent) response.status(200).end();
      });
    });
    const server = app.listen(0, '127.0.0.1');
    await once(server, 'listening');
    try {
      const { port } = server.address() as AddressInfo;
      const answer = await new Promise<{ status: number; headers: Record<string, unknown>; body: string }>((resolve, reject) => {
        const sent = request({ port, host: '127.0.0.1', method: 'POST', path: '/', headers: { 'accept-language': 'de', 'transfer-encoding': 'chunked' } }, (response) => {
          let body = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (body += chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
        });
        sent.on('error', reject);
        sent.write(Buffer.alloc(4096, 'x'));
        sent.end();
      });
      expect(answer.status).toBe(413);
      expect(answer.headers.connection).toBe('close');
      expect(JSON.parse(answer.body)).toEqual({ detail: 'Anfrage zu groß', code: 'payload_too_large' });
    } finally {
      server.close();
    }
  });
});

describe('jsonBody', () => {
  /** What the parser made of a body: the parsed value, or the refusal's status and kind. */
  async function outcomes(sends: { body: Buffer; headers: Record<string, string> }[]): Promise<unknown[]> {
    const app = express();
    app.use(jsonBody(4096, [], 1024));
    app.post('/', (request, response) => {
      response.json({ parsed: request.body as unknown });
    });
    app.use((error: unknown, _request: express.Request, response: express.Response, _next: express.NextFunction) => {
      const reply = toErrorReply(error);
      response.status(reply.status).json({ refused: reply.body });
    });
    const server = app.listen(0, '127.0.0.1');
    await once(server, 'listening');
    try {
      const { port } = server.address() as AddressInfo;
      const results: unknown[] = [];
      for (const { body, headers } of sends) {
        results.push(
          await new Promise((resolve, reject) => {
            const sent = request({ port, host: '127.0.0.1', method: 'POST', path: '/', headers }, (answer) => {
              let text = '';
              answer.setEncoding('utf8');
              answer.on('data', (chunk: string) => (text += chunk));
              answer.on('end', () => resolve({ status: answer.statusCode, ...(JSON.parse(text) as object) }));
            });
            sent.on('error', reject);
            sent.end(body);
          }),
        );
      }
      return results;
    } finally {
      server.close();
    }
  }

  const bodies: [string, Buffer][] = [
    ['an object', Buffer.from('{"barcode":"4006381333931","mode":"identify"}')],
    ['text beyond ASCII', Buffer.from('{"name":"Käse 😀","n":[1,2.5,null,true]}')],
    ['a byte-order mark before it', Buffer.from('\ufeff{"a":1}')],
    ['an empty body', Buffer.alloc(0)],
    ['a scalar', Buffer.from('"text"')],
    ['malformed JSON', Buffer.from('{"a":')],
    ['nesting past the depth', Buffer.from('['.repeat(MAX_JSON_DEPTH + 1) + ']'.repeat(MAX_JSON_DEPTH + 1))],
    ['an object past the key limit', Buffer.from(`{${Array.from({ length: MAX_JSON_KEYS_PER_OBJECT + 1 }, (_, i) => `"${i}":1`).join(',')}}`)],
    ['a body over the limit', Buffer.from(`{"a":"${'x'.repeat(1100)}"}`)],
  ];

  it.each(['application/json', 'Application/JSON; charset=UTF-8'])('reads a declared-length %s body as the general path reads it streamed', async (type) => {
    const declared = await outcomes(bodies.map(([, body]) => ({ body, headers: { 'content-type': type, 'content-length': String(body.length) } })));
    const streamed = await outcomes(bodies.map(([, body]) => ({ body, headers: { 'content-type': type, 'transfer-encoding': 'chunked' } })));
    expect(declared).toEqual(streamed);
    // And what that is.
    const named = Object.fromEntries(bodies.map(([name], index) => [name, declared[index]]));
    expect(named['an object']).toEqual({ status: 200, parsed: { barcode: '4006381333931', mode: 'identify' } });
    expect(named['a byte-order mark before it']).toEqual({ status: 200, parsed: { a: 1 } });
    expect(named['an empty body']).toEqual({ status: 200, parsed: {} });
    expect(named['malformed JSON']).toMatchObject({ status: 422, refused: { code: 'validation_failed', detail: [{ type: 'json_invalid' }] } });
    expect(named['nesting past the depth']).toMatchObject({ status: 400, refused: { code: 'body_too_deep' } });
    expect(named['an object past the key limit']).toMatchObject({ status: 400, refused: { code: 'body_too_wide' } });
    expect(named['a body over the limit']).toMatchObject({ status: 413 });
  });
});
