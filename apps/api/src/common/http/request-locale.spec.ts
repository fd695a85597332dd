import express, { type Request } from 'express';
import { describe, expect, it } from 'vitest';
import { PRINCIPAL_KEY } from '../access/principal.js';
import { requestLocale } from './request-locale.js';

/** A real express request (its `acceptsLanguages`), with the given headers and principal. */
function request(headers: Record<string, string>, locale?: 'de' | 'en'): Request {
  const app = express();
  const req = Object.create(app.request) as Request;
  Object.assign(req, { headers, app, [PRINCIPAL_KEY]: locale ? { locale } : undefined });
  return req;
}

describe('requestLocale', () => {
  it('takes the signed-in user language over the header', () => {
    expect(requestLocale(request({ 'accept-language': 'en' }, 'de'))).toBe('de');
    expect(requestLocale(request({ 'accept-language': 'de' }, 'en'))).toBe('en');
  });

  it('negotiates Accept-Language for callers not signed in, English otherwise', () => {
    expect(requestLocale(request({ 'accept-language': 'de-DE,de;q=0.9,en;q=0.5' }))).toBe('de');
    expect(requestLocale(request({ 'accept-language': 'en-GB,de;q=0.3' }))).toBe('en');
    expect(requestLocale(request({ 'accept-language': 'fr-FR,de;q=0.5' }))).toBe('de');
    expect(requestLocale(request({ 'accept-language': 'fr' }))).toBe('en');
    expect(requestLocale(request({ 'accept-language': '*' }))).toBe('en');
    expect(requestLocale(request({}))).toBe('en');
  });
});
