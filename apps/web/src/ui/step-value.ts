/**
 * Arithmetic for amounts changed in steps. Binary floating point turns 0.1 + 0.2 into
 * 0.30000000000000004; an amount of flour must read 0.3, so every result is rounded to the
 * decimals the step and the starting value actually have.
 */

/** How many decimals a number has as written: 0.25 → 2, 3 → 0, 1e-7 → 7. */
export function decimalsOf(value: number): number {
  if (!Number.isFinite(value)) return 0;
  const [digits, exponent] = String(value).split('e');
  const fraction = digits.split('.')[1]?.length ?? 0;
  return Math.max(0, fraction - Number(exponent ?? 0));
}

export function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/** `value` moved by `count` steps (negative counts go down), rounded and kept within bounds. */
export function stepValue(value: number, count: number, { step, min, max }: { step: number; min: number; max: number }): number {
  const decimals = Math.min(12, Math.max(decimalsOf(step), decimalsOf(value)));
  return clamp(Number((value + count * step).toFixed(decimals)), min, max);
}

/**
 * An amount as a person types it: "1,5" and "1.5" alike, spaces ignored; with both separators the
 * last one is the decimal mark ("1.234,5", "1,234.5"). Null for anything that is not a number.
 */
export function parseTyped(text: string): number | null {
  const compact = text.replace(/[\s\u00a0\u202f]/g, '');
  const mark = Math.max(compact.lastIndexOf(','), compact.lastIndexOf('.'));
  const normal = mark < 0 ? compact : `${compact.slice(0, mark).replace(/[.,]/g, '')}.${compact.slice(mark + 1)}`;
  if (!/^\d+(\.\d+)?$|^\.\d+$/.test(normal)) return null;
  return Number(normal);
}
