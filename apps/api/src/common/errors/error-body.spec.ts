import { NotFoundException, PayloadTooLargeException } from '@nestjs/common';
import { describe, expect, it } from 'vitest';
import { ApiException } from './api-exception.js';
import { toErrorReply } from './error-body.js';
import { RequestValidationException } from './validation.js';

describe('toErrorReply', () => {
  it('answers an unforeseen error with a bare 500 and nothing about the cause', () => {
    const reply = toErrorReply(new TypeError('secret path /data/app.db at line 3'));
    expect(reply).toEqual({ status: 500, body: { detail: 'Internal server error', code: 'internal_error' }, headers: {}, unexpected: true });
  });

  it('keeps the code, detail and headers of an ApiException', () => {
    const reply = toErrorReply(new ApiException(401, 'not_authenticated', {}, { 'WWW-Authenticate': 'Bearer' }));
    expect(reply).toMatchObject({ status: 401, body: { detail: 'Please sign in', code: 'not_authenticated' }, headers: { 'WWW-Authenticate': 'Bearer' } });
  });

  it('writes detail in the caller language, with parameters filled in', () => {
    const error = new ApiException(403, 'missing_scope', { scope: 'scans:write' });
    expect(toErrorReply(error, 'de').body).toEqual({ detail: 'Diesem API-Token fehlt der Bereich scans:write', code: 'missing_scope' });
    expect(toErrorReply(error, 'en').body.detail).toBe('This API token lacks the scope scans:write');
  });

  it('writes validation failures as the 422 detail array, the message in the caller language and the type unchanged', () => {
    const error = new RequestValidationException([{ loc: ['body', 'name'], text: { en: 'Field required', de: 'Pflichtfeld' }, type: 'missing' }]);
    expect(toErrorReply(error)).toMatchObject({ status: 422, body: { detail: [{ loc: ['body', 'name'], msg: 'Field required', type: 'missing' }] } });
    expect(toErrorReply(error, 'de')).toMatchObject({ status: 422, body: { detail: [{ loc: ['body', 'name'], msg: 'Pflichtfeld', type: 'missing' }], code: 'validation_failed' } });
  });

  it('fills a parameter worded per language in the caller language', () => {
    const error = new ApiException(502, 'upstream_unavailable', { reason: { en: 'it timed out', de: 'Zeitüberschreitung' } });
    expect(toErrorReply(error, 'de').body.detail).toBe('Open Food Facts konnte nicht gefragt werden: Zeitüberschreitung');
    expect(toErrorReply(error, 'en').body.detail).toBe('Open Food Facts could not be asked: it timed out');
  });

  it('gives Nest exceptions a stable code and hides the router path', () => {
    expect(toErrorReply(new NotFoundException('Cannot GET /api/v1/x?token=abc')).body).toEqual({ detail: 'Not Found', code: 'not_found' });
    expect(toErrorReply(new NotFoundException('Cannot GET /api/v1/x'), 'de').body).toEqual({ detail: 'Nicht gefunden', code: 'not_found' });
    expect(toErrorReply(new PayloadTooLargeException()).body.code).toBe('payload_too_large');
  });

  it('treats malformed JSON as a body validation failure and an oversized body as 413', () => {
    expect(toErrorReply({ type: 'entity.parse.failed', status: 400, message: 'Unexpected token' })).toMatchObject({
      status: 422,
      body: { detail: [{ loc: ['body'], type: 'json_invalid' }] },
    });
    expect(toErrorReply({ type: 'entity.too.large', status: 413, expose: true, message: 'request entity too large' })).toMatchObject({
      status: 413,
      body: { detail: 'Request body too large', code: 'payload_too_large' },
    });
    expect(toErrorReply({ type: 'entity.too.large', status: 413, expose: true }, 'de').body.detail).toBe('Anfrage zu groß');
    expect(toErrorReply({ type: 'entity.parse.failed', status: 400 }, 'de').body.detail).toEqual([{ loc: ['body'], msg: 'Kein gültiges JSON', type: 'json_invalid' }]);
    expect(toErrorReply({ type: 'charset.unsupported', status: 415, expose: true, message: 'unsupported charset "X"' }, 'de').body).toEqual({ detail: 'Nicht unterstützter Inhaltstyp', code: 'unsupported_media_type' });
  });
});

describe('ERROR_MESSAGES', () => {
  it('has an English and a German text for every code, with the same placeholders', async () => {
    const { ERROR_MESSAGES } = await import('./error-messages.js');
    for (const [code, texts] of Object.entries(ERROR_MESSAGES)) {
      expect(texts.en.length, code).toBeGreaterThan(0);
      expect(texts.de.length, code).toBeGreaterThan(0);
      expect(texts.de.match(/\{\w+\}/g), code).toEqual(texts.en.match(/\{\w+\}/g));
    }
  });
});
