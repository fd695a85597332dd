import { HttpException } from '@nestjs/common';

/**
 * An error with the spec's body `{detail, code}`. Services throw these; the global filter
 * writes them out unchanged. `code` is stable snake_case, `detail` is for people.
 */
export class ApiException extends HttpException {
  constructor(
    status: number,
    readonly code: string,
    readonly detail: string,
    readonly headers: Record<string, string> = {},
  ) {
    super({ detail, code }, status);
  }
}
