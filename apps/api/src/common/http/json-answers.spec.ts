import { once } from 'node:events';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { describe, expect, it } from 'vitest';
import { installJsonAnswers } from './json-answers.js';

interface Answer {
  status: number;
  headers: Record<string, unknown>;
  body: string;
}

/** An app that answers as the platform's would (no ETag), with or without the JSON answers. */
function app(lean: boolean): express.Express {
  const built = express();
  built.set('etag', false);
  if (lean) installJsonAnswers(built);
  built.all('/object', (_request, response) => response.json({ status: 'ok', name: 'Käse 😀', list: [1, null, true] }));
  built.get('/large', (_request, response) => response.json({ items: Array.from({ length: 200 }, (_, index) => ({ index, name: `Brot ${index} ä` })) }));
  built.post('/created', (_request, response) => response.status(201).json({ id: 'x' }));
  built.delete('/none', (_request, response) => response.status(204).json({ gone: true }));
  built.get('/reset', (_request, response) => response.status(205).json({ reset: true }));
  built.get('/typed', (_request, response) => response.type('application/problem+json').status(404).json({ detail: 'missing' }));
  built.get('/scalar', (_request, response) => response.json('text'));
  built.get('/null', (_request, response) => response.json(null));
  built.get('/chunked', (_request, response) => response.setHeader('Transfer-Encoding', 'chunked').json({ a: 1 }));
  return built;
}

async function answers(built: express.Express, sends: { method: string; path: string; headers?: Record<string, string> }[]): Promise<Answer[]> {
  const server = built.listen(0, '127.0.0.1');
  await once(server, 'listening');
  try {
    const { port } = server.address() as AddressInfo;
    const results: Answer[] = [];
    for (const send of sends) {
      results.push(
        await new Promise<Answer>((resolve, reject) => {
          const sent = request({ port, host: '127.0.0.1', method: send.method, path: send.path, headers: send.headers }, (answer) => {
            let body = '';
            answer.setEncoding('utf8');
            answer.on('data', (chunk: string) => (body += chunk));
            answer.on('end', () => {
              const { date: _date, ...headers } = answer.headers;
              resolve({ status: answer.statusCode ?? 0, headers, body });
            });
          });
          sent.on('error', reject);
          sent.end();
        }),
      );
    }
    return results;
  } finally {
    server.close();
  }
}

describe('installJsonAnswers', () => {
  const sends: { method: string; path: string; headers?: Record<string, string> }[] = [
    { method: 'GET', path: '/object' },
    { method: 'HEAD', path: '/object' },
    { method: 'GET', path: '/object', headers: { 'if-none-match': '*' } },
    { method: 'GET', path: '/object', headers: { 'if-none-match': '*', 'cache-control': 'no-cache' } },
    { method: 'POST', path: '/object', headers: { 'if-none-match': '*' } },
    { method: 'GET', path: '/large' },
    { method: 'POST', path: '/created' },
    { method: 'DELETE', path: '/none' },
    { method: 'GET', path: '/reset' },
    { method: 'GET', path: '/typed' },
    { method: 'GET', path: '/scalar' },
    { method: 'GET', path: '/null' },
    { method: 'GET', path: '/chunked' },
  ];

  it("answers exactly as Express's own res.json: status, headers and body", async () => {
    const lean = await answers(app(true), sends);
    const general = await answers(app(false), sends);
    expect(lean).toEqual(general);
    expect(lean[0]).toMatchObject({ status: 200, headers: { 'content-type': 'application/json; charset=utf-8', 'content-length': String(Buffer.byteLength(lean[0].body)) } });
    expect(JSON.parse(lean[0].body)).toEqual({ status: 'ok', name: 'Käse 😀', list: [1, null, true] });
    expect(lean[1]).toMatchObject({ status: 200, body: '' });
    expect(lean[2].status).toBe(304);
    expect(lean[7]).toMatchObject({ status: 204, body: '' });
  });

  it("leaves answers to Express's res.json when its JSON settings are changed", async () => {
    const spaced = app(true);
    spaced.set('json spaces', 2);
    const [answer] = await answers(spaced, [{ method: 'GET', path: '/object' }]);
    expect(answer.body).toBe(JSON.stringify({ status: 'ok', name: 'Käse 😀', list: [1, null, true] }, null, 2));
  });
});
