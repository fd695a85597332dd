import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ValidationPipe, type ArgumentMetadata } from '@nestjs/common';
import { Type } from 'class-transformer';
import { getMetadataStorage, IsInt, IsOptional, IsString, Length, Max, ValidateBy } from 'class-validator';
import { describe, expect, it } from 'vitest';
import { ScanResolveInput } from '../../modules/scans/dto/scan.dto.js';
import { Nullable } from './nullable.js';
import { validInstance } from './valid-fast-path.js';
import { ApiValidationPipe } from './validation.js';

type Metadata = ReturnType<ReturnType<typeof getMetadataStorage>['getTargetValidationMetadatas']>[number];
type Outcome = { ok: true; value: unknown } | { ok: false };
const MISSING = Symbol('missing');

/** Every DTO class of the API: the exported classes of `*.dto.ts` that carry validation rules. */
async function dtoClasses(): Promise<Function[]> {
  const root = join(import.meta.dirname, '../../modules');
  const files: string[] = [];
  const walk = (directory: string): void => {
    for (const entry of readdirSync(directory, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(join(directory, entry.name));
      else if (entry.name.endsWith('.dto.ts')) files.push(join(directory, entry.name));
    }
  };
  walk(root);
  const classes = new Set<Function>();
  for (const file of files) {
    for (const exported of Object.values((await import(file)) as Record<string, unknown>)) {
      if (typeof exported === 'function' && rulesOf(exported).length > 0) classes.add(exported);
    }
  }
  return [...classes];
}

const rulesOf = (metatype: Function): Metadata[] => getMetadataStorage().getTargetValidationMetadatas(metatype, undefined as unknown as string, false, false, undefined);

/** What the global pipe answers without the fast path: class-transformer and class-validator. */
async function fullPath(metatype: Function, value: unknown, type: ArgumentMetadata['type'] = 'body'): Promise<Outcome> {
  const pipe = new ApiValidationPipe();
  try {
    return { ok: true, value: await ValidationPipe.prototype.transform.call(pipe, value, { type, metatype: metatype as ArgumentMetadata['metatype'] }) };
  } catch {
    return { ok: false };
  }
}

/** Values around each rule's bounds and of every JSON kind, for one property. */
function candidates(rules: Metadata[]): unknown[] {
  const values = new Set<unknown>([MISSING, null, '', 'a', 'abcdefgh-1234', 0, 1, -1, 1.5, 1e9, true, false, '2024-02-29', '2024-02-30', '12:30', 'https://example.org/a.png', 'ftp://example.org', '4006381333931', '00000000-0000-4000-8000-000000000000', ' ', '😀😀😀😀']);
  for (const rule of rules) {
    for (const constraint of (rule.constraints ?? []) as unknown[]) {
      if (typeof constraint === 'number' && Number.isFinite(constraint) && Math.abs(constraint) < 100_000) {
        for (const n of [constraint - 1, constraint, constraint + 1, constraint + 0.5]) values.add(n);
        for (const n of [constraint - 1, constraint, constraint + 1]) if (n >= 0 && n < 5000) {
          values.add('x'.repeat(n));
          values.add('😀'.repeat(n));
        }
      }
      if (Array.isArray(constraint)) for (const item of constraint as unknown[]) values.add(item);
    }
  }
  return [...values];
}

function withValue(base: Record<string, unknown>, property: string, value: unknown): Record<string, unknown> {
  const copy = { ...base };
  if (value === MISSING) delete copy[property];
  else copy[property] = value;
  return copy;
}

/**
 * The cases for one class: a body that passes (built property by property from the candidates,
 * when one exists), then that body with each property set to each candidate in turn, with an
 * unknown field, and with an object where a string is expected.
 */
async function casesFor(metatype: Function): Promise<Record<string, unknown>[]> {
  const byProperty = new Map<string, Metadata[]>();
  for (const rule of rulesOf(metatype)) byProperty.set(rule.propertyName, [...(byProperty.get(rule.propertyName) ?? []), rule]);
  let base: Record<string, unknown> = {};
  for (const [property, rules] of byProperty) {
    for (const value of candidates(rules)) {
      const tried = withValue(base, property, value);
      if ((await fullPath(metatype, structuredClone(tried))).ok) {
        base = tried;
        break;
      }
    }
  }
  const cases = [base, { ...base, unknown_field: 'x' }, { ...base, __proto__: { polluted: true } } as Record<string, unknown>];
  for (const [property, rules] of byProperty) {
    for (const value of candidates(rules)) cases.push(withValue(base, property, value));
    cases.push(withValue(base, property, { nested: 'x' }), withValue(base, property, ['x']));
  }
  return cases;
}

class Defaults {
  @IsString()
  @Length(2, 4)
  code: string;

  @IsOptional()
  @IsInt()
  @Max(5)
  count?: number = 3;

  @IsOptional()
  @Nullable()
  @IsString()
  note?: string | null;
}

class Converted {
  @Type(() => Number)
  @IsInt()
  limit: number;
}

class Lenient {
  // A rule that passes with a truthy value other than `true`: only the full path decides.
  @ValidateBy({ name: 'lenient', validator: { validate: () => 1 as unknown as boolean } })
  value: unknown;
}

describe('validInstance (the pipe’s path for a flat value that passes)', () => {
  it('returns what the full path returns for every DTO of the API, and never passes what the full path refuses', async () => {
    const classes = await dtoClasses();
    expect(classes.length).toBeGreaterThan(40);
    let compared = 0;
    let fast = 0;
    let validFlat = 0;
    for (const metatype of classes) {
      for (const input of await casesFor(metatype)) {
        const full = await fullPath(metatype, structuredClone(input));
        const quick = validInstance(metatype, structuredClone(input));
        compared++;
        const flat = Object.values(input).every((value) => value === null || typeof value !== 'object') && Object.getPrototypeOf(input) === Object.prototype;
        if (full.ok && flat) validFlat++;
        if (quick === undefined) continue;
        fast++;
        expect(full, `${metatype.name} ${JSON.stringify(input)}`).toEqual({ ok: true, value: quick });
        if (!full.ok) continue;
        expect(Object.getPrototypeOf(quick)).toBe(Object.getPrototypeOf(full.value));
        expect(Object.keys(quick)).toEqual(Object.keys(full.value as object));
      }
    }
    expect(compared).toBeGreaterThan(2000);
    // Most flat bodies that pass take the fast path (the rest belong to classes it leaves alone).
    expect(fast).toBeGreaterThan(validFlat / 2);
  }, 120_000);

  it('answers a scan to resolve, with the mode defaulted, and leaves every refusal to the full path', () => {
    const scan = validInstance(ScanResolveInput, { barcode: '4006381333931' });
    expect(scan).toBeInstanceOf(ScanResolveInput);
    expect(scan).toEqual(Object.assign(new ScanResolveInput(), { barcode: '4006381333931', mode: 'identify' }));
    expect(validInstance(ScanResolveInput, { barcode: '123' })).toBeUndefined();
    expect(validInstance(ScanResolveInput, { barcode: '4006381333931', mode: 'steal' })).toBeUndefined();
    expect(validInstance(ScanResolveInput, { barcode: '4006381333931', mode: null })).toBeUndefined();
    expect(validInstance(ScanResolveInput, { barcode: '4006381333931', client_mutation_id: null })).toBeInstanceOf(ScanResolveInput);
    expect(validInstance(ScanResolveInput, { barcode: '4006381333931', extra: 1 })).toBeUndefined();
    expect(validInstance(ScanResolveInput, { barcode: { toString: '4006381333931' } })).toBeUndefined();
    expect(validInstance(ScanResolveInput, ['4006381333931'])).toBeUndefined();
    expect(validInstance(ScanResolveInput, Buffer.from('{}'))).toBeUndefined();
  });

  it('keeps defaults and nullable fields as the full path does', async () => {
    for (const input of [{ code: 'ab' }, { code: 'abcd', count: 5, note: null }, { code: 'abc', note: 'n' }]) {
      const quick = validInstance(Defaults, structuredClone(input));
      expect(quick).toBeInstanceOf(Defaults);
      expect(await fullPath(Defaults, structuredClone(input))).toEqual({ ok: true, value: quick });
    }
    expect(validInstance(Defaults, { code: 'a' })).toBeUndefined();
    expect(validInstance(Defaults, { code: 'ab', count: 6 })).toBeUndefined();
    expect(validInstance(Defaults, { code: 'ab', count: null })).toBeInstanceOf(Defaults);
  });

  it('leaves classes with transformations, and rules that answer other than true, to the full path', async () => {
    expect(validInstance(Converted, { limit: 5 })).toBeUndefined();
    expect(await fullPath(Converted, { limit: '5' }, 'query')).toEqual({ ok: true, value: Object.assign(new Converted(), { limit: 5 }) });
    expect(validInstance(Lenient, { value: 'x' })).toBeUndefined();
    expect((await fullPath(Lenient, { value: 'x' })).ok).toBe(true);
  });

  it('reads query objects without a prototype, as Express parses them', () => {
    const query = Object.assign(Object.create(null) as Record<string, unknown>, { code: 'abc' });
    expect(validInstance(Defaults, query)).toEqual(Object.assign(new Defaults(), { code: 'abc' }));
  });
});
