import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { describe, expect, it } from 'vitest';
import { indexRoutes, requestKey, routeKey } from './route-index.js';

describe('routeKey and requestKey', () => {
  it('keys a route by its first three literal segments, lower-cased', () => {
    expect(routeKey('/api/v1/scans/resolve')).toBe('api/v1/scans');
    expect(routeKey('/API/health/')).toBe('api/health');
    expect(routeKey('/openapi.json')).toBe('openapi.json');
    expect(routeKey('/api/v1/scans/:id')).toBe('api/v1/scans');
  });

  it('gives no key to a route with a parameter or wildcard in those segments', () => {
    expect(routeKey('/api/v1/:thing')).toBeNull();
    expect(routeKey('/*path')).toBeNull();
    expect(routeKey('/api{/v1}/x')).toBeNull();
    expect(routeKey(/^\/api/)).toBeNull();
  });

  it('keys a request path the same way, one trailing slash allowed', () => {
    expect(requestKey('/api/v1/scans/resolve')).toBe('api/v1/scans');
    expect(requestKey('/Api/Health/')).toBe('api/health');
    expect(requestKey('/api/health//')).toBe('api/health/');
    expect(requestKey('/')).toBe('');
  });

  it('keys any path as splitting it into segments does', () => {
    const bySegments = (path: string): string => {
      const segments = path.split('/').slice(1);
      if (segments.at(-1) === '') segments.pop();
      return segments.slice(0, 3).join('/').toLowerCase();
    };
    const pieces = ['', 'api', 'V1', 'scans', 'x.json', '%2F', ':id'];
    for (let n = 0; n < 5000; n++) {
      let path = '';
      const length = 1 + (n % 6);
      for (let i = 0; i < length; i++) path += `/${pieces[(n * 7 + i * 13 + ((n >> i) & 3)) % pieces.length]}`;
      expect(requestKey(path), path).toBe(bySegments(path));
    }
  });
});

/** The same routes with and without the index answer every path alike. */
describe('indexRoutes', () => {
  function app(indexed: boolean): express.Express {
    const instance = express();
    instance.use((_request, response, next) => {
      response.setHeader('x-seen', 'platform');
      next();
    });
    const answer = (name: string) => (request: express.Request, response: express.Response) => {
      response.json({ name, params: request.params, route: (request.route as { path: string }).path });
    };
    instance.get('/api/health', answer('health'));
    instance.get('/api/v1/scans/unresolved', answer('unresolved'));
    instance.get('/api/v1/:section/:id', answer('general'));
    instance.get('/api/v1/scans/:id', answer('scan'));
    instance.post('/api/v1/scans/resolve', answer('resolve'));
    instance.use('/docs', (_request, response) => {
      response.json({ name: 'docs mount' });
    });
    instance.get('/docs-json', answer('docs json'));
    instance.get('/api/v1/stock/:id/lots', answer('lots'));
    instance.use((_request, response) => {
      response.status(404).json({ name: 'not found' });
    });
    if (indexed) indexRoutes(instance);
    return instance;
  }

  async function answers(instance: express.Express, requests: [string, string][]): Promise<string[]> {
    const server = createServer(instance);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const results: string[] = [];
      for (const [method, path] of requests) {
        const response = await fetch(`http://127.0.0.1:${port}${path}`, { method });
        results.push(`${method} ${path} → ${response.status} ${response.headers.get('allow') ?? ''} ${method === 'HEAD' ? '' : await response.text()}`);
      }
      return results;
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  }

  it('matches every request to the same route as the plain router', async () => {
    const requests: [string, string][] = [
      ['GET', '/api/health'],
      ['GET', '/API/HEALTH/'],
      ['HEAD', '/api/health'],
      ['GET', '/api/health//'],
      ['GET', '/api/v1/scans/unresolved'],
      ['GET', '/api/v1/scans/abc'],
      ['GET', '/api/v1/stock/7'],
      ['GET', '/api/v1/stock/7/lots'],
      ['GET', '/api/v1/Stock/7/lots/'],
      ['POST', '/api/v1/scans/resolve'],
      ['GET', '/api/v1/scans/resolve'],
      ['PUT', '/api/v1/scans/resolve'],
      ['OPTIONS', '/api/v1/scans/resolve'],
      ['GET', '/docs'],
      ['GET', '/docs/page'],
      ['GET', '/docs-json'],
      ['GET', '/api//v1/scans/unresolved'],
      ['GET', '/nothing/here'],
      ['GET', '/'],
    ];
    const plain = await answers(app(false), requests);
    expect(await answers(app(true), requests)).toEqual(plain);
    expect(plain[5]).toContain('"name":"general"');
  });
});
