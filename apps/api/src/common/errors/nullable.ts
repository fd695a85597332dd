import { ValidateIf } from 'class-validator';

/**
 * For optional, nullable fields: `null` and a missing value mean "none"; any other value must pass
 * the field's other rules. (Kept as plain class-validator decorators so the OpenAPI plugin still
 * reads each field's bounds.)
 */
export const Nullable = (): PropertyDecorator => ValidateIf((_object, value) => value !== null && value !== undefined);

/**
 * For optional fields that are not nullable: a missing value takes the default, an explicit
 * `null` is refused by the field's other rules (`@IsOptional()` would wave it through).
 */
export const Optional = (): PropertyDecorator => ValidateIf((_object, value) => value !== undefined);
