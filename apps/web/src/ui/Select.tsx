import ChevronDown from 'lucide-react/icons/chevron-down';
import type { Ref, SelectHTMLAttributes } from 'react';
import { cx } from './class-names';
import './control.css';

export interface SelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  ref?: Ref<HTMLSelectElement>;
}

/** A styled native select (the phone's own picker opens); put it in a Field for its label. */
export function Select({ className, ...rest }: SelectProps) {
  return (
    <span className="ui-select">
      <select {...rest} className={cx('ui-control', className)} />
      <ChevronDown className="ui-select-chevron" aria-hidden="true" />
    </span>
  );
}
