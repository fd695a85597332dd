import Check from 'lucide-react/icons/check';
import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { cx } from './class-names';
import './Checkbox.css';

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

/** A native checkbox with a larger box and its label, the whole row 44 px tall. */
export function Checkbox({ label, className, ...rest }: CheckboxProps) {
  return (
    <label className={cx('ui-checkbox', className)}>
      <input {...rest} type="checkbox" className="ui-checkbox-input" />
      <span className="ui-checkbox-box" aria-hidden="true">
        <Check />
      </span>
      <span className="ui-checkbox-label">{label}</span>
    </label>
  );
}
