import type { InputHTMLAttributes, Ref } from 'react';
import { cx } from './class-names';
import './control.css';

export interface InputProps extends InputHTMLAttributes<HTMLInputElement> {
  ref?: Ref<HTMLInputElement>;
}

/** A styled native input; put it in a Field for its label. */
export function Input({ className, ...rest }: InputProps) {
  return <input {...rest} className={cx('ui-control', className)} />;
}
