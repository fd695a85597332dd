import CircleAlert from 'lucide-react/icons/circle-alert';
import { cloneElement, isValidElement, useId, type ReactElement, type ReactNode } from 'react';
import { cx } from './class-names';
import './Field.css';

/** What Field puts on its control so the label, hint and error belong to it. */
export interface FieldControlProps {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
}

export interface FieldProps {
  label: ReactNode;
  /** Help shown under the label, e.g. the expected format. */
  hint?: ReactNode;
  /** Shown under the control; marks it invalid. */
  error?: ReactNode;
  /**
   * One Input, Select or Textarea (its own id and aria-describedby are kept), or a function that
   * receives the props to spread on a control of your own.
   */
  children: ReactElement<Partial<FieldControlProps>> | ((control: FieldControlProps) => ReactNode);
  className?: string;
}

/** A labelled form control with an optional hint and error, wired for screen readers. */
export function Field({ label, hint, error, children, className }: FieldProps) {
  const generatedId = useId();
  const childProps = isValidElement(children) ? children.props : undefined;
  const id = childProps?.id ?? `${generatedId}-control`;
  const hintId = `${generatedId}-hint`;
  const errorId = `${generatedId}-error`;
  const hasError = error !== undefined && error !== null && error !== false;

  // The error first: it is what needs doing; the hint is background.
  const describedBy = [hasError && errorId, hint !== undefined && hintId, childProps?.['aria-describedby']].filter(Boolean).join(' ');
  const control: FieldControlProps = { id, 'aria-describedby': describedBy || undefined, 'aria-invalid': hasError || undefined };

  return (
    <div className={cx('ui-field', className)}>
      <label className="ui-field-label" htmlFor={id}>
        {label}
      </label>
      {hint !== undefined && (
        <p id={hintId} className="ui-field-hint">
          {hint}
        </p>
      )}
      {typeof children === 'function' ? children(control) : cloneElement(children, control)}
      {hasError && (
        <p id={errorId} className="ui-field-error">
          <CircleAlert className="ui-field-error-icon" aria-hidden="true" />
          <span>{error}</span>
        </p>
      )}
    </div>
  );
}
