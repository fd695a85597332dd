import * as classValidator from 'class-validator';
import { IsDateString, IsInt, IsOptional, IsString, IsUUID, Max, MaxLength, Min, ValidateNested, ValidationTypes } from 'class-validator';
import { Type } from 'class-transformer';
import { describe, expect, it } from 'vitest';
import { OptionalCalendarDate } from './calendar-date.js';
import { ApiValidationPipe, ERROR_TYPES, RequestValidationException, type ValidationIssue } from './validation.js';

class Line {
  @IsInt()
  @Min(1)
  quantity: number;
}

class Sample {
  @IsString()
  @MaxLength(5)
  name: string;

  @IsOptional()
  @IsInt()
  @Max(10)
  count?: number;

  @IsOptional()
  @ValidateNested({ each: true })
  @Type(() => Line)
  lines?: Line[];
}

async function issuesFor(value: unknown, type: 'body' | 'query' = 'body'): Promise<ValidationIssue[]> {
  try {
    await new ApiValidationPipe().transform(value, { type, metatype: Sample });
  } catch (error) {
    if (error instanceof RequestValidationException) return error.issues;
    throw error;
  }
  return [];
}

describe('ApiValidationPipe', () => {
  it('accepts a valid body and returns the DTO instance', async () => {
    const result = await new ApiValidationPipe().transform({ name: 'milk', count: 3 }, { type: 'body', metatype: Sample });
    expect(result).toBeInstanceOf(Sample);
  });

  it('reports a missing field as FastAPI does', async () => {
    expect(await issuesFor({})).toEqual([{ loc: ['body', 'name'], msg: 'Field required', type: 'missing' }]);
  });

  it('maps bounds to FastAPI error types with the field location', async () => {
    const issues = await issuesFor({ name: 'too long', count: 11 });
    expect(issues.map((i) => [i.loc, i.type])).toEqual([
      [['body', 'name'], 'string_too_long'],
      [['body', 'count'], 'less_than_equal'],
    ]);
  });

  it('drops unknown fields, as the reference does for every model, so they never reach a service', async () => {
    const result = await new ApiValidationPipe().transform({ name: 'ok', admin: true, lines: [{ quantity: 1, price: 2 }] }, { type: 'body', metatype: Sample });
    expect(result).toEqual(Object.assign(new Sample(), { name: 'ok', lines: [Object.assign(new Line(), { quantity: 1 })] }));
    expect(await issuesFor({ name: 'ok', admin: true })).toEqual([]);
  });

  it('words each message in English and German with the constraint arguments, keeping the type', async () => {
    let refusal: unknown;
    await new ApiValidationPipe().transform({ name: 'too long', count: 11, lines: [{ quantity: 0 }] }, { type: 'body', metatype: Sample }).catch((error: unknown) => (refusal = error));
    expect(refusal).toBeInstanceOf(RequestValidationException);
    const error = refusal as RequestValidationException;
    expect(error.issuesIn('en')).toEqual([
      { loc: ['body', 'name'], msg: 'name must be at most 5 characters long', type: 'string_too_long' },
      { loc: ['body', 'count'], msg: 'count must not be greater than 10', type: 'less_than_equal' },
      { loc: ['body', 'lines', 0, 'quantity'], msg: 'quantity must not be less than 1', type: 'greater_than_equal' },
    ]);
    expect(error.issuesIn('de')).toEqual([
      { loc: ['body', 'name'], msg: 'name darf höchstens 5 Zeichen lang sein', type: 'string_too_long' },
      { loc: ['body', 'count'], msg: 'count darf nicht größer als 10 sein', type: 'less_than_equal' },
      { loc: ['body', 'lines', 0, 'quantity'], msg: 'quantity darf nicht kleiner als 1 sein', type: 'greater_than_equal' },
    ]);
  });

  it('locates errors inside arrays by index', async () => {
    const issues = await issuesFor({ name: 'ok', lines: [{ quantity: 1 }, { quantity: 0 }] });
    expect(issues).toEqual([{ loc: ['body', 'lines', 1, 'quantity'], msg: 'quantity must not be less than 1', type: 'greater_than_equal' }]);
  });

  it('names the query as the location of query errors', async () => {
    expect((await issuesFor({ name: 123 }, 'query'))[0].loc).toEqual(['query', 'name']);
  });

  it('refuses a body that is not an object', async () => {
    expect(await issuesFor('text')).toEqual([{ loc: ['body'], msg: 'Input should be a valid JSON object', type: 'model_attributes_type' }]);
  });
});

class Dated {
  @IsOptional()
  @OptionalCalendarDate()
  best_before_date?: string | null;

  @IsOptional()
  @IsDateString()
  at?: string;

  @IsOptional()
  @IsUUID()
  id?: string;
}

describe('error types', () => {
  const typesFor = async (value: unknown) => {
    try {
      await new ApiValidationPipe().transform(value, { type: 'body', metatype: Dated });
    } catch (error) {
      if (error instanceof RequestValidationException) return error.issues.map((issue) => [issue.loc.at(-1), issue.type]);
      throw error;
    }
    return [];
  };

  it('calls a date that is no date date_parsing, as the map says', async () => {
    expect(await typesFor({ best_before_date: '2027-02-30' })).toContainEqual(['best_before_date', 'date_parsing']);
    expect(await typesFor({ best_before_date: 'tomorrow' })).toContainEqual(['best_before_date', 'date_parsing']);
    expect(await typesFor({ at: 'not a date' })).toEqual([['at', 'date_parsing']]);
  });

  it('calls an id that is no UUID uuid_parsing', async () => {
    expect(await typesFor({ id: 'not-a-uuid' })).toEqual([['id', 'uuid_parsing']]);
  });

  it('maps only names class-validator reports (a misspelt one would never match)', () => {
    const reported = new Set<string>([
      ...Object.values(ValidationTypes).filter((name): name is string => typeof name === 'string'),
      ...Object.entries(classValidator).filter(([key, value]) => /^[A-Z0-9_]+$/.test(key) && typeof value === 'string').map(([, value]) => value as string),
    ]);
    expect(Object.keys(ERROR_TYPES).filter((name) => !reported.has(name))).toEqual([]);
  });
});
