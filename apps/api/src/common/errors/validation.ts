import { HttpException, HttpStatus, ValidationPipe, type ArgumentMetadata } from '@nestjs/common';
import { IS_DATE_STRING, IS_ISO8601, IS_UUID, type ValidationError as ClassValidatorError } from 'class-validator';
import type { Locale } from '@hinv/shared';
import { validInstance } from './valid-fast-path.js';
import { cacheValidationMetadata } from './validation-metadata-cache.js';
import { constraintText, FIXED_TEXTS, type LocalizedText } from './validation-messages.js';

export interface ValidationIssue {
  loc: (string | number)[];
  msg: string;
  type: string;
}

/** An issue whose message is kept in both languages until the caller's is known. */
export interface LocalizedIssue {
  loc: (string | number)[];
  text: LocalizedText;
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
export function toValidationIssues(errors: ClassValidatorError[], root: string, parents: (string | number)[] = []): LocalizedIssue[] {
  const issues: LocalizedIssue[] = [];
  for (const error of errors) {
    const path = [...parents, /^\d+$/.test(error.property) ? Number(error.property) : error.property];
    for (const [constraint, msg] of Object.entries(error.constraints ?? {})) {
      const missing = error.value === undefined;
      issues.push({
        loc: [root, ...path],
        text: missing ? FIXED_TEXTS.missing : constraintText(error, constraint, msg),
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
  constructor(readonly localizedIssues: LocalizedIssue[]) {
    super({ detail: localizedIssues.map((issue) => inLocale(issue, 'en')), code: 'validation_failed' }, HttpStatus.UNPROCESSABLE_ENTITY);
  }

  /** The English issues (logs, tests); responses use `issuesIn(locale)`. */
  get issues(): ValidationIssue[] {
    return this.issuesIn('en');
  }

  issuesIn(locale: Locale): ValidationIssue[] {
    return this.localizedIssues.map((issue) => inLocale(issue, locale));
  }
}

function inLocale(issue: LocalizedIssue, locale: Locale): ValidationIssue {
  return { loc: issue.loc, msg: issue.text[locale], type: issue.type };
}

class ClassValidatorErrors {
  constructor(readonly errors: ClassValidatorError[]) {}
}

const LOCATIONS: Record<ArgumentMetadata['type'], string> = { body: 'body', query: 'query', param: 'path', custom: 'body' };

/**
 * The global pipe: drops fields no DTO declares (the reference ignores unknown fields in every
 * model and query, so a client may echo back read-only fields it got; they are never stored),
 * converts types, and
 * reports every problem with its location (`body`, `query`, `path`) in the FastAPI shape.
 * A body nested past `MAX_JSON_DEPTH` never gets here: the JSON body parser scans its raw bytes
 * first (`jsonBody` in body-limits), as class-transformer and class-validator recurse per level.
 */
export class ApiValidationPipe extends ValidationPipe {
  constructor() {
    cacheValidationMetadata();
    super({
      whitelist: true,
      forbidNonWhitelisted: false,
      transform: true,
      transformOptions: { enableImplicitConversion: false },
      // The target lets a message read its constraint's arguments from the DTO's metadata.
      validationError: { target: true, value: true },
      exceptionFactory: (errors) => new ClassValidatorErrors(errors),
    });
  }

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type === 'body' && metadata.metatype && metadata.metatype !== Object && (value === undefined || value === null || typeof value !== 'object')) {
      throw new RequestValidationException([{ loc: ['body'], text: FIXED_TEXTS.notAnObject, type: 'model_attributes_type' }]);
    }
    // A flat body or query that passes its rules is answered without the full machinery; anything
    // else, every failure included, goes through it and is reported by it.
    if (metadata.type === 'body' || metadata.type === 'query') {
      const valid = validInstance(metadata.metatype, value);
      if (valid !== undefined) return valid;
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
