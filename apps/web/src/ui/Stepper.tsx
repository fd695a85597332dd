import { useRef, useState, type KeyboardEvent } from 'react';
import Minus from 'lucide-react/icons/minus';
import Plus from 'lucide-react/icons/plus';
import { cx } from './class-names';
import { IconButton } from './IconButton';
import { parseTyped, stepValue } from './step-value';
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
  /**
   * Told whether the typed text is a usable amount (a number within `typedMin`…`max`), as it is
   * typed: a screen keeps its submit button off while it is not, instead of sending the old value.
   */
  onTypedValidity?: (valid: boolean) => void;
  className?: string;
}

/** Keys of the ARIA spinbutton pattern, as a number of steps; Home and End are handled apart. */
const KEY_STEPS: Record<string, number> = { ArrowUp: 1, ArrowRight: 1, ArrowDown: -1, ArrowLeft: -1, PageUp: 10, PageDown: -10 };

function plainNumber(value: number): string {
  const locale = typeof document === 'undefined' ? undefined : document.documentElement.lang || undefined;
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 6, useGrouping: false }).format(value);
}

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
  onTypedValidity,
  className,
}: StepperProps) {
  // What is being typed, while the field has focus; null shows the value itself.
  const [typed, setTyped] = useState<string | null>(null);
  const atMin = disabled || value <= min;
  const atMax = disabled || value >= max;

  // The values asked of the owner that it has not shown yet, after the value shown when the first
  // was asked. An owner may show a change a moment later (the shopping list saves it on the device
  // first): a press meanwhile steps from the last value asked, so two quick taps on + count twice.
  const asked = useRef<number[]>([]);
  const current = (): number => {
    const at = asked.current.indexOf(value);
    // Shown at last, or changed from outside (another device, a reload): the shown value counts.
    if (at === -1 || at === asked.current.length - 1) {
      asked.current = [];
      return value;
    }
    return asked.current[asked.current.length - 1];
  };
  const change = (next: number) => {
    const from = current();
    if (disabled || next === from) return;
    asked.current = asked.current.length === 0 ? [from, next] : [...asked.current, next];
    onChange(next);
  };
  // A typed value may sit below the buttons' minimum (0.5 of whole packages): a step down must
  // then leave it, never move it up to the minimum.
  const stepped = (count: number) => {
    const from = current();
    const next = stepValue(from, count, { step, min, max });
    return (count < 0 && next > from) || (count > 0 && next < from) ? from : next;
  };
  const move = (count: number) => change(stepped(count));

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    let next: number | undefined;
    if (event.key in KEY_STEPS) next = stepped(KEY_STEPS[event.key]);
    else if (event.key === 'Home' && Number.isFinite(min)) next = Math.min(min, current());
    else if (event.key === 'End' && Number.isFinite(max)) next = max;
    if (next === undefined) return;
    event.preventDefault();
    change(next);
  };

  // Typed text shows the number without grouping: "1.500" would read back as one and a half.
  const text = editable ? plainNumber(value) : format(value);
  const usable = (candidate: number | null): candidate is number => candidate !== null && candidate >= typedMin && candidate <= max;
  const onTyped = (next: string) => {
    setTyped(next);
    const parsed = parseTyped(next);
    onTypedValidity?.(usable(parsed));
    // Every usable amount counts at once, so a tap on Confirm right after typing sends it.
    if (usable(parsed)) change(Number(parsed.toFixed(6)));
  };
  // Leaving the field shows the value again; an unusable text stays (marked) until it is fixed.
  const commitTyped = () => {
    if (typed !== null && usable(parseTyped(typed))) setTyped(null);
  };
  const invalid = typed !== null && !usable(parseTyped(typed));
  const spin = {
    role: 'spinbutton',
    'aria-label': label,
    'aria-valuenow': value,
    'aria-valuemin': Number.isFinite(editable ? typedMin : min) ? (editable ? typedMin : min) : undefined,
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
          aria-invalid={invalid || undefined}
          onChange={(event) => onTyped(event.target.value)}
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
