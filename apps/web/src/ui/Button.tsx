import type { LucideIcon } from 'lucide-react';
import type { ButtonHTMLAttributes, MouseEvent, Ref } from 'react';
import { cx } from './class-names';
import { Spinner } from './Spinner';
import './Button.css';

export type ButtonVariant = 'primary' | 'secondary' | 'quiet' | 'danger';
export type ButtonSize = 'md' | 'lg';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** A lucide icon shown before the label. */
  icon?: LucideIcon;
  /** Shows a spinner and ignores presses until the work is done. */
  loading?: boolean;
  fullWidth?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

/**
 * The app's button. Defaults to type="button" so a button inside a form never submits it by
 * accident; pass type="submit" for the one that should.
 */
export function Button({
  variant = 'primary',
  size = 'md',
  icon: Icon,
  loading = false,
  fullWidth = false,
  type = 'button',
  className,
  children,
  onClick,
  ...rest
}: ButtonProps) {
  // While loading the button stays focusable (aria-disabled, not disabled), so keyboard focus is
  // not thrown back to the page in the middle of a save; presses are ignored instead.
  const handleClick = (event: MouseEvent<HTMLButtonElement>) => {
    if (loading) {
      event.preventDefault();
      return;
    }
    onClick?.(event);
  };
  return (
    <button
      {...rest}
      type={type}
      className={cx('ui-button', `ui-button--${variant}`, `ui-button--${size}`, fullWidth && 'ui-button--full', className)}
      aria-busy={loading || undefined}
      aria-disabled={loading || rest['aria-disabled'] || undefined}
      onClick={handleClick}
    >
      {loading ? <Spinner className="ui-button-icon" /> : Icon && <Icon className="ui-button-icon" aria-hidden="true" />}
      {children}
    </button>
  );
}
