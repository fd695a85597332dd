import type { LucideIcon } from 'lucide-react';
import type { HTMLAttributes } from 'react';
import { cx } from './class-names';
import './Badge.css';

export type BadgeTone = 'neutral' | 'accent' | 'warning' | 'danger' | 'info';

export interface BadgeProps extends HTMLAttributes<HTMLSpanElement> {
  tone?: BadgeTone;
  icon?: LucideIcon;
  /** Shows a number instead of children; above 99 it reads "99+". */
  count?: number;
}

/**
 * A small label or count. Colour is never the only signal (WCAG 1.4.1): the words or number
 * say it, the tone only underlines it.
 */
export function Badge({ tone = 'neutral', icon: Icon, count, className, children, ...rest }: BadgeProps) {
  const isCount = count !== undefined;
  return (
    <span {...rest} className={cx('ui-badge', `ui-badge--${tone}`, isCount && 'ui-badge--count', className)}>
      {Icon && <Icon className="ui-badge-icon" aria-hidden="true" />}
      {isCount ? (count > 99 ? '99+' : count) : children}
    </span>
  );
}
