import { useState, type KeyboardEvent } from 'react';
import Minus from 'lucide-react/icons/minus';
import Plus from 'lucide-react/icons/plus';
import { cx } from './class-names';
import { IconButton } from './IconButton';
import { clamp, parseTyped, stepValue } from './step-value';
import './Stepper.css';

export interface StepperProps {
  value: number;
  onChange: (value: number) => void;
  min?: number;
  max?: number;
  /** May be fractional (0.1, 0.25); results are rounded to the step's decimals. */
  step?: number;
  /** The accessible name of the number, e.g. "Amount". */
  label: string;
  decreaseLabel: string;
  increaseLabel: string;
  /** Shown and announced instead of the bare number, e.g. (v) => `${v} kg`. Defaults to the page locale. */
  format?: (value: number) => string;
  size?: 'md' | 'lg';
  disabled?: boolean;
  /**
   * The number can also be typed (a phone opens its number pad): for amounts that are not whole
   * steps, such as 0.5 kg. A typed value is kept within `typedMin` (default `min`) and `max`.
   */
  editable?: boolean;
  typedMin?: number;
  className?: string;
}

/** Keys of the ARIA spinbutton pattern, as a number of steps; Home and End are handled apart. */
const KEY_STEPS: Record<string, number> = { ArrowUp: 1, ArrowRight: 1, ArrowDown: -1, ArrowLeft: -1, PageUp: 10, PageDown: -10 };

function formatInPageLocale(value: number): string {
  const locale = typeof document === 'undefined' ? undefined : document.documentElement.lang || undefined;
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 6 }).format(value);
}

/** − n + for amounts: big buttons for thumbs, a spinbutton for keyboards and screen readers. */
export function Stepper({
  value,
  onChange,
  min = 0,
  max = Number.POSITIVE_INFINITY,
  step = 1,
  label,
  decreaseLabel,
  increaseLabel,
  format = formatInPageLocale,
  size = 'md',
  disabled = false,
  editable = false,
  typedMin = min,
  className,
}: StepperProps) {
  // What is being typed, while the field has focus; null shows the value itself.
  const [typed, setTyped] = useState<string | null>(null);
  const atMin = disabled || value <= min;
  const atMax = disabled || value >= max;

  const change = (next: number) => {
    if (!disabled && next !== value) onChange(next);
  };
  const move = (count: number) => change(stepValue(value, count, { step, min, max }));

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    let next: number | undefined;
    if (event.key in KEY_STEPS) next = stepValue(value, KEY_STEPS[event.key], { step, min, max });
    else if (event.key === 'Home' && Number.isFinite(min)) next = min;
    else if (event.key === 'End' && Number.isFinite(max)) next = max;
    if (next === undefined) return;
    event.preventDefault();
    change(next);
  };

  const text = format(value);
  const commitTyped = () => {
    if (typed === null) return;
    const parsed = parseTyped(typed);
    setTyped(null);
    if (parsed !== null) change(Number(clamp(parsed, typedMin, max).toFixed(6)));
  };
  const spin = {
    role: 'spinbutton',
    'aria-label': label,
    'aria-valuenow': value,
    'aria-valuemin': Number.isFinite(min) ? min : undefined,
    'aria-valuemax': Number.isFinite(max) ? max : undefined,
    'aria-valuetext': text,
    'aria-disabled': disabled || undefined,
  } as const;
  // aria-disabled rather than disabled at a bound: a disabled button drops keyboard focus to the page.
  return (
    <div className={cx('ui-stepper', `ui-stepper--${size}`, className)} data-disabled={disabled || undefined}>
      <IconButton icon={Minus} label={decreaseLabel} size={size} variant="quiet" aria-disabled={atMin} onClick={() => !atMin && move(-1)} />
      {editable ? (
        <input
          {...spin}
          className="ui-stepper-value ui-stepper-input"
          inputMode="decimal"
          autoComplete="off"
          disabled={disabled}
          value={typed ?? text}
          onFocus={(event) => event.currentTarget.select()}
          onChange={(event) => setTyped(event.target.value)}
          onBlur={commitTyped}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              commitTyped();
            } else if (typed === null) onKeyDown(event);
          }}
        />
      ) : (
        <span {...spin} className="ui-stepper-value" tabIndex={disabled ? -1 : 0} onKeyDown={onKeyDown}>
          {text}
        </span>
      )}
      <IconButton icon={Plus} label={increaseLabel} size={size} variant="quiet" aria-disabled={atMax} onClick={() => !atMax && move(1)} />
    </div>
  );
}
