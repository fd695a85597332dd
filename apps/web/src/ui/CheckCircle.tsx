import Check from 'lucide-react/icons/check';
import type { ButtonHTMLAttributes } from 'react';
import { cx } from './class-names';
import './CheckCircle.css';

export interface CheckCircleProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'onChange' | 'children'> {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** What gets checked off, e.g. the item's name: the accessible name of the button. */
  label: string;
}

/** The round check-off button of a shopping row: a 48 px target, a checkbox to screen readers. */
export function CheckCircle({ checked, onChange, label, className, ...rest }: CheckCircleProps) {
  return (
    <button
      {...rest}
      type="button"
      role="checkbox"
      aria-checked={checked}
      aria-label={label}
      className={cx('ui-check-circle', className)}
      onClick={() => onChange(!checked)}
    >
      <span className="ui-check-circle-ring" aria-hidden="true">
        <Check />
      </span>
    </button>
  );
}
