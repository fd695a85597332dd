import { HttpException, HttpStatus, ValidationPipe, type ArgumentMetadata } from '@nestjs/common';
import { IS_DATE_STRING, IS_ISO8601, IS_UUID, type ValidationError as ClassValidatorError } from 'class-validator';
import { assertJsonDepth } from '../http/body-limits.js';

export interface ValidationIssue {
  loc: (string | number)[];
  msg: string;
  type: string;
}

/**
 * class-validator constraint names mapped to the error types FastAPI clients already know. Names
 * whose spelling differs from the decorator's (`isIso8601` for `@IsISO8601`) come from
 * class-validator's own constants.
 */
export const ERROR_TYPES: Record<string, string> = {
  whitelistValidation: 'extra_forbidden',
  isDefined: 'missing',
  isNotEmpty: 'missing',
  isString: 'string_type',
  isInt: 'int_type',
  isNumber: 'float_type',
  isBoolean: 'bool_type',
  isEnum: 'enum',
  isIn: 'enum',
  minLength: 'string_too_short',
  maxLength: 'string_too_long',
  isLength: 'string_length',
  min: 'greater_than_equal',
  max: 'less_than_equal',
  isPositive: 'greater_than',
  arrayMinSize: 'too_short',
  arrayMaxSize: 'too_long',
  arrayUnique: 'value_error',
  isArray: 'list_type',
  isObject: 'dict_type',
  isUrl: 'url_parsing',
  [IS_UUID]: 'uuid_parsing',
  [IS_ISO8601]: 'date_parsing',
  [IS_DATE_STRING]: 'date_parsing',
  matches: 'string_pattern_mismatch',
  equals: 'literal_error',
  nestedValidation: 'model_type',
};

/** Flattens class-validator's tree into one issue per failed constraint, with a FastAPI `loc`. */
export function toValidationIssues(errors: ClassValidatorError[], root: string, parents: (string | number)[] = []): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  for (const error of errors) {
    const path = [...parents, /^\d+$/.test(error.property) ? Number(error.property) : error.property];
    for (const [constraint, msg] of Object.entries(error.constraints ?? {})) {
      const missing = error.value === undefined && constraint !== 'whitelistValidation';
      issues.push({
        loc: [root, ...path],
        msg: missing ? 'Field required' : msg,
        type: missing ? 'missing' : (ERROR_TYPES[constraint] ?? 'value_error'),
      });
      if (missing) break;
    }
    issues.push(...toValidationIssues(error.children ?? [], root, path));
  }
  return issues;
}

/** Thrown for any request that fails its DTO; the filter writes it as a 422 `detail` array. */
export class RequestValidationException extends HttpException {
  constructor(readonly issues: ValidationIssue[]) {
    super({ detail: issues, code: 'validation_failed' }, HttpStatus.UNPROCESSABLE_ENTITY);
  }
}

class ClassValidatorErrors {
  constructor(readonly errors: ClassValidatorError[]) {}
}

const LOCATIONS: Record<ArgumentMetadata['type'], string> = { body: 'body', query: 'query', param: 'path', custom: 'body' };

/**
 * The global pipe: strips nothing silently (unknown fields are errors), converts types, and
 * reports every problem with its location (`body`, `query`, `path`) in the FastAPI shape.
 * A body nested past `MAX_JSON_DEPTH` is refused with 400 first: class-transformer and
 * class-validator recurse per level and would overflow the stack on it. The check runs here,
 * after the access guard, so the refusal is worded in the caller's language.
 */
export class ApiValidationPipe extends ValidationPipe {
  constructor() {
    super({
      whitelist: true,
      forbidNonWhitelisted: true,
      transform: true,
      transformOptions: { enableImplicitConversion: false },
      validationError: { target: false, value: true },
      exceptionFactory: (errors) => new ClassValidatorErrors(errors),
    });
  }

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type === 'body') assertJsonDepth(value);
    if (metadata.type === 'body' && metadata.metatype && metadata.metatype !== Object && (value === undefined || value === null || typeof value !== 'object')) {
      throw new RequestValidationException([{ loc: ['body'], msg: 'Input should be a valid JSON object', type: 'model_attributes_type' }]);
    }
    try {
      return await super.transform(value, metadata);
    } catch (error) {
      if (error instanceof ClassValidatorErrors) {
        throw new RequestValidationException(toValidationIssues(error.errors, LOCATIONS[metadata.type]));
      }
      throw error;
    }
  }
}
