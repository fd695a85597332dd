import { HttpException } from '@nestjs/common';
import type { Locale } from '@hinv/shared';
import { errorText, type ErrorCode, type MessageParam } from './error-messages.js';

/**
 * An error with the spec's body `{detail, code}`. Services throw these; the global filter writes
 * them with `detail` in the caller's language. `code` is stable snake_case for clients.
 */
export class ApiException extends HttpException {
  constructor(
    status: number,
    readonly code: ErrorCode,
    readonly params: Record<string, MessageParam> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super({ detail: errorText(code, 'en', params), code }, status);
  }

  /** The English text (logs, tests); responses use `detailIn(locale)`. */
  get detail(): string {
    return this.detailIn('en');
  }

  detailIn(locale: Locale): string {
    return errorText(this.code, locale, this.params);
  }
}
