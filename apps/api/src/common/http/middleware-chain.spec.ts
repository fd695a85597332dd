import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { describe, expect, it } from 'vitest';
import { middlewareChain } from './middleware-chain.js';

const request = {} as Request;
const response = {} as Response;

function run(handlers: RequestHandler[]): Promise<unknown> {
  return new Promise((resolve) => middlewareChain(handlers)(request, response, ((error?: unknown) => resolve(error ?? 'done')) as NextFunction));
}

describe('middlewareChain', () => {
  it('runs every handler in order, then goes on', async () => {
    const seen: number[] = [];
    const step = (n: number): RequestHandler => (_q, _s, next) => {
      seen.push(n);
      next();
    };
    expect(await run([step(1), step(2), step(3)])).toBe('done');
    expect(seen).toEqual([1, 2, 3]);
  });

  it('skips the rest on next(error), a throw or a rejected promise', async () => {
    const failure = new Error('refused');
    const never: RequestHandler = () => {
      throw new Error('must not run');
    };
    expect(await run([(_q, _s, next) => next(failure), never])).toBe(failure);
    expect(
      await run([
        () => {
          throw failure;
        },
        never,
      ]),
    ).toBe(failure);
    expect(await run([async () => Promise.reject(failure), never])).toBe(failure);
  });

  it('stops where a handler answers without calling next', async () => {
    let answered = false;
    const chain = middlewareChain([
      () => {
        answered = true;
      },
      () => {
        throw new Error('must not run');
      },
    ]);
    chain(request, response, (() => {
      throw new Error('must not go on');
    }) as NextFunction);
    expect(answered).toBe(true);
  });
});
