import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { IsISO8601, Length } from 'class-validator';
import { Nullable } from './nullable.js';

const MESSAGE = '$property must be a date YYYY-MM-DD';

/** An optional, nullable calendar date (`YYYY-MM-DD`, nothing else), documented as `format: date`. */
export const OptionalCalendarDate = (): PropertyDecorator =>
  applyDecorators(
    Nullable(),
    IsISO8601({ strict: true }, { message: MESSAGE }),
    Length(10, 10, { message: MESSAGE }),
    ApiProperty({ type: 'string', format: 'date', minLength: 10, maxLength: 10, nullable: true, required: false }),
  );
