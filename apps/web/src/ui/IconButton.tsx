import type { LucideIcon } from 'lucide-react';
import type { ButtonHTMLAttributes, Ref } from 'react';
import { cx } from './class-names';
import './IconButton.css';

export interface IconButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'> {
  icon: LucideIcon;
  /** What the button does, in words: its accessible name and its tooltip. */
  label: string;
  variant?: 'quiet' | 'secondary' | 'primary';
  size?: 'md' | 'lg';
  ref?: Ref<HTMLButtonElement>;
}

/** A round button with only an icon; the label makes it usable without seeing the icon. */
export function IconButton({ icon: Icon, label, variant = 'quiet', size = 'md', type = 'button', className, ...rest }: IconButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      aria-label={label}
      title={label}
      className={cx('ui-icon-button', `ui-icon-button--${variant}`, `ui-icon-button--${size}`, className)}
    >
      <Icon className="ui-icon-button-icon" aria-hidden="true" />
    </button>
  );
}
