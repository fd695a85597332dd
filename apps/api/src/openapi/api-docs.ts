import { createRequire } from 'node:module';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import type { Request, Response } from 'express';

const require = createRequire(import.meta.url);

/** ReDoc's page: the script is served from the local `redoc` package, never from a CDN. */
const REDOC_PAGE = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Household Inventory API</title>
</head>
<body>
  <redoc spec-url="/openapi.json"></redoc>
  <script src="/redoc/redoc.standalone.js"></script>
</body>
</html>
`;

/**
 * `/openapi.json`, Swagger UI at `/docs` and ReDoc at `/redoc`, all from local packages so they
 * work on a box without internet and pass the same-origin CSP. The document is built on the
 * first request that needs it and kept from then on: building it at start cost a few MB of
 * memory on every box, and most never open the documentation.
 */
export function installApiDocs(app: NestExpressApplication, buildDocument: () => OpenAPIObject): void {
  const express = app.getHttpAdapter().getInstance();
  let document: OpenAPIObject | undefined;
  const documentOnce = (): OpenAPIObject => (document ??= buildDocument());
  let json: string | undefined;
  express.get('/openapi.json', (_request: Request, response: Response) => {
    json ??= JSON.stringify(documentOnce());
    response.type('application/json').send(json);
  });
  const redocScript = require.resolve('redoc/bundles/redoc.standalone.js');
  express.get('/redoc', (_request: Request, response: Response) => {
    // ReDoc's sidebar shows a vendor logo from its CDN; images are limited to this box so the
    // documentation never reaches out to another host.
    const csp = String(response.getHeader('Content-Security-Policy') ?? '').replace("img-src 'self' data: blob: https:", "img-src 'self' data: blob:");
    response.setHeader('Content-Security-Policy', csp);
    response.type('html').send(REDOC_PAGE);
  });
  express.get('/redoc/redoc.standalone.js', (_request: Request, response: Response) => {
    // `dotfiles: allow` because pnpm keeps packages under node_modules/.pnpm.
    response.sendFile(redocScript, { maxAge: '1d', dotfiles: 'allow' });
  });
  SwaggerModule.setup('docs', app, documentOnce, {
    raw: false,
    customSiteTitle: 'Household Inventory API',
    swaggerOptions: { persistAuthorization: false },
  });
}
