import { ValidateBy, type ValidationOptions } from 'class-validator';

export const MAX_DECIMAL_PLACES = 'maxDecimalPlaces';

/**
 * True when `value` has at most `places` decimals. class-validator's own `maxDecimalPlaces`
 * option reads the digits from the number's text and throws on one printed in exponent form
 * (`6e-323`), which would be a 500; rounding to the places and comparing has no such case.
 */
export function hasAtMostDecimals(value: number, places: number): boolean {
  return Number.isFinite(value) && Number(value.toFixed(places)) === value;
}

/** A number with at most `places` decimals (money in cents, quantities in grams). */
export function MaxDecimalPlaces(places: number, options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: MAX_DECIMAL_PLACES,
      constraints: [places],
      validator: {
        validate: (value) => typeof value !== 'number' || hasAtMostDecimals(value, places),
        defaultMessage: () => `$property must have at most ${places} decimals`,
      },
    },
    options,
  );
}
