import type { NextFunction, Request, RequestHandler, Response } from 'express';

/**
 * Runs Express middleware one after another as a single layer of the app's router, with the
 * router's own rules: `next()` goes on, `next(error)` (or a throw, or a rejected promise) skips
 * the rest and hands the error on. Each layer the router walks costs a path match and its
 * bookkeeping; the platform's dozen checks run on every request, so they share one layer.
 * Only for middleware mounted at the root that never calls `next('route')`.
 */
export function middlewareChain(handlers: readonly RequestHandler[]): RequestHandler {
  return (request: Request, response: Response, done: NextFunction): void => {
    let index = 0;
    const next = (error?: unknown): void => {
      if (error) return done(error);
      const handler = handlers[index++];
      if (handler === undefined) return done();
      try {
        const result = handler(request, response, next) as unknown;
        if (result instanceof Promise) result.catch(done);
      } catch (thrown) {
        done(thrown);
      }
    };
    next();
  };
}
