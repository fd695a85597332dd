import express, { type NextFunction, type Request, type Response, type Router } from 'express';

/** How many leading path segments tell the routes apart (`api/v1/scans`). */
const KEY_SEGMENTS = 3;

/** A layer of Express's router, as far as the index needs to know it. */
interface RouterLayer {
  route?: { path: unknown; _handlesMethod(method: string): boolean };
}

/**
 * The lower-cased leading segments a route's path starts with, or null when one of them is a
 * parameter or wildcard (such a route may match a request under any key).
 */
export function routeKey(path: unknown): string | null {
  if (typeof path !== 'string' || !path.startsWith('/')) return null;
  // The router ignores a route's trailing slashes.
  const head = path.replace(/\/+$/, '').split('/').slice(1, KEY_SEGMENTS + 1);
  if (head.some((segment) => segment === '' || /[^A-Za-z0-9._~-]/.test(segment))) return null;
  return head.join('/').toLowerCase();
}

/**
 * The key of a request path (which starts with a slash): the routes that can match it have this
 * key (or none). Found by looking for slashes rather than splitting: every request pays for it.
 */
export function requestKey(path: string): string {
  let end = 0;
  for (let segment = 0; segment < KEY_SEGMENTS && end !== -1; segment++) end = path.indexOf('/', end + 1);
  if (end !== -1) return path.slice(1, end).toLowerCase();
  // One trailing slash is allowed by a non-strict route; it is not a segment of its own.
  return path.slice(1, path.length > 1 && path.endsWith('/') ? -1 : undefined).toLowerCase();
}

/**
 * Express walks its routes one by one, matching each route's pattern against the path, so a
 * request for a route registered late paid for a hundred failed matches first. After the Nest
 * routes are registered, each run of consecutive routes is replaced by one layer that picks, by
 * the path's first segments, a router holding only the routes that can match it, in their
 * original order (routes with a parameter in those segments go to every router). The routes
 * themselves are untouched: the same Nest handlers, guards, pipes and filters answer them, and
 * a request matches the same route as before.
 *
 * Nothing here answers OPTIONS (Express would make up an `Allow` answer): no route of ours
 * handles it, so such a request goes on to the not-found handler as before.
 */
export function indexRoutes(app: express.Express): void {
  const stack = (app.router as unknown as { stack: RouterLayer[] }).stack;
  const routes = stack.filter((layer) => layer.route);
  if (routes.some((layer) => layer.route!._handlesMethod('OPTIONS'))) return;
  const indexed: RouterLayer[] = [];
  let run: RouterLayer[] = [];
  const endRun = (): void => {
    if (run.length > 1) indexed.push(dispatchLayer(run));
    else indexed.push(...run);
    run = [];
  };
  for (const layer of stack) {
    if (layer.route) {
      run.push(layer);
      continue;
    }
    endRun();
    indexed.push(layer);
  }
  endRun();
  stack.splice(0, stack.length, ...indexed);
}

function routerOf(layers: RouterLayer[]): Router {
  const router = express.Router();
  (router as unknown as { stack: RouterLayer[] }).stack.push(...layers);
  return router;
}

/** One layer in place of `run`: the routes are looked up by key, then matched as before. */
function dispatchLayer(run: RouterLayer[]): RouterLayer {
  const keys = run.map((layer) => routeKey(layer.route!.path));
  const generalLayers = run.filter((_layer, index) => keys[index] === null);
  const general = generalLayers.length > 0 ? routerOf(generalLayers) : null;
  const byKey = new Map<string, Router>();
  for (const key of new Set(keys)) {
    if (key !== null) byKey.set(key, routerOf(run.filter((_layer, index) => keys[index] === key || keys[index] === null)));
  }
  const holder = express.Router();
  holder.use((request: Request, response: Response, next: NextFunction) => {
    if (request.method === 'OPTIONS') return next();
    const router = byKey.get(requestKey(request.path)) ?? general;
    if (router === null) return next();
    router(request, response, next);
  });
  return (holder as unknown as { stack: RouterLayer[] }).stack[0];
}
