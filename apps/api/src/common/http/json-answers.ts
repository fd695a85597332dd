import type { Express, Response } from 'express';

/**
 * Every JSON answer goes through Express's `res.json` and `res.send`, which look up four app
 * settings, find the media type's charset in mime-db, then parse and format the Content-Type
 * header again to add that charset: about as much work as the rest of answering `/api/health`.
 * For the usual answer (an object, no Content-Type or Transfer-Encoding set yet, Express's JSON
 * settings left alone, no ETag) this writes exactly what they write: the same status, headers and
 * body, a 304 for a fresh conditional GET, no body for HEAD, 204, 304 and an empty one for 205.
 * Anything else goes to Express's own `res.json`.
 */
export function installJsonAnswers(app: Express): void {
  const response = app.response as Response;
  const general = response.json;
  const plain = (): boolean =>
    app.get('json replacer') === undefined && app.get('json spaces') === undefined && !app.get('json escape') && typeof app.get('etag fn') !== 'function';
  // The settings are read once: they are set while the app is built, before it answers.
  let settingsPlain: boolean | undefined;
  response.json = function json(this: Response, value: unknown): Response {
    settingsPlain ??= plain();
    if (!settingsPlain || typeof value !== 'object' || value === null || this.hasHeader('content-type') || this.hasHeader('transfer-encoding')) {
      return general.call(this, value);
    }
    let body = JSON.stringify(value);
    this.setHeader('Content-Type', 'application/json; charset=utf-8');
    this.setHeader('Content-Length', String(Buffer.byteLength(body)));
    if (this.req.fresh) this.statusCode = 304;
    if (this.statusCode === 204 || this.statusCode === 304) {
      this.removeHeader('Content-Type');
      this.removeHeader('Content-Length');
      this.removeHeader('Transfer-Encoding');
      body = '';
    }
    if (this.statusCode === 205) {
      this.setHeader('Content-Length', '0');
      this.removeHeader('Transfer-Encoding');
      body = '';
    }
    if (this.req.method === 'HEAD') this.end();
    else this.end(body, 'utf8');
    return this;
  };
}
