import { Logger } from '@nestjs/common';
import express, { type NextFunction, type Request, type Response } from 'express';
import { ApiException } from '../errors/api-exception.js';
import { sendError } from '../errors/http-exception.filter.js';

/**
 * How many objects and arrays a JSON body may nest (`{}` is one level, `{"a": []}` two). Our
 * deepest real body (a passkey credential) has four; class-transformer and class-validator recurse
 * once per level, so a body thousands of levels deep would overflow the stack inside them.
 */
export const MAX_JSON_DEPTH = 32;

/**
 * Refuses a request before its body is read: a malformed `Content-Length` is 400, a declared
 * length over the limit is 413. The JSON parser enforces the same limit on streamed bodies.
 */
export function contentLengthGuard(maxBytes: number) {
  return (request: Request, _response: Response, next: NextFunction): void => {
    const declared = request.headers['content-length'];
    if (declared === undefined) return next();
    if (!/^\d+$/.test(declared)) return next(new ApiException(400, 'invalid_content_length'));
    if (Number(declared) > maxBytes) return next(new ApiException(413, 'payload_too_large'));
    next();
  };
}

/**
 * Counts the bytes of a body that declared no length (chunked) as they arrive, whoever reads
 * them: past `maxBytes` the caller gets 413 and the connection is closed. Without it a refused
 * chunked body would be read to its end and discarded (multer and body-parser drain the rest of
 * a body before they answer), however long the sender kept sending. The count sits on the
 * request's `push`, where the socket's data enters the stream, so it changes nothing about how
 * or when the body is read.
 */
export function streamedBodyLimit(maxBytes: number) {
  return (request: Request, response: Response, next: NextFunction): void => {
    if (request.headers['content-length'] !== undefined || request.headers['transfer-encoding'] === undefined) return next();
    let seen = 0;
    const push = request.push.bind(request);
    request.push = (chunk: unknown, encoding?: BufferEncoding): boolean => {
      if (chunk === null || chunk === undefined) return push(chunk, encoding);
      seen += (chunk as Buffer).length;
      if (seen <= maxBytes) return push(chunk, encoding);
      request.push = () => false;
      refuseAndClose(request, response);
      return false;
    };
    next();
  };
}

const logger = new Logger('BodyLimits');

/** 413 through the shared error path (in the caller's language), then the connection is closed. */
function refuseAndClose(request: Request, response: Response): void {
  const close = (): void => {
    response.socket?.destroy();
  };
  if (response.headersSent) return close();
  response.setHeader('Connection', 'close');
  sendError(new ApiException(413, 'payload_too_large'), request, response, logger);
  response.once('finish', close);
}

/**
 * multer's limits for our uploads (one file field, `image`): the file up to MAX_UPLOAD_MB, a few
 * short text fields, few parts. busboy counts every part's bytes as they stream in, chunked
 * bodies included, so a multipart body costs at most about one file; multer's own defaults
 * (1 MB per text field, no field or part count) read 150 chunked 1 MB fields whole.
 */
export function uploadLimits(maxUploadBytes: number) {
  return { fileSize: maxUploadBytes, files: 1, fields: 4, fieldSize: 1024, fieldNameSize: 100, parts: 5, headerPairs: 20 };
}

/** How many keys one JSON object may have; our widest input object has about twenty. */
export const MAX_JSON_KEYS_PER_OBJECT = 100;
/**
 * How many members (object keys plus array elements) a whole JSON body may have; the largest
 * real body, a stock count of 1,000 lines, has about 9,000.
 */
export const MAX_JSON_MEMBERS = 20_000;

/** What every JSON body may weigh unless its route is listed in `LARGE_JSON_ROUTES`. */
export const DEFAULT_JSON_BODY_BYTES = 64 * 1024;

export interface JsonRouteLimit {
  method: string;
  /** Matched case-insensitively against the path (the router is case-insensitive too). */
  path: RegExp;
  maxBytes: number;
}

/**
 * Routes whose largest legitimate body is over `DEFAULT_JSON_BODY_BYTES`, each sized by its DTO
 * bounds written in UTF-8 (no escapes): everything else, sign-in included, stays small.
 */
export const LARGE_JSON_ROUTES: readonly JsonRouteLimit[] = [
  // 1,000 lines of at most ~2.3 KB each (ids, quantities, a 500-character note).
  { method: 'POST', path: /^\/api\/v1\/stock\/counts\/?$/i, maxBytes: 4 * 1024 * 1024 },
  // 1,000 product ids of at most 100 characters.
  { method: 'POST', path: /^\/api\/v1\/shopping-list\/generate\/?$/i, maxBytes: 512 * 1024 },
  // 500 line ids of at most 100 characters.
  { method: 'POST', path: /^\/api\/v1\/receipts\/[^/]+\/import\/?$/i, maxBytes: 256 * 1024 },
];

export type JsonShapeProblem = 'body_too_deep' | 'body_too_wide';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const COLON = 0x3a;
const COMMA = 0x2c;

/**
 * One pass over the raw bytes of a JSON body, before it is parsed: refuses nesting deeper than
 * `maxDepth`, an object with more than `maxKeys` keys and more than `maxMembers` members in all.
 * Linear in the body and stops at the first problem, so a hostile body costs a bounded scan and
 * never reaches the parser or class-transformer (whose key handling is quadratic per object).
 * Structural characters are ASCII and never part of a UTF-8 sequence, so bytes are enough; a
 * malformed body is left to the parser to refuse.
 */
export function scanJsonShape(bytes: Uint8Array, limits: { maxDepth: number; maxKeys: number; maxMembers: number }): JsonShapeProblem | null {
  const keys = new Uint32Array(limits.maxDepth + 2);
  const isObject = new Uint8Array(limits.maxDepth + 2);
  let depth = 0;
  let members = 0;
  let inString = false;
  for (let index = 0; index < bytes.length; index++) {
    const byte = bytes[index];
    if (inString) {
      if (byte === BACKSLASH) index++;
      else if (byte === QUOTE) inString = false;
      continue;
    }
    switch (byte) {
      case QUOTE:
        inString = true;
        break;
      case OPEN_OBJECT:
      case OPEN_ARRAY:
        if (++depth > limits.maxDepth) return 'body_too_deep';
        keys[depth] = 0;
        isObject[depth] = byte === OPEN_OBJECT ? 1 : 0;
        break;
      case CLOSE_OBJECT:
      case CLOSE_ARRAY:
        if (depth > 0) depth--;
        break;
      case COLON:
        if (depth > 0 && isObject[depth] === 1) {
          if (++keys[depth] > limits.maxKeys) return 'body_too_wide';
          if (++members > limits.maxMembers) return 'body_too_wide';
        }
        break;
      case COMMA:
        if (depth > 0 && isObject[depth] === 0 && ++members > limits.maxMembers) return 'body_too_wide';
        break;
    }
  }
  return null;
}

const SHAPE_LIMITS = { maxDepth: MAX_JSON_DEPTH, maxKeys: MAX_JSON_KEYS_PER_OBJECT, maxMembers: MAX_JSON_MEMBERS };

function refuseHostileShape(_request: unknown, _response: unknown, body: Buffer): void {
  const problem = scanJsonShape(body, SHAPE_LIMITS);
  if (problem === 'body_too_deep') throw new ApiException(400, 'body_too_deep', { max: String(MAX_JSON_DEPTH) });
  if (problem === 'body_too_wide') {
    throw new ApiException(400, 'body_too_wide', { keys: String(MAX_JSON_KEYS_PER_OBJECT), members: String(MAX_JSON_MEMBERS) });
  }
}

function jsonParser(maxBytes: number) {
  // `verify` sees the (inflated) bytes before JSON.parse does; what it throws is the answer.
  const general = express.json({ limit: maxBytes, strict: false, verify: refuseHostileShape });
  return (request: Request, response: Response, next: NextFunction): void => {
    if (isPlainJsonRequest(request, maxBytes)) readPlainJson(request, response, next);
    else general(request, response, next);
  };
}

/** The media types a plain body declares: JSON in UTF-8, as every client of ours sends it. */
const PLAIN_JSON_TYPES = new Set(['application/json', 'application/json; charset=utf-8', 'application/json;charset=utf-8']);

/**
 * A body the parser's general path would read as it comes: JSON in UTF-8, not compressed, of a
 * declared length within the limit (the HTTP parser then delivers exactly that many bytes).
 */
function isPlainJsonRequest(request: Request, maxBytes: number): boolean {
  const headers = request.headers;
  const type = headers['content-type'];
  const length = headers['content-length'];
  return (
    type !== undefined &&
    PLAIN_JSON_TYPES.has(type.toLowerCase()) &&
    length !== undefined &&
    headers['transfer-encoding'] === undefined &&
    (headers['content-encoding'] === undefined || headers['content-encoding'].toLowerCase() === 'identity') &&
    Number(length) <= maxBytes &&
    request.readable &&
    !request.readableDidRead
  );
}

/**
 * Reads a plain JSON body (`isPlainJsonRequest`) with the general path's outcome: the same
 * shape check on the raw bytes, a leading byte-order mark dropped, an empty body read as `{}`,
 * and malformed JSON refused as `entity.parse.failed`. Every scan and sync sends such a body:
 * the general path's content-type parsing, charset decoder and stream wrapper cost more than
 * reading a few hundred bytes.
 */
function readPlainJson(request: Request, response: Response, next: NextFunction): void {
  const chunks: Buffer[] = [];
  let received = 0;
  const onData = (chunk: Buffer): void => {
    chunks.push(chunk);
    received += chunk.length;
  };
  const onEnd = (): void => {
    cleanup();
    const bytes = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, received);
    try {
      refuseHostileShape(request, response, bytes);
    } catch (error) {
      return next(error);
    }
    let text = bytes.toString('utf8');
    if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    try {
      request.body = text.length === 0 ? {} : (JSON.parse(text) as unknown);
    } catch (error) {
      return next(Object.assign(error as Error, { status: 400, statusCode: 400, expose: true, type: 'entity.parse.failed' }));
    }
    next();
  };
  const onClose = (): void => {
    cleanup();
    next(Object.assign(new Error('request aborted'), { status: 400, statusCode: 400, expose: true, type: 'request.aborted' }));
  };
  const onError = (error: Error): void => {
    cleanup();
    next(Object.assign(error, { status: 400, statusCode: 400, expose: true }));
  };
  const cleanup = (): void => {
    request.off('data', onData);
    request.off('end', onEnd);
    request.off('aborted', onClose);
    request.off('error', onError);
  };
  request.on('data', onData);
  request.on('end', onEnd);
  request.on('aborted', onClose);
  request.on('error', onError);
}

/**
 * The JSON body parser: `DEFAULT_JSON_BODY_BYTES` (counted while streaming, so chunked and gzip
 * bodies too) unless the route is one of `routes`, never more than `ceilingBytes`; every body's
 * shape is checked before it is parsed.
 */
export function jsonBody(ceilingBytes: number, routes: readonly JsonRouteLimit[] = LARGE_JSON_ROUTES, defaultBytes = DEFAULT_JSON_BODY_BYTES) {
  const small = jsonParser(Math.min(defaultBytes, ceilingBytes));
  const large = routes.map((route) => ({ ...route, parser: jsonParser(Math.min(route.maxBytes, ceilingBytes)) }));
  return (request: Request, response: Response, next: NextFunction): void => {
    // A request without a body (most GETs) has nothing to parse: the parser would only find that
    // out after a few checks of its own (type-is' `hasBody`, the same test).
    if (request.headers['transfer-encoding'] === undefined && request.headers['content-length'] === undefined) return next();
    const path = request.path;
    const route = large.find((candidate) => candidate.method === request.method && candidate.path.test(path));
    (route ? route.parser : small)(request, response, next);
  };
}
