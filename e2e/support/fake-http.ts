import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface FakeReply {
  status?: number;
  headers?: Record<string, string>;
  body?: unknown;
  /** Wait this long before answering (timeouts, slow upstreams). */
  delayMs?: number;
}

export interface FakeHttpServer {
  url: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

/**
 * A small local HTTP server standing in for an outside service (Open Food Facts, Grocy, a push
 * service). The handler answers in that service's real wire format; every request is recorded
 * so a test can assert what the service under test sent, and that it sent nothing it must not.
 */
export async function startFakeHttp(handler: (request: RecordedRequest) => FakeReply | Promise<FakeReply>): Promise<FakeHttpServer> {
  const requests: RecordedRequest[] = [];
  const server: Server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', async () => {
      const request = { method: incoming.method ?? 'GET', url: incoming.url ?? '/', headers: incoming.headers, body: Buffer.concat(chunks).toString() };
      requests.push(request);
      const reply = await handler(request);
      if (reply.delayMs) await new Promise((r) => setTimeout(r, reply.delayMs));
      const body = reply.body === undefined ? '' : typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
      const contentType = typeof reply.body === 'string' ? 'text/plain' : 'application/json';
      outgoing.writeHead(reply.status ?? 200, { 'content-type': contentType, ...reply.headers });
      outgoing.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
