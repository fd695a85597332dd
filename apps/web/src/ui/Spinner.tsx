import './Spinner.css';

export interface SpinnerProps {
  /** Announced to screen readers; leave out when the surrounding control already says it is busy. */
  label?: string;
  className?: string;
}

/** A small turning ring in the current text colour. */
export function Spinner({ label, className }: SpinnerProps) {
  const classes = className ? `ui-spinner ${className}` : 'ui-spinner';
  return label ? <span className={classes} role="status" aria-label={label} /> : <span className={classes} aria-hidden="true" />;
}
