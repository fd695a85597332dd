import type { Ref, TextareaHTMLAttributes } from 'react';
import { cx } from './class-names';
import './control.css';

export interface TextareaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  ref?: Ref<HTMLTextAreaElement>;
}

/** A styled native textarea; put it in a Field for its label. */
export function Textarea({ className, ...rest }: TextareaProps) {
  return <textarea {...rest} className={cx('ui-control', className)} />;
}
