import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cx } from './class-names';
import './EmptyState.css';

export interface EmptyStateProps {
  icon?: LucideIcon;
  title: ReactNode;
  /** One or two sentences: why it is empty and what to do about it. */
  text?: ReactNode;
  /** Usually one primary Button that fills the emptiness ("Scan something"). */
  action?: ReactNode;
  headingLevel?: 2 | 3;
  className?: string;
}

/** What an empty list shows instead of nothing: a friendly icon, a reason and a way forward. */
export function EmptyState({ icon: Icon, title, text, action, headingLevel = 2, className }: EmptyStateProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <div className={cx('ui-empty', className)}>
      {Icon && (
        <span className="ui-empty-icon-wrap">
          <Icon className="ui-empty-icon" aria-hidden="true" />
        </span>
      )}
      <Heading className="ui-empty-title">{title}</Heading>
      {text !== undefined && <p className="ui-empty-text">{text}</p>}
      {action !== undefined && <div className="ui-empty-action">{action}</div>}
    </div>
  );
}
