import { HttpException, HttpStatus } from '@nestjs/common';
import type { Locale } from '@hinv/shared';
import { ApiException } from './api-exception.js';
import { errorText } from './error-messages.js';
import { RequestValidationException } from './validation.js';
import { FIXED_TEXTS } from './validation-messages.js';

export interface ErrorReply {
  status: number;
  body: { detail: unknown; code: string };
  headers: Record<string, string>;
  /** True when the error was not foreseen: it is logged with its stack and answered as a bare 500. */
  unexpected: boolean;
}

const CODES: Record<number, string> = {
  400: 'bad_request',
  401: 'not_authenticated',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'conflict',
  410: 'gone',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  422: 'validation_failed',
  428: 'recent_authentication_required',
  429: 'too_many_requests',
  502: 'upstream_failed',
  503: 'service_unavailable',
};

/** Errors raised by Express middleware (body parser, static files) carry these fields. */
interface ExpressError {
  status?: number;
  statusCode?: number;
  type?: string;
  expose?: boolean;
  message?: string;
}

function codeFor(status: number): string {
  return CODES[status] ?? (status >= 500 ? 'internal_error' : 'request_failed');
}

/**
 * Maps anything thrown while serving a request to the spec's error shapes: `{detail, code}`,
 * the FastAPI-style 422 array, or a bare 500 that says nothing about the cause.
 */
export function toErrorReply(error: unknown, locale: Locale = 'en'): ErrorReply {
  if (error instanceof RequestValidationException) {
    return { status: 422, body: { detail: error.issuesIn(locale), code: 'validation_failed' }, headers: {}, unexpected: false };
  }
  if (error instanceof ApiException) {
    return { status: error.getStatus(), body: { detail: error.detailIn(locale), code: error.code }, headers: error.headers, unexpected: false };
  }
  if (error instanceof HttpException) {
    const status = error.getStatus();
    const response = error.getResponse();
    const message =
      typeof response === 'string'
        ? response
        : typeof (response as { message?: unknown }).message === 'string'
          ? (response as { message: string }).message
          : error.message;
    if (status >= 500) return internalError(locale);
    // The router's own 404 echoes the method and path; answer like any other unknown resource.
    if (status === 404) return { status, body: { detail: errorText('not_found', locale), code: 'not_found' }, headers: {}, unexpected: false };
    return { status, body: { detail: message, code: codeFor(status) }, headers: {}, unexpected: false };
  }
  const expressError = error as ExpressError | undefined;
  if (expressError && typeof expressError === 'object' && expressError.type === 'entity.parse.failed') {
    // Malformed JSON is a validation failure of the body, as FastAPI reports it.
    return {
      status: 422,
      body: { detail: [{ loc: ['body'], msg: FIXED_TEXTS.jsonInvalid[locale], type: 'json_invalid' }], code: 'validation_failed' },
      headers: {},
      unexpected: false,
    };
  }
  const status = expressError?.status ?? expressError?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500 && expressError?.expose !== false) {
    // Express's own texts are English (and may name internals): say what kind of refusal it was.
    const detail = errorText(status === HttpStatus.PAYLOAD_TOO_LARGE ? 'payload_too_large' : status === 415 ? 'unsupported_media_type' : 'bad_request', locale);
    return { status, body: { detail, code: codeFor(status) }, headers: {}, unexpected: false };
  }
  return internalError(locale);
}

function internalError(locale: Locale): ErrorReply {
  return { status: 500, body: { detail: errorText('internal_error', locale), code: 'internal_error' }, headers: {}, unexpected: true };
}
