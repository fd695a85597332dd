import type { NextFunction, Request, Response } from 'express';
import { describe, expect, it } from 'vitest';
import { legacyPathRewrite } from './legacy-paths.js';
import { hostMatches } from './trusted-hosts.js';

function rewrite(url: string): string {
  const request = { url } as Request;
  legacyPathRewrite(request, {} as Response, (() => undefined) as NextFunction);
  return request.url;
}

describe('legacyPathRewrite', () => {
  it('serves /api/x as /api/v1/x, keeping the query', () => {
    expect(rewrite('/api/status')).toBe('/api/v1/status');
    expect(rewrite('/api/scans/unresolved?limit=5')).toBe('/api/v1/scans/unresolved?limit=5');
  });

  it('leaves versioned paths, health, readiness and non-API paths alone', () => {
    for (const url of ['/api/v1/status', '/api/health', '/api/readiness', '/docs', '/api', '/api/v1', '/api/v1?x=1', '/api/health?probe=1', '/apix/status']) expect(rewrite(url)).toBe(url);
  });
});

describe('hostMatches', () => {
  it('supports exact names, *.domain wildcards and *', () => {
    expect(hostMatches('pantry.example.org', ['pantry.example.org'])).toBe(true);
    expect(hostMatches('Pantry.Example.org', ['pantry.example.org'])).toBe(true);
    expect(hostMatches('a.example.org', ['*.example.org'])).toBe(true);
    expect(hostMatches('example.org', ['*.example.org'])).toBe(false);
    expect(hostMatches('evilexample.org', ['*.example.org'])).toBe(false);
    expect(hostMatches('anything', ['*'])).toBe(true);
  });
});
