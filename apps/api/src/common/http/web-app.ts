import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import compression from 'compression';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { ApiException } from '../errors/api-exception.js';
import { middlewareChain } from './middleware-chain.js';

/** The built PWA: `apps/web/dist` beside the API in a checkout and in the container image. */
export function defaultWebDistDir(): string {
  const here = dirname(fileURLToPath(import.meta.url)); // apps/api/dist/common/http
  return resolve(here, '../../../../web/dist');
}

/** Paths the API owns; everything else belongs to the PWA. */
// Case-insensitive like Express's router: `/API/v1/…` reaches the API too and must be treated as such.
const SERVER_PATHS = /^\/(api(\/|$)|docs(\/|$)|redoc(\/|$)|openapi\.json$)/i;

/** The web app's share target (the manifest's `share_target.action`, apps/web/src/app/share-target.ts). */
const SHARE_TARGET_PATH = /^\/receipts\/share\/?$/i;

/**
 * A photo or PDF shared with the installed app is posted to the share target, where the service
 * worker takes it. A post that reaches the server instead (the worker was not active yet, or the
 * site's data was cleared) cannot be kept here: the file is dropped unread and the browser is sent
 * on to the receipts screen with `?share=missed`, which asks for the share again, rather than to
 * a JSON 404. Nothing is read or stored, so this is answered before the origin and size checks: a
 * share started by the phone may carry no Origin of ours, and a large file should not end on a
 * 413 page.
 */
export function shareTargetLanding(request: Request, response: Response, next: NextFunction): void {
  if (request.method !== 'POST' || !SHARE_TARGET_PATH.test(request.path)) return next();
  response.setHeader('Cache-Control', 'no-store');
  response.redirect(303, '/receipts?share=missed');
}

/**
 * Serves the PWA on the same port as the API: compressed (brotli or gzip, as the browser
 * accepts; a phone on a slow connection downloads about a third), hashed assets cached for a
 * year, the shell, manifest and service worker revalidated on every load, and any unknown
 * non-API path gets `index.html` so client-side routes survive a reload. API answers are left
 * as they are: small JSON gains little and the write path stays as fast as it is.
 */
export function webApp(distDir: string): RequestHandler {
  const indexFile = join(distDir, 'index.html');
  const assets = express.static(distDir, {
    index: false,
    setHeaders: (response, filePath) => {
      const immutable = filePath.includes(`${join(distDir, 'assets')}`);
      response.setHeader('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  const fallback = (request: Request, response: Response, next: NextFunction): void => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return next();
    if (!existsSync(indexFile)) {
      return next(new ApiException(503, 'frontend_not_built'));
    }
    response.setHeader('Cache-Control', 'no-cache');
    response.sendFile(indexFile);
  };
  const pwa = middlewareChain([compression(), assets, fallback]);
  // The paths the API owns are told apart once, and pass by the whole web app.
  return (request: Request, response: Response, next: NextFunction): void => {
    if (SERVER_PATHS.test(request.path)) return next();
    pwa(request, response, next);
  };
}
