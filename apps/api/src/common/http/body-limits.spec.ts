import { describe, expect, it } from 'vitest';
import { ApiException } from '../errors/api-exception.js';
import { toErrorReply } from '../errors/error-body.js';
import { assertJsonDepth, jsonDepthExceeds, MAX_JSON_DEPTH, MAX_JSON_KEYS_PER_OBJECT, MAX_JSON_MEMBERS, scanJsonShape } from './body-limits.js';

/** `levels` objects inside each other, built from text as a client would send it. */
const nestedObjects = (levels: number): unknown => JSON.parse(`${'{"a":'.repeat(levels - 1)}{}${'}'.repeat(levels - 1)}`);
const nestedArrays = (levels: number): unknown => JSON.parse(`${'['.repeat(levels)}${']'.repeat(levels)}`);

describe('jsonDepthExceeds', () => {
  it('counts every object and array as one level; scalars add none', () => {
    expect(jsonDepthExceeds({}, 1)).toBe(false);
    expect(jsonDepthExceeds({ a: [] }, 1)).toBe(true);
    expect(jsonDepthExceeds({ a: [] }, 2)).toBe(false);
    expect(jsonDepthExceeds({ a: [1, 'x', null, true, { b: 2 }] }, 2)).toBe(true);
    for (const scalar of [null, undefined, 0, 'text', false]) expect(jsonDepthExceeds(scalar, 0)).toBe(false);
  });

  it('finds the one deep branch among shallow siblings, wherever it is', () => {
    const deep = nestedArrays(10);
    expect(jsonDepthExceeds({ a: 1, b: [deep], c: { d: [] } }, 12)).toBe(false);
    expect(jsonDepthExceeds({ a: 1, b: [deep], c: { d: [] } }, 11)).toBe(true);
    expect(jsonDepthExceeds([[], [[], [deep]]], 13)).toBe(false);
    expect(jsonDepthExceeds([[], [[], [deep]]], 12)).toBe(true);
  });

  it('accepts exactly MAX_JSON_DEPTH levels and refuses one more, for objects and arrays', () => {
    expect(jsonDepthExceeds(nestedObjects(MAX_JSON_DEPTH), MAX_JSON_DEPTH)).toBe(false);
    expect(jsonDepthExceeds(nestedObjects(MAX_JSON_DEPTH + 1), MAX_JSON_DEPTH)).toBe(true);
    expect(jsonDepthExceeds(nestedArrays(MAX_JSON_DEPTH), MAX_JSON_DEPTH)).toBe(false);
    expect(jsonDepthExceeds(nestedArrays(MAX_JSON_DEPTH + 1), MAX_JSON_DEPTH)).toBe(true);
  });

  it('measures a body 200,000 levels deep without recursing itself', () => {
    // Recursion would overflow the stack long before this depth.
    expect(jsonDepthExceeds(nestedArrays(200_000), MAX_JSON_DEPTH)).toBe(true);
    expect(jsonDepthExceeds(nestedObjects(200_000), MAX_JSON_DEPTH)).toBe(true);
  });

  it('walks a wide, shallow body completely', () => {
    const wide = { items: Array.from({ length: 50_000 }, (_, i) => ({ id: i, tags: ['a'] })) };
    expect(jsonDepthExceeds(wide, 4)).toBe(false);
    expect(jsonDepthExceeds(wide, 3)).toBe(true);
  });

  it('sees a "__proto__" key of parsed JSON as the plain field it is', () => {
    expect(jsonDepthExceeds(JSON.parse('{"__proto__": [[[]]]}'), 3)).toBe(true);
  });
});

describe('assertJsonDepth', () => {
  it('refuses a too deep body with 400 body_too_deep, worded in the caller language', () => {
    let thrown: unknown;
    try {
      assertJsonDepth(nestedObjects(5000));
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ApiException);
    expect(toErrorReply(thrown, 'en')).toMatchObject({
      status: 400,
      body: { code: 'body_too_deep', detail: `The request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels)` },
    });
    expect(toErrorReply(thrown, 'de').body.detail).toBe(`Die Anfrage ist zu tief verschachtelt (höchstens ${MAX_JSON_DEPTH} Ebenen)`);
  });

  it('lets a body at the limit through', () => {
    expect(() => assertJsonDepth(nestedObjects(MAX_JSON_DEPTH))).not.toThrow();
  });
});

describe('scanJsonShape', () => {
  const limits = { maxDepth: 3, maxKeys: 2, maxMembers: 5 };
  const scan = (text: string, given = limits) => scanJsonShape(Buffer.from(text), given);

  it('passes bodies within every limit', () => {
    expect(scan('{"a":1,"b":[1,2]}')).toBeNull();
    expect(scan('[[[]]]')).toBeNull();
    expect(scan('"text"')).toBeNull();
    expect(scan('')).toBeNull();
  });

  it('refuses nesting past the depth, objects and arrays alike', () => {
    expect(scan('[[[[]]]]')).toBe('body_too_deep');
    expect(scan('{"a":{"b":{"c":{}}}}')).toBe('body_too_deep');
  });

  it('counts keys per object, not per body', () => {
    expect(scan('{"a":{"x":1,"y":2},"b":{"x":1,"y":2}}', { ...limits, maxMembers: 100 })).toBeNull();
    expect(scan('{"a":1,"b":2,"c":3}')).toBe('body_too_wide');
  });

  it('counts members of the whole body', () => {
    expect(scan('[1,2,3,4,5,6,7]')).toBe('body_too_wide');
    expect(scan('[{"a":1},{"a":1},{"a":1},{"a":1}]')).toBe('body_too_wide');
  });

  it('ignores structure inside strings, escaped quotes included', () => {
    expect(scan('{"a":"{{{{[[[[:,:,:,\\"{{{{"}')).toBeNull();
    expect(scan('{"a\\":\\":b":1}')).toBeNull();
    expect(scan('["ä{ö[ü:", "😀,,,,,,"]')).toBeNull();
  });

  it('refuses a body of 100,000 keys in one pass, fast', () => {
    const body = Buffer.from(`{${Array.from({ length: 100_000 }, (_, i) => `"k${i}":1`).join(',')}}`);
    const started = performance.now();
    expect(scanJsonShape(body, { maxDepth: MAX_JSON_DEPTH, maxKeys: MAX_JSON_KEYS_PER_OBJECT, maxMembers: MAX_JSON_MEMBERS })).toBe('body_too_wide');
    // 12 MB of brackets: refused at the 33rd byte.
    const brackets = Buffer.alloc(12 * 1024 * 1024, '[');
    expect(scanJsonShape(brackets, { maxDepth: MAX_JSON_DEPTH, maxKeys: MAX_JSON_KEYS_PER_OBJECT, maxMembers: MAX_JSON_MEMBERS })).toBe('body_too_deep');
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('passes the largest real body (a stock count of 1,000 lines)', () => {
    const line = { product_id: 'p'.repeat(36), variant_id: 'v'.repeat(36), location_id: 3, counted_quantity: 2.5, best_before_date: '2026-01-01', unit_price: 1.99, note: 'n' };
    const body = Buffer.from(JSON.stringify({ client_mutation_id: 'count-0001', lines: Array.from({ length: 1000 }, () => line), note: '', source: 'manual' }));
    expect(scanJsonShape(body, { maxDepth: MAX_JSON_DEPTH, maxKeys: MAX_JSON_KEYS_PER_OBJECT, maxMembers: MAX_JSON_MEMBERS })).toBeNull();
  });
});
