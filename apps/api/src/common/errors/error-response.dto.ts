import { ApiProperty } from '@nestjs/swagger';

/** The body of every non-validation error. */
export class ErrorResponse {
  /** Human-readable explanation, in the caller's language where it is known. */
  detail: string;
  /** Stable machine-readable reason in snake_case that clients may switch on. */
  code: string;
}

/** One failed constraint of a request, in the FastAPI shape the reference clients expect. */
export class ValidationError {
  /** Where the value was: `body`, `query` or `path`, followed by the field path. */
  @ApiProperty({ type: 'array', items: { oneOf: [{ type: 'string' }, { type: 'integer' }] } })
  loc: (string | number)[];
  msg: string;
  /** Error type such as `string_too_long` or `missing`. */
  type: string;
}

/** The body of a 422 answer. */
export class HTTPValidationError {
  detail: ValidationError[];
  code: string;
}
