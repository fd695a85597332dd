import { useState, type InputHTMLAttributes, type Ref } from 'react';
import { cx } from './class-names';
import { parseTyped } from './step-value';
import './control.css';

export interface MoneyInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'type'> {
  /** The amount; null while the field is empty. */
  value: number | null;
  /** Every edit: the amount read from the text (null when empty or not an amount) and whether the text is usable. */
  onChange: (value: number | null, valid: boolean) => void;
  /** The page's language, for showing the amount ("1,99" in German, "1.99" in English). */
  locale: string;
  /** An empty field counts as usable (an optional amount). */
  optional?: boolean;
  max?: number;
  ref?: Ref<HTMLInputElement>;
}

/**
 * An amount of money as a person types it, in either language's way: `1,99` and `1.99` both read
 * as 1.99 (with both marks the last one is the decimal mark). At most two decimals, never negative.
 */
export function parseMoney(text: string): number | null {
  const compact = text.replace(/[\s\u00a0\u202f€$£]/g, '');
  // Plain ("1234,5") or grouped with decimals ("1.234,56"); a lone "1,999" is no amount of money.
  if (!/^\d+(?:[.,]\d{1,2})?$|^\d{1,3}(?:[.,]\d{3})+[.,]\d{1,2}$/.test(compact)) return null;
  return parseTyped(compact);
}

function shown(value: number | null, locale: string): string {
  return value === null ? '' : new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false }).format(value);
}

/** A text field for money: the number pad on phones, the amount read as it is typed, marked when it is none. */
export function MoneyInput({ value, onChange, locale, optional = false, max = 1_000_000, className, onBlur, ...rest }: MoneyInputProps) {
  // What is being typed; null shows the value itself.
  const [typed, setTyped] = useState<string | null>(null);
  const text = typed ?? shown(value, locale);
  const read = (candidate: string) => {
    if (candidate.trim() === '') return { amount: null, valid: optional };
    const amount = parseMoney(candidate);
    return { amount, valid: amount !== null && amount <= max };
  };
  const { valid } = read(text);
  return (
    <input
      {...rest}
      className={cx('ui-control', 'ui-money-input', className)}
      inputMode="decimal"
      autoComplete="off"
      value={text}
      aria-invalid={!valid || rest['aria-invalid'] ? true : undefined}
      onChange={(event) => {
        setTyped(event.target.value);
        const next = read(event.target.value);
        onChange(next.valid ? next.amount : null, next.valid);
      }}
      onBlur={(event) => {
        if (valid) setTyped(null);
        onBlur?.(event);
      }}
    />
  );
}
