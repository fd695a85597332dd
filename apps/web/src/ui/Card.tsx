import { useId, type HTMLAttributes, type ReactNode } from 'react';
import { cx } from './class-names';
import './Card.css';

export interface CardProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  title?: ReactNode;
  /** Heading level of the title, to fit the screen's outline. */
  headingLevel?: 2 | 3 | 4;
  /** Buttons at the end of the title row, e.g. an "Edit" IconButton. */
  actions?: ReactNode;
  /** No side padding, for a List that should run edge to edge. */
  flush?: boolean;
  /** The title's id, when something else (a link, a test) needs to name it; generated otherwise. */
  titleId?: string;
}

/** A surface that groups related content; with a title it is a labelled region of the page. */
export function Card({ title, headingLevel = 2, actions, flush = false, titleId: givenTitleId, className, children, ...rest }: CardProps) {
  const generatedTitleId = useId();
  const titleId = givenTitleId ?? generatedTitleId;
  const Heading = `h${headingLevel}` as const;
  const hasHeader = title !== undefined || actions !== undefined;
  const Element = title === undefined ? 'div' : 'section';
  return (
    <Element {...rest} className={cx('ui-card', flush && 'ui-card--flush', className)} aria-labelledby={title === undefined ? undefined : titleId}>
      {hasHeader && (
        <div className="ui-card-header">
          {title !== undefined && (
            <Heading id={titleId} className="ui-card-title">
              {title}
            </Heading>
          )}
          {actions && <div className="ui-card-actions">{actions}</div>}
        </div>
      )}
      {children}
    </Element>
  );
}
