import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, startServer, type RunningServer } from '../support/server.js';

describe('the served contract and its documentation', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.stop());

  it('serves exactly the committed OpenAPI document', async () => {
    const committed = JSON.parse(readFileSync(join(REPO_ROOT, 'apps/api/openapi.json'), 'utf8')) as unknown;
    const served = await fetch(`${server.baseUrl}/openapi.json`);
    expect(served.status).toBe(200);
    expect(await served.json()).toEqual(committed);
  });

  it('serves Swagger UI and ReDoc with their scripts from the box itself', async () => {
    const docs = await fetch(`${server.baseUrl}/docs`);
    expect(docs.status).toBe(200);
    const html = await docs.text();
    expect(html).not.toMatch(/src="https?:\/\//);
    for (const asset of ['/docs/swagger-ui-bundle.js', '/docs/swagger-ui-init.js', '/docs/swagger-ui.css', '/redoc/redoc.standalone.js']) {
      const response = await fetch(`${server.baseUrl}${asset}`);
      expect(response.status, asset).toBe(200);
    }
    const redoc = await (await fetch(`${server.baseUrl}/redoc`)).text();
    expect(redoc).toContain('spec-url="/openapi.json"');
    expect(redoc).not.toMatch(/src="https?:\/\//);
  });
});
