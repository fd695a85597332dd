/**
 * Requests derived from the served OpenAPI document, for the fuzz test (`e2e/api/fuzz.e2e.ts`)
 * and the fuzz benchmark (`bench/fuzz.mjs`). Plain erasable TypeScript that imports only
 * packages, so node runs it directly (type stripping) as well as vitest.
 *
 * Per operation it draws: bodies from the schema with bounds ± 1, wrong types, nulls, odd and
 * huge strings (NUL, U+202E, emoji, lone surrogates, 100 KB), extra and prototype-named fields,
 * nesting past and far past the depth limit, malformed JSON and wrong content types; path
 * parameters that are not ids, very long, `..` or percent-encoded junk; query parameters out of
 * range, repeated or bracketed; now and then an odd header (content encodings with a gzip bomb,
 * hosts, proxy headers, origins, broken cookies, junk bearer tokens) or another method. Requests go
 * out through node:http, so paths arrive byte for byte.
 */
import fc from 'fast-check';
import type { Arbitrary } from 'fast-check';
import { Agent, createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';

export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
}

interface OpenApiParameter {
  in: string;
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}

interface OpenApiOperation {
  operationId: string;
  parameters?: OpenApiParameter[];
  requestBody?: { content: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, unknown>;
  security?: Record<string, string[]>[];
  'x-service-required-scope'?: string;
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: { schemas: Record<string, JsonSchema> };
}

export type Identity = 'owner' | 'token';

export interface FuzzOperation {
  operationId: string;
  method: string;
  /** The path template, e.g. `/api/v1/scans/{scan_id}`. */
  path: string;
  access: 'public' | 'session' | 'token';
  pathParams: { name: string; schema: JsonSchema }[];
  queryParams: { name: string; schema: JsonSchema }[];
  body?: { contentType: string; schema: JsonSchema };
  /** 5xx answers the contract documents for this operation (e.g. 502 when an upstream cannot be asked). */
  documented5xx: number[];
}

/**
 * Operations the fuzz never sends, and why. Everything else is sent as the owner; operations open
 * to tokens are sent with a token holding every scope too (session-only operations refuse tokens
 * before reading anything, which the scope-matrix test covers).
 */
export const FUZZ_DENY_LIST: Readonly<Record<string, string>> = {
  logout: 'ends the owner session: every later request would be a 401 that tests nothing',
  streamEvents: 'an event stream stays open by design, so no answer ever ends; e2e/api/shopping-trips.e2e.ts covers its access and framing',
  eraseHousehold: 'the literal is in the contract, so the fuzz would erase the installation and every later request would be a 401; e2e/api/privacy-*.e2e.ts covers its bounds',
};

/**
 * Operations with side effects that stay in the fuzz, and why they cannot break the run. The
 * fuzz only ever puts ids of its own sacrificial records into paths and bodies (`FuzzTargets`),
 * never the owner's session, user or token ids, nor anything of the control product.
 */
export const FUZZ_GUARDED: Readonly<Record<string, string>> = {
  setup: 'the installation is set up before the fuzz: a valid body is refused with 409',
  changePassword: 'changes the owner password and signs other sessions out; the calling session and the token stay valid and the run never signs in again',
  reauthenticate: 'the fuzz never knows the password; failed attempts only throttle further attempts',
  login: 'the fuzz never knows the password; a success would only add a session',
  revokeAuthSession: 'path ids are never the owner session id',
  revokeOtherAuthSessions: 'revokes only sessions other than the caller (the run has one)',
  revokeApiToken: 'path ids are never the fuzz token id; tokens cannot call it',
  updateHouseholdMember: 'the only id offered is a sacrificial member, never the owner',
  acceptHouseholdInvitation: 'the only invitation offered is a sacrificial one',
  archiveCatalogProduct: 'the only ids offered are the sacrificial targets, never the control product',
  enableTotp: 'a random six-digit code matches the pending secret about once in a million tries; the run never signs in again',
  updateUserPreferences: 'may switch the owner to German: only the wording of refusals changes',
};

/**
 * Real values of the sacrificial records, by the name of the path parameter or body field they
 * fit (`product_id`, `scan_id`, `expected_updated_at`, …), so some requests get past the lookups.
 */
export type FuzzTargets = Readonly<Record<string, readonly string[]>>;

/** The values offered for a parameter or field of this name, if any. */
function knownValues(targets: FuzzTargets | undefined, name: string): readonly string[] {
  return targets?.[name] ?? (name === 'product_ids' ? (targets?.product_id ?? []) : []);
}

export function fuzzOperations(document: OpenApiDocument): FuzzOperation[] {
  const operations: FuzzOperation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      const schemes = (operation.security ?? []).flatMap((requirement) => Object.keys(requirement));
      const parameters = operation.parameters ?? [];
      const [contentType, media] = Object.entries(operation.requestBody?.content ?? {})[0] ?? [];
      operations.push({
        operationId: operation.operationId,
        method: method.toUpperCase(),
        path,
        access: schemes.includes('apiToken') ? 'token' : schemes.length > 0 ? 'session' : 'public',
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => ({ name: p.name, schema: resolve(document, p.schema ?? {}) })),
        queryParams: parameters.filter((p) => p.in === 'query').map((p) => ({ name: p.name, schema: resolve(document, p.schema ?? {}) })),
        body: contentType ? { contentType, schema: resolve(document, media?.schema ?? {}) } : undefined,
        documented5xx: Object.keys(operation.responses ?? {}).map(Number).filter((status) => status >= 500),
      });
    }
  }
  return operations;
}

/** Operations one identity sends: not deny-listed, and for a token only those open to tokens. */
export function operationsFor(operations: FuzzOperation[], identity: Identity): FuzzOperation[] {
  return operations.filter((o) => !(o.operationId in FUZZ_DENY_LIST) && (identity === 'owner' || o.access === 'token'));
}

/** Inlines every `$ref` (our schemas are not recursive). */
function resolve(document: OpenApiDocument, schema: JsonSchema): JsonSchema {
  if (schema.$ref) return resolve(document, document.components.schemas[schema.$ref.replace('#/components/schemas/', '')] ?? {});
  const resolved: JsonSchema = { ...schema };
  if (schema.items) resolved.items = resolve(document, schema.items);
  if (schema.properties) resolved.properties = Object.fromEntries(Object.entries(schema.properties).map(([key, value]) => [key, resolve(document, value)]));
  if (typeof schema.additionalProperties === 'object') resolved.additionalProperties = resolve(document, schema.additionalProperties);
  return resolved;
}

// ---------------------------------------------------------------------------------------------
// Values

/** JSON text written verbatim into a body: numbers JSON.stringify cannot write, deep nesting. */
export class RawJson {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
}

const HUGE = 100 * 1024;

const ODD_STRINGS = [
  '',
  ' ',
  '\u0000',
  'milk\u0000',
  '\u202Egnp.exe',
  'Milch \u202Eabc\u202C',
  '😀',
  '👨‍👩‍👧‍👦🏳️‍🌈',
  '\uD800',
  'x\uDFFFy',
  '\uFEFF',
  '\u200B',
  'e\u0301',
  'İ',
  'ß',
  'ǅ',
  '١٢٣',
  '１２３',
  '\t\r\n',
  "'; DROP TABLE products; --",
  '%s%n%x',
  '${jndi:ldap://127.0.0.1/x}',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  'null',
  'undefined',
  'NaN',
  '-0',
  '0x10',
  '1e400',
  'true',
  '__proto__',
  'constructor',
  '2024-02-30',
  '9999-12-31T23:59:59Z',
];

const oddString: Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...ODD_STRINGS) },
  { weight: 2, arbitrary: fc.string({ maxLength: 40, unit: 'binary' }) },
  { weight: 2, arbitrary: fc.string({ maxLength: 20, unit: 'grapheme' }) },
  { weight: 1, arbitrary: fc.constantFrom('x', '\u0000', '😀', '\u202E', 'ä').map((unit) => unit.repeat(Math.ceil(HUGE / unit.length))) },
);

const RAW_NUMBERS = ['1e400', '-1e400', '-0', '1e-400', '0.0000001', '1E2', '123456789012345678901234567890', '-9007199254740993', '1.0'];

/** Objects or arrays nested `depth` levels, around the service's limit and far past it. */
const deepNesting: Arbitrary<RawJson> = fc
  .record({ depth: fc.constantFrom(31, 32, 33, 64, 1000, 5000, 100_000), kind: fc.constantFrom('object', 'array', 'mixed') })
  .map(({ depth, kind }) => {
    const open = kind === 'object' ? '{"a":' : kind === 'array' ? '[' : '{"a":[';
    const close = kind === 'object' ? '}' : kind === 'array' ? ']' : ']}';
    const levels = kind === 'mixed' ? Math.ceil(depth / 2) : depth;
    return new RawJson(`${open.repeat(levels - 1)}${kind === 'object' ? '{}' : '[]'}${close.repeat(levels - 1)}`);
  });

/** Anything at all, in place of a field's value. */
const wildValue: Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(null, true, false, 0, -1, 1.5, 2 ** 31, 2 ** 53 + 2, -(2 ** 63), Number.MAX_VALUE, [], {}, [null], { $gt: '' }, ['a', 1]),
  oddString,
  fc.constantFrom(...RAW_NUMBERS).map((text) => new RawJson(text)),
  deepNesting,
  fc.jsonValue({ maxDepth: 3 }),
);

function typesOf(schema: JsonSchema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  if (schema.type) return [schema.type];
  if (schema.properties) return ['object'];
  if (schema.enum) return [...new Set(schema.enum.map((v) => (v === null ? 'null' : typeof v)))];
  return [];
}

type Weighted = { weight: number; arbitrary: Arbitrary<unknown> };

/** Text of exactly `length` characters (code points), plain, emoji or drawn. */
function textOfLength(length: number): Arbitrary<string> {
  return fc.oneof(fc.constant('x'.repeat(length)), fc.constant('😀'.repeat(length)), fc.string({ minLength: length, maxLength: length, unit: 'grapheme-ascii' }));
}

// --- Values the contract allows, odd content included (it is what reaches the database).

function validString(name: string, schema: JsonSchema, targets: FuzzTargets | undefined): Arbitrary<unknown> {
  const min = schema.minLength ?? 0;
  const max = Math.min(schema.maxLength ?? 300, 5000);
  const fits = (s: string) => [...s].length >= min && [...s].length <= max;
  const enumValues = (schema.enum ?? []).filter((v) => v !== null);
  if (enumValues.length > 0) return fc.constantFrom(...enumValues);
  const known = knownValues(targets, name);
  // Fields with a format of their own get mostly well-formed values, so requests reach the service.
  if (/barcode/.test(name)) {
    return fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom('4006381333931', '96385074', '036000291452', '10614141000415', '4006381 333931', '4006-3813-33931', '1234', '123456789') },
      { weight: 2, arbitrary: fc.stringMatching(/^[0-9]{12}$/).map(withCheckDigit) },
      { weight: 1, arbitrary: fc.stringMatching(/^[0-9]{4,18}$/) },
      { weight: 1, arbitrary: fc.constantFrom(...known, '96385074') },
    );
  }
  const choices: Arbitrary<unknown>[] = [];
  if (known.length > 0) choices.push(fc.constantFrom(...known), fc.constantFrom(...known), fc.constantFrom(...known));
  if (/_id$|^id$|_ids$/.test(name)) choices.push(fc.uuid());
  if (name === 'client_mutation_id' || name === 'challenge_id') choices.push(fc.uuid(), fc.uuid(), fc.string({ minLength: min, maxLength: Math.min(max, 30), unit: 'binary' }).filter(fits));
  if (/_at$/.test(name)) choices.push(fc.date({ noInvalidDate: true }).map((d) => d.toISOString()));
  if (schema.format === 'date' || /_date$|_before$/.test(name)) return fc.date({ min: new Date('1900-01-01'), max: new Date('2200-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
  if (schema.format === 'uri' || /url/.test(name)) {
    return fc.oneof(
      fc.constantFrom('https://example.org/a.png', 'https://images.example.org/p/1.jpg?size=400', 'http://localhost/x.jpg', 'https://xn--mller-kva.example/ü.png'),
      fc.webUrl().filter(fits),
    );
  }
  if (/email|identifier/.test(name)) return fc.oneof(fc.constantFrom('owner@example.org', 'a.b+c@example.org', 'ÄÖ@example.de'), fc.emailAddress().filter(fits));
  if (name === 'cursor') {
    const cursor = fc.tuple(fc.oneof(fc.date({ noInvalidDate: true }).map((d) => d.toISOString()), fc.string()), fc.oneof(fc.uuid(), fc.string())).map(([at, id]) => Buffer.from(`${at}|${id}`).toString('base64url'));
    choices.push(cursor, cursor);
  }
  if (/totp|^code$/.test(name)) choices.push(fc.stringMatching(/^[0-9]{6}$/), fc.stringMatching(/^[0-9]{6}$/));
  choices.push(
    fc.string({ minLength: min, maxLength: Math.min(max, 40), unit: 'grapheme' }).filter(fits),
    fc.string({ minLength: min, maxLength: Math.min(max, 40), unit: 'binary' }).filter(fits),
    fc.constantFrom(...new Set([min, max])).chain(textOfLength),
  );
  const odd = ODD_STRINGS.filter(fits);
  if (odd.length > 0) choices.push(fc.constantFrom(...odd));
  return fc.oneof(...choices);
}

/** A GTIN body with its check digit appended. */
function withCheckDigit(body: string): string {
  const sum = [...body].reverse().reduce((total, digit, index) => total + Number(digit) * (index % 2 === 0 ? 3 : 1), 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

function validNumber(name: string, schema: JsonSchema, integer: boolean): Arbitrary<unknown> {
  const exclusive = schema.exclusiveMinimum;
  const min = schema.minimum ?? (exclusive !== undefined ? exclusive + (integer ? 1 : 1e-6) : -1_000_000);
  const max = schema.maximum ?? 1_000_000;
  const edges = [min, max, ...(min <= 0 && max >= 0 ? [0] : [])];
  // Integer ids (master data) are small: mostly ones that exist.
  if (integer && /_id$/.test(name)) return fc.oneof({ weight: 4, arbitrary: fc.integer({ min: Math.max(1, Math.ceil(min)), max: 8 }) }, { weight: 1, arbitrary: fc.constantFrom(...edges) });
  return fc.oneof(
    { weight: 2, arbitrary: fc.constantFrom(...edges) },
    { weight: 3, arbitrary: integer ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) }) : fc.double({ min, max, noNaN: true, noDefaultInfinity: true }) },
  );
}

function validArray(name: string, schema: JsonSchema, targets: FuzzTargets | undefined, depth: number): Arbitrary<unknown> {
  const item = validValue(name, schema.items ?? {}, targets, depth + 1);
  const min = schema.minItems ?? 0;
  const max = Math.min(schema.maxItems ?? 20, 2000);
  return fc.oneof(
    { weight: 4, arbitrary: fc.array(item, { minLength: min, maxLength: Math.max(min, Math.min(max, 4)) }) },
    // The largest allowed size: one drawn item repeated (cheap to draw, as expensive to check).
    { weight: 1, arbitrary: item.map((value) => Array.from({ length: max }, () => value)) },
  );
}

function validObject(schema: JsonSchema, targets: FuzzTargets | undefined, depth: number): Arbitrary<Record<string, unknown>> {
  const model: Record<string, Arbitrary<unknown>> = {};
  for (const [key, property] of Object.entries(schema.properties ?? {})) model[key] = validValue(key, property, targets, depth + 1);
  const free = schema.additionalProperties === true ? fc.dictionary(fc.string({ maxLength: 10 }), fc.jsonValue({ maxDepth: 4 }), { maxKeys: 5 }) : fc.constant({});
  return fc.tuple(fc.record(model, { requiredKeys: schema.required ?? [] }), free).map(([fields, additional]) => ({ ...additional, ...fields }));
}

/** A value the schema allows at this position. */
function validValue(name: string, schema: JsonSchema, targets: FuzzTargets | undefined, depth = 0): Arbitrary<unknown> {
  const choices: Weighted[] = [];
  for (const type of typesOf(schema)) {
    if (type === 'string') choices.push({ weight: 4, arbitrary: validString(name, schema, targets) });
    if (type === 'integer' || type === 'number') choices.push({ weight: 4, arbitrary: validNumber(name, schema, type === 'integer') });
    if (type === 'boolean') choices.push({ weight: 4, arbitrary: fc.boolean() });
    if (type === 'null') choices.push({ weight: 1, arbitrary: fc.constant(null) });
    if (type === 'array') choices.push({ weight: 4, arbitrary: validArray(name, schema, targets, depth) });
    if (type === 'object') choices.push({ weight: 4, arbitrary: depth > 4 ? fc.constant({}) : validObject(schema, targets, depth) });
  }
  return choices.length > 0 ? fc.oneof(...choices) : fc.jsonValue({ maxDepth: 3 });
}

// --- Values the contract refuses.

/** A value the schema refuses here: bounds ± 1, the wrong type, null where not allowed, anything. */
function invalidValue(name: string, schema: JsonSchema, targets: FuzzTargets | undefined, depth = 0): Arbitrary<unknown> {
  const types = typesOf(schema);
  const choices: Weighted[] = [{ weight: 2, arbitrary: wildValue }];
  if (!types.includes('null')) choices.push({ weight: 2, arbitrary: fc.constant(null) });
  if (types.includes('string')) {
    const min = schema.minLength ?? 0;
    const max = schema.maxLength;
    const lengths = [...(min > 0 ? [min - 1] : []), ...(max !== undefined ? [max + 1] : [])];
    if (lengths.length > 0) choices.push({ weight: 4, arbitrary: fc.constantFrom(...lengths).chain(textOfLength) });
    if (schema.enum) choices.push({ weight: 2, arbitrary: fc.constantFrom('', 'IDENTIFY', 'identify ', 'unknown', 'de-DE') });
    if (schema.format === 'date') choices.push({ weight: 2, arbitrary: fc.constantFrom('2024-02-30', '2023-02-29', '0000-00-00', '2024-13-01', '2024-1-01', '20240101xx', '2024-01-01T00:00:00Z'.slice(0, 10).replace('-', '/')) });
    if (schema.format === 'uri') choices.push({ weight: 2, arbitrary: fc.constantFrom('javascript:alert(1)', 'http://', 'file:///etc/passwd', 'data:image/png;base64,AAAA', 'not a url', '//example.org') });
    choices.push({ weight: 2, arbitrary: fc.constantFrom(1, true, ['x'], { value: 'x' }) });
  }
  if (types.includes('integer') || types.includes('number')) {
    const integer = !types.includes('number');
    const edges: number[] = [2 ** 31, 2 ** 53 + 2, -(2 ** 53) - 2, 1e21, Number.MAX_VALUE];
    if (schema.minimum !== undefined) edges.push(schema.minimum - 1, schema.minimum - 1e-9);
    if (schema.maximum !== undefined) edges.push(schema.maximum + 1, schema.maximum + 1e-9);
    if (schema.exclusiveMinimum !== undefined) edges.push(schema.exclusiveMinimum, schema.exclusiveMinimum - 1);
    if (integer) edges.push(1.5, (schema.minimum ?? 0) + 0.5);
    choices.push(
      { weight: 4, arbitrary: fc.constantFrom(...edges) },
      { weight: 2, arbitrary: fc.constantFrom(...RAW_NUMBERS).map((text) => new RawJson(text)) },
      { weight: 2, arbitrary: fc.constantFrom('1', '', 'one', '0x10', true, [1], { value: 1 }) },
    );
  }
  if (types.includes('boolean')) choices.push({ weight: 4, arbitrary: fc.constantFrom('true', 'false', 1, 0, 'yes', [true]) });
  if (types.includes('array')) {
    const item = schema.items ?? {};
    const min = schema.minItems ?? 0;
    const max = schema.maxItems;
    const sizes = [...(min > 0 ? [min - 1] : []), ...(max !== undefined ? [max + 1] : [])];
    if (sizes.length > 0) choices.push({ weight: 3, arbitrary: fc.tuple(fc.constantFrom(...sizes), validValue(name, item, targets, depth + 1)).map(([size, value]) => Array.from({ length: size }, () => value)) });
    choices.push(
      { weight: 3, arbitrary: fc.tuple(validValue(name, item, targets, depth + 1), invalidValue(name, item, targets, depth + 1)).map(([good, bad]) => [good, bad]) },
      { weight: 2, arbitrary: fc.constantFrom('x', 1, {}, { 0: 'x' }) },
    );
  }
  if (types.includes('object') && depth <= 4) {
    choices.push({ weight: 4, arbitrary: mutatedObject(schema, targets, depth) }, { weight: 2, arbitrary: fc.constantFrom('x', 1, [], [{}]) });
  }
  return fc.oneof(...choices);
}

const EXTRA_KEYS = ['__proto__', 'constructor', 'prototype', 'id', 'household_id', 'role', 'created_at', '', ' name', 'NAME', '\u0000', 'k'.repeat(2000)];

/**
 * An object of the schema that is valid but for a few things: one or two fields with a refused
 * value, a required field missing, extra fields (prototype names among them), or nothing at all.
 */
function mutatedObject(schema: JsonSchema, targets: FuzzTargets | undefined, depth = 0): Arbitrary<Record<string, unknown>> {
  const properties = Object.entries(schema.properties ?? {});
  const invalidField = properties.length > 0 ? fc.constantFrom(...properties).chain(([key, property]) => invalidValue(key, property, targets, depth + 1).map((value) => [key, value] as const)) : fc.constant(undefined);
  const mutations = fc.oneof(
    { weight: 2, arbitrary: fc.constant({}) },
    { weight: 6, arbitrary: fc.array(invalidField, { minLength: 1, maxLength: 2 }).map((fields) => ({ set: fields.filter((f) => f !== undefined) })) },
    { weight: 1, arbitrary: fc.constantFrom(...(schema.required?.length ? schema.required : [''])).map((key) => ({ drop: key })) },
    { weight: 2, arbitrary: fc.dictionary(fc.oneof(fc.constantFrom(...EXTRA_KEYS), fc.string({ maxLength: 12 })), fc.oneof(wildValue, fc.jsonValue({ maxDepth: 2 })), { minKeys: 1, maxKeys: 2 }).map((extra) => ({ extra })) },
  );
  return fc.tuple(validObject(schema, targets, depth), mutations).map(([base, mutation]) => {
    const entries = Object.entries(base).filter(([key]) => !('drop' in mutation) || key !== mutation.drop);
    for (const [key, value] of 'set' in mutation ? (mutation.set ?? []) : []) {
      const at = entries.findIndex(([existing]) => existing === key);
      if (at >= 0) entries[at] = [key, value];
      else entries.push([key, value]);
    }
    // fromEntries defines "__proto__" as a plain field, as JSON.parse on the server does.
    return Object.fromEntries([...entries, ...Object.entries('extra' in mutation ? (mutation.extra ?? {}) : {})]);
  });
}

/** JSON text of a drawn value; `RawJson` leaves are written as they are. */
export function encodeJson(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map((item) => encodeJson(item)).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.entries(value)
      .map(([key, item]) => `${JSON.stringify(key)}:${encodeJson(item)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

// ---------------------------------------------------------------------------------------------
// Requests

export interface FuzzRequest {
  operationId: string;
  identity: Identity;
  method: string;
  /** Path and query exactly as sent. */
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
}

const MALFORMED_JSON = ['', '{', '{"a":1,}', '\uFEFF{}', "{'a':1}", '{"name":"a","name":"b"}', 'NaN', '[1,2', '{"a":1e400}', '\u0000', 'nul', '{"a":"\\ud800"}', '{"a":"\\u0000"}', '"\\x"'];

const JSON_CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/json; charset=utf-32',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/vnd.api+json',
  'application/json, text/plain',
];

/** A body for the schema: an object with a few faults (or none), or any value at all. */
function bodyValue(schema: JsonSchema, targets: FuzzTargets | undefined): Arbitrary<unknown> {
  return typesOf(schema).includes('object') ? fc.oneof({ weight: 6, arbitrary: mutatedObject(schema, targets) }, { weight: 1, arbitrary: invalidValue('body', schema, targets) }) : invalidValue('body', schema, targets);
}

function jsonBody(schema: JsonSchema | undefined, targets: FuzzTargets | undefined): Arbitrary<{ contentType: string | undefined; body: Buffer }> {
  const text = fc.oneof(
    { weight: 8, arbitrary: (schema ? bodyValue(schema, targets) : wildValue).map(encodeJson) },
    { weight: 1, arbitrary: wildValue.map(encodeJson) },
    { weight: 1, arbitrary: deepNesting.map((deep) => deep.text) },
    { weight: 1, arbitrary: fc.constantFrom(...MALFORMED_JSON) },
  );
  const contentType = fc.oneof({ weight: 12, arbitrary: fc.constant('application/json') }, { weight: 2, arbitrary: fc.constantFrom(...JSON_CONTENT_TYPES) }, { weight: 1, arbitrary: fc.constant(undefined) });
  return fc.tuple(contentType, text).map(([type, json]) => ({ contentType: type, body: Buffer.from(json) }));
}

/** A 1×1 PNG, so an upload can get past the format check now and then. */
const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

function multipartBody(): Arbitrary<{ contentType: string | undefined; body: Buffer }> {
  const file = fc.oneof(fc.constant(TINY_PNG), fc.uint8Array({ maxLength: 2048 }).map((bytes) => Buffer.from(bytes)), fc.constant(Buffer.from('GIF89a not really')), fc.constant(Buffer.alloc(0)));
  return fc
    .record({
      field: fc.constantFrom('image', 'image', 'file', 'image[]', ''),
      filename: fc.constantFrom('a.png', '../../etc/passwd', 'x\u0000.png', '😀.webp', 'a'.repeat(300), ''),
      type: fc.constantFrom('image/png', 'image/jpeg', 'text/plain', 'application/octet-stream', ''),
      file,
      twice: fc.boolean(),
      broken: fc.constantFrom('none', 'none', 'none', 'no-end', 'no-boundary', 'wrong-boundary'),
    })
    .map(({ field, filename, type, file: content, twice, broken }) => {
      const part = Buffer.concat([
        Buffer.from(`--fuzzboundary\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n${type ? `Content-Type: ${type}\r\n` : ''}\r\n`),
        content,
        Buffer.from('\r\n'),
      ]);
      const end = broken === 'no-end' ? Buffer.alloc(0) : Buffer.from('--fuzzboundary--\r\n');
      const contentType = broken === 'no-boundary' ? 'multipart/form-data' : broken === 'wrong-boundary' ? 'multipart/form-data; boundary=other' : 'multipart/form-data; boundary=fuzzboundary';
      return { contentType, body: Buffer.concat([part, ...(twice ? [part] : []), end]) };
    });
}

/** Node refuses a request head over 16 KB before the service sees it: path and query parts stay below. */
const MAX_URL_PART = 3000;

const PATH_JUNK = [
  '..',
  '.',
  '%2e%2e',
  '..%2f..%2fetc%2fpasswd',
  '%00',
  '%ff',
  '%',
  '%zz',
  '%c0%ae',
  '%e2%80%ae',
  '%f0%9f%98%80',
  '%ed%a0%80',
  'null',
  'undefined',
  '-1',
  '0',
  '1.5',
  '1e3',
  '0x1f',
  '9'.repeat(40),
  "'",
  '%27%20OR%201=1',
  '__proto__',
  'constructor',
  '~',
  'a;b',
  'a,b',
  '$',
];

function pathValue(name: string, schema: JsonSchema, targets: FuzzTargets | undefined): Arbitrary<string> {
  const known = knownValues(targets, name);
  const choices: { weight: number; arbitrary: Arbitrary<string> }[] = [
    { weight: 3, arbitrary: fc.constantFrom(...PATH_JUNK) },
    { weight: 2, arbitrary: fc.uuid() },
    { weight: 1, arbitrary: fc.constantFrom(500, MAX_URL_PART).map((length) => 'a'.repeat(length)) },
    { weight: 2, arbitrary: oddString.filter((s) => s.length < 2000).map((s) => encodeURIComponent(s.replace(/[\uD800-\uDFFF]/g, '?'))) },
    { weight: 1, arbitrary: fc.uint8Array({ minLength: 1, maxLength: 12 }).map((bytes) => [...bytes].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('')) },
  ];
  if (known.length > 0 && schema.type === 'string') choices.push({ weight: 7, arbitrary: fc.constantFrom(...known.map(encodeURIComponent)) });
  if (schema.enum) choices.push({ weight: 4, arbitrary: fc.constantFrom(...schema.enum.map(String)) });
  if (schema.type === 'integer') choices.push({ weight: 4, arbitrary: fc.oneof(validValue(name, schema, targets), invalidValue(name, schema, targets)).map(queryText) });
  if (/barcode/.test(name)) choices.push({ weight: 3, arbitrary: fc.stringMatching(/^[0-9]{4,18}$/) });
  return fc.oneof(...choices).map((segment) => segment.slice(0, MAX_URL_PART));
}

/** A drawn value as it would appear in a URL: text as is, anything else as JSON; percent-encoded. */
function queryText(value: unknown): string {
  const text = value instanceof RawJson ? value.text : typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
  // encodeURIComponent throws on a lone surrogate.
  return encodeURIComponent(text.replace(/[\uD800-\uDFFF]/g, '?'));
}

function queryString(params: FuzzOperation['queryParams'], targets: FuzzTargets | undefined): Arbitrary<string> {
  const pairs = params.map(({ name, schema }) =>
    fc.oneof(
      { weight: 3, arbitrary: fc.constant<string[]>([]) },
      { weight: 3, arbitrary: validValue(name, schema, targets).map((value) => [`${name}=${queryText(value)}`]) },
      { weight: 2, arbitrary: invalidValue(name, schema, targets).map((value) => [`${name}=${queryText(value)}`]) },
      { weight: 1, arbitrary: fc.constantFrom([`${name}=1`, `${name}=2`], [`${name}[a]=1`], [`${name}[]=1`], [`${name}=%zz`], [`${name}`], [`${name}=${'9'.repeat(400)}`], [`${name}=%00`]) },
    ),
  );
  const extra = fc.oneof({ weight: 7, arbitrary: fc.constant('') }, { weight: 1, arbitrary: fc.constantFrom('unknown=1', '__proto__[x]=1', 'a[b][c][d][e][f][g]=1', '%zz=1', '&&&', '=') });
  return fc.tuple(fc.tuple(...pairs), extra).map(([chosen, more]) => {
    const all = [...chosen.flat().map((pair) => pair.slice(0, MAX_URL_PART)), ...(more ? [more] : [])];
    return all.length > 0 ? `?${all.join('&')}` : '';
  });
}

/** Requests for one operation as one identity. */
export function requestArbitrary(operation: FuzzOperation, identity: Identity, targets?: FuzzTargets): Arbitrary<FuzzRequest> {
  const segments = operation.path.split(/(\{[^}]+\})/).map((segment) => {
    const name = /^\{([^}]+)\}$/.exec(segment)?.[1];
    if (!name) return fc.constant(segment);
    const schema = operation.pathParams.find((p) => p.name === name)?.schema ?? { type: 'string' };
    return pathValue(name, schema, targets);
  });
  const body: Arbitrary<{ contentType: string | undefined; body: Buffer } | undefined> = operation.body
    ? operation.body.contentType.startsWith('multipart/')
      ? fc.oneof({ weight: 4, arbitrary: multipartBody() }, { weight: 1, arbitrary: jsonBody(undefined, targets) })
      : jsonBody(operation.body.schema, targets)
    : fc.oneof({ weight: 6, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: jsonBody(undefined, targets) });
  const authorization = fc.oneof(
    { weight: 20, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: fc.constantFrom('Bearer', 'Bearer ', 'Bearer hinv_pat_', 'Bearer hinv_pat_x', 'Basic YTpi', `Bearer ${'a'.repeat(5000)}`, 'Bearer \u00ff') },
  );
  const extraHeaders = fc.oneof({ weight: 12, arbitrary: fc.constant({}) }, { weight: 1, arbitrary: headerMutation(targets) });
  // Now and then another method on the same path: HEAD, OPTIONS, ones no route has.
  const method = fc.oneof({ weight: 30, arbitrary: fc.constant(operation.method) }, { weight: 1, arbitrary: fc.constantFrom('HEAD', 'OPTIONS', 'TRACE', 'PROPFIND', 'GET', 'POST', 'PUT', 'PATCH', 'DELETE') });
  return fc.tuple(fc.tuple(...segments), queryString(operation.queryParams, targets), body, authorization, extraHeaders, method).map(([parts, query, payload, auth, more, verb]) => {
    const headers: Record<string, string> = {};
    if (payload?.contentType) headers['content-type'] = payload.contentType;
    if (auth) headers.authorization = auth;
    const { [GZIP]: gzip, ...rest } = more as Record<string, string> & { [GZIP]?: 'real' | 'bomb' };
    Object.assign(headers, rest);
    let payloadBody = payload?.body;
    if (gzip === 'real' && payloadBody) payloadBody = gzipSync(payloadBody);
    if (gzip === 'bomb') payloadBody = gzipSync(Buffer.alloc(20 * 1024 * 1024, 0x20));
    const request: FuzzRequest = { operationId: operation.operationId, identity, method: verb, path: `${parts.join('')}${query}`, headers, body: payloadBody };
    // fast-check prints counterexamples with this: short enough to read, enough to replay by hand.
    Object.defineProperty(request, fc.toStringMethod, { value: () => describeRequest(request), enumerable: false });
    return request;
  });
}

const GZIP = Symbol('gzip');
/** In a drawn `cookie` header, stands for the identity's own session cookie. */
export const SESSION_COOKIE_PLACEHOLDER = '{session}';

/** One unusual header: content encodings (a gzip bomb too), hosts, proxy headers, origins, cookies. */
function headerMutation(targets: FuzzTargets | undefined): Arbitrary<Record<string, string | undefined> & { [GZIP]?: 'real' | 'bomb' }> {
  const origins = knownValues(targets, 'origin');
  return fc.oneof(
    fc.constantFrom<Record<string, string> & { [GZIP]?: 'real' | 'bomb' }>(
      { 'content-encoding': 'gzip', [GZIP]: 'real' },
      { 'content-encoding': 'gzip', [GZIP]: 'bomb', 'content-type': 'application/json' },
      { 'content-encoding': 'gzip' },
      { 'content-encoding': 'deflate' },
      { 'content-encoding': 'br' },
      { 'content-encoding': 'x-unknown' },
      { 'content-encoding': 'gzip, gzip' },
      { host: 'localhost' },
      { host: 'evil.example' },
      { host: '[::1' },
      { host: 'a'.repeat(300) },
      { 'x-forwarded-for': 'junk' },
      { 'x-forwarded-for': '999.1.1.1, ::1, 10.0.0.1' },
      { 'x-forwarded-proto': 'javascript' },
      { 'x-forwarded-host': '%zz' },
      { forwarded: 'for=unknown;proto=https' },
      { origin: 'null' },
      { origin: 'http://evil.example' },
      { origin: 'junk' },
      { 'sec-fetch-site': 'cross-site' },
      { accept: 'text/html' },
      { 'accept-language': 'de-DE,de;q=0.9' },
      { 'user-agent': 'ÿ'.repeat(40) },
      { 'x-http-method-override': 'DELETE' },
      { expect: '100-continue' },
      { cookie: `${SESSION_COOKIE_PLACEHOLDER}; hinv_session=%zz` },
      { cookie: 'hinv_session=%E0%A4%A' },
      { cookie: 'hinv_session=' },
      { cookie: `hinv_session="x"; ${SESSION_COOKIE_PLACEHOLDER}` },
      { cookie: `${SESSION_COOKIE_PLACEHOLDER}; ${SESSION_COOKIE_PLACEHOLDER}` },
      { cookie: '=;;;=;hinv_session' },
    ),
    origins.length > 0 ? fc.constantFrom(...origins).map((origin) => ({ origin })) : fc.constant({}),
  );
}

export function describeRequest(request: FuzzRequest): string {
  const body = request.body ? `${request.body.length} bytes: ${JSON.stringify(request.body.subarray(0, 200).toString())}${request.body.length > 200 ? '…' : ''}` : 'no body';
  const path = request.path.length > 300 ? `${request.path.slice(0, 300)}… (${request.path.length} chars)` : request.path;
  return `${request.method} ${path} as ${request.identity} [${request.operationId}] headers ${JSON.stringify(request.headers)} ${body}`;
}

// ---------------------------------------------------------------------------------------------
// Sending

export interface Credentials {
  cookie: string;
  token: string;
}

export interface FuzzResponse {
  status: number;
  requestId: string;
  body: string;
}

/**
 * True for an answer that means the service failed: any 5xx, except one the contract documents
 * for the operation (such as the barcode lookup's 502 when Open Food Facts cannot be asked, which
 * the fuzz provokes by using up the read budget) answered in the spec's shape. A 500 never counts
 * as documented.
 */
export function isServerFault(operation: FuzzOperation, request: FuzzRequest, response: FuzzResponse): boolean {
  if (response.status < 500) return false;
  if (response.status === 500 || !operation.documented5xx.includes(response.status)) return true;
  if (request.method === 'HEAD') return false;
  try {
    const body = JSON.parse(response.body) as { detail?: unknown; code?: unknown };
    return typeof body.detail !== 'string' || typeof body.code !== 'string' || body.code === 'internal_error';
  } catch {
    return true;
  }
}

/** One keep-alive agent per caller; `destroy()` it when done. */
export function fuzzAgent(): Agent {
  return new Agent({ keepAlive: true, maxSockets: 8 });
}

/** Sends a request byte for byte (no URL normalisation), with the identity's credentials. */
export function sendFuzzRequest(baseUrl: string, request: FuzzRequest, credentials: Credentials, agent: Agent, timeoutMs = 15_000): Promise<FuzzResponse> {
  const { hostname, port } = new URL(baseUrl);
  const headers: Record<string, string | number> = { ...request.headers };
  if (request.identity === 'owner') headers.cookie = request.headers.cookie?.replaceAll(SESSION_COOKIE_PLACEHOLDER, credentials.cookie) ?? credentials.cookie;
  else headers.authorization ??= `Bearer ${credentials.token}`;
  if (request.body) headers['content-length'] = request.body.length;
  return new Promise((resolvePromise, reject) => {
    const outgoing = httpRequest({ hostname, port, method: request.method, path: request.path, headers, agent, timeout: timeoutMs }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', () =>
        resolvePromise({ status: incoming.statusCode ?? 0, requestId: String(incoming.headers['x-request-id'] ?? ''), body: Buffer.concat(chunks).toString().slice(0, 2000) }),
      );
      incoming.on('error', reject);
    });
    outgoing.on('timeout', () => outgoing.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    outgoing.on('error', reject);
    outgoing.end(request.body);
  });
}

// ---------------------------------------------------------------------------------------------
// The household the fuzz runs against

export const FUZZ_OWNER_PASSWORD = 'fuzz owner password 4711';

export interface FuzzHousehold {
  credentials: Credentials;
  scopes: string[];
  targets: FuzzTargets;
  controlProductId: string;
  controlBarcode: string;
}

async function call<T>(baseUrl: string, method: string, path: string, body: unknown, cookie?: string): Promise<{ data: T; cookie?: string }> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...(cookie ? { cookie } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  const setCookie = response.headers.getSetCookie().find((c) => c.startsWith('hinv_session='));
  return { data: (text ? JSON.parse(text) : undefined) as T, cookie: setCookie?.split(';', 1)[0] };
}

/**
 * Sets up the owner, a token with every scope the service offers, a control product the fuzz
 * must never change (its name and barcode are nothing the generators can produce; it refers to
 * no master data, which the fuzz may rename) and sacrificial targets whose ids the fuzz uses.
 */
export async function prepareFuzzHousehold(baseUrl: string): Promise<FuzzHousehold> {
  const setup = await call(baseUrl, 'POST', '/api/v1/auth/setup', { password: FUZZ_OWNER_PASSWORD, display_name: 'Fuzz Owner', preferred_locale: 'en' });
  const cookie = setup.cookie as string;
  const as = <T>(method: string, path: string, body?: unknown) => call<T>(baseUrl, method, path, body, cookie).then((r) => r.data);
  await as('PATCH', '/api/v1/auth/profile', { display_name: 'Fuzz Owner', email: 'fuzz-owner@example.org' });
  const scopes = (await as<{ id: string }[]>('GET', '/api/v1/auth/api-token-scopes')).map((s) => s.id);
  const { token } = await as<{ token: string }>('POST', '/api/v1/auth/api-tokens', { name: 'fuzz: every scope', scopes, expires_days: 1 });

  const controlBarcode = '4311501628713';
  const control = await as<{ id: string }>('POST', '/api/v1/catalog/products', {
    name: 'Fuzz control product 5f0c2e',
    barcode: controlBarcode,
    brand: 'Control brand',
    default_best_before_days: 7,
    minimum_stock_quantity: 2,
    shopping_target_quantity: 4,
  });
  await as('POST', '/api/v1/stock/counts', { client_mutation_id: 'fuzz-control-count', lines: [{ product_id: control.id, counted_quantity: 3 }] });

  // The sacrificial records: a product with stock and a shopping item, scan drafts in every
  // mode (local, found by the fake upstream, unknown), invitations and a member to change.
  const targetBarcodes = ['96385074', withCheckDigit('400235900121'), withCheckDigit('400041702500')];
  const targets: { id: string; updated_at: string; variants: { id: string; updated_at: string }[] }[] = [];
  for (const [index, barcode] of targetBarcodes.entries()) {
    targets.push(await as('POST', '/api/v1/catalog/products', { name: `Fuzz target ${index + 1}`, barcode, minimum_stock_quantity: 1, shopping_target_quantity: 2 }));
  }
  const targetIds = targets.map((t) => t.id);
  await as('POST', '/api/v1/shopping-list/generate', { client_mutation_id: 'fuzz-target-refill', product_ids: targetIds });
  await as('POST', '/api/v1/stock/counts', { client_mutation_id: 'fuzz-target-count', lines: targetIds.map((id, i) => ({ product_id: id, counted_quantity: 5 + i * 0.25 })) });
  const items = (await as<{ id: string; product_id: string | null; updated_at: string }[]>('GET', '/api/v1/shopping-list')).filter((i) => i.product_id && targetIds.includes(i.product_id));
  if (items.length === 0) throw new Error('no shopping items for the fuzz targets');
  // Drafts in every mode: of the targets (local), of codes the fake upstream knows (even last
  // digit) and of codes nobody knows; confirms use them up, so there are plenty.
  const scanIds: string[] = [];
  const drafts: [string, string][] = targetBarcodes.flatMap((barcode) => ['identify', 'add', 'consume', 'open', 'shopping'].map((mode): [string, string] => [barcode, mode]));
  for (let n = 0; n < 10; n++) {
    const code = withCheckDigit(`40${String(1_000_000_000 + n * 7919).padStart(10, '0')}`);
    drafts.push([code, 'identify'], [code, n % 2 === 0 ? 'add' : 'shopping']);
  }
  drafts.push(['1234', 'identify'], ['123456', 'add']);
  for (const [barcode, mode] of drafts) {
    scanIds.push((await as<{ id: string }>('POST', '/api/v1/scans/resolve', { barcode, mode, client_mutation_id: `fuzz-scan-${barcode}-${mode}` })).id);
  }
  const invitation = await as<{ id: string; invite_token: string }>('POST', '/api/v1/auth/invitations', { display_name: 'Fuzz guest', email: 'guest@example.org', role: 'viewer' });
  const spare = await as<{ id: string; invite_token: string }>('POST', '/api/v1/auth/invitations', { display_name: 'Fuzz member', email: 'member@example.org', role: 'member' });
  const member = await call<{ user: { id: string } }>(baseUrl, 'POST', `/api/v1/auth/invitations/${spare.invite_token}/accept`, { password: 'fuzz member password 1', preferred_locale: 'de' });

  return {
    credentials: { cookie, token },
    scopes,
    targets: {
      product_id: targetIds,
      variant_id: targets.map((t) => t.variants[0].id),
      scan_id: scanIds,
      item_id: items.map((i) => i.id),
      barcode: targetBarcodes,
      expected_updated_at: [...targets.flatMap((t) => [t.updated_at, t.variants[0].updated_at]), ...items.map((i) => i.updated_at)],
      token: [invitation.invite_token],
      invitation_id: [invitation.id],
      user_id: [member.data.user.id],
      origin: [baseUrl],
    },
    controlProductId: control.id,
    controlBarcode,
  };
}

/** Everything the service says about the control product; the fuzz must leave it as it was. */
export async function readControl(baseUrl: string, household: FuzzHousehold): Promise<unknown> {
  const get = (path: string) => call<unknown>(baseUrl, 'GET', path, undefined, household.credentials.cookie).then((r) => r.data);
  return {
    product: await get(`/api/v1/catalog/products/${household.controlProductId}`),
    lookup: await get(`/api/v1/catalog/barcodes/${household.controlBarcode}/lookup`),
    lots: await get(`/api/v1/stock/lots?product_id=${household.controlProductId}`),
  };
}

/**
 * A stand-in for Open Food Facts on loopback (the fuzz must not reach the internet): codes
 * ending in an even digit are found, with awkward but valid field values; others are 404.
 */
export async function startFakeUpstream(): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((incoming, outgoing) => {
    const code = /\/api\/v3\/product\/(\d+)/.exec(incoming.url ?? '')?.[1];
    incoming.resume();
    const found = code !== undefined && Number(code.at(-1)) % 2 === 0;
    const body = found
      ? { code, status: 'success', result: { id: 'product_found' }, product: { code, product_name: `Fuzz ‮ ${code} 😀`, brands: 'Brand, Other', quantity: '500 g', categories: 'en:snacks', product_type: 'food' } }
      : { code, status: 'failure', result: { id: 'product_not_found' }, errors: [] };
    outgoing.writeHead(found ? 200 : 404, { 'content-type': 'application/json' });
    outgoing.end(JSON.stringify(body));
  });
  await new Promise<void>((resolvePromise) => server.listen(0, '127.0.0.1', resolvePromise));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolvePromise) => server.close(() => resolvePromise())) };
}
