import ChevronRight from 'lucide-react/icons/chevron-right';
import type { HTMLAttributes, MouseEventHandler, ReactNode } from 'react';
import { cx } from './class-names';
import { Thumbnail } from './Thumbnail';
import './ListRow.css';

/** A plain list for ListRows; role="list" because Safari drops list semantics once bullets are off. */
export function List({ className, ...rest }: HTMLAttributes<HTMLUListElement>) {
  return <ul role="list" {...rest} className={cx('ui-list', className)} />;
}

export interface ListRowProps {
  title: string;
  subtitle?: ReactNode;
  /** What sits before the text; defaults to a Thumbnail of the title (with `thumbnailSrc`); false for none. */
  leading?: ReactNode | false;
  thumbnailSrc?: string | null;
  /** A value at the end, e.g. "2 × 500 g" or a Badge. */
  trailing?: ReactNode;
  /** Makes the row a link. With wouter: <Link href="/…" asChild><ListRow …/></Link>. */
  href?: string;
  /** Makes the row a button (or runs alongside href for client-side navigation). */
  onClick?: MouseEventHandler<HTMLElement>;
  /** Defaults to shown on links and buttons. */
  chevron?: boolean;
  /** A separate control after the row, e.g. a CheckCircle; it is not part of the link or button. */
  action?: ReactNode;
  className?: string;
}

/** One row of a List: at least 56 px tall, the whole row is the target when it leads somewhere. */
export function ListRow({ title, subtitle, leading, thumbnailSrc, trailing, href, onClick, chevron, action, className }: ListRowProps) {
  const interactive = href !== undefined || onClick !== undefined;
  const content = (
    <>
      {leading === undefined ? <Thumbnail name={title} src={thumbnailSrc} /> : leading || null}
      <span className="ui-list-row-text">
        <span className="ui-list-row-title">{title}</span>
        {subtitle !== undefined && <span className="ui-list-row-subtitle">{subtitle}</span>}
      </span>
      {trailing !== undefined && <span className="ui-list-row-trailing">{trailing}</span>}
      {(chevron ?? interactive) && <ChevronRight className="ui-list-row-chevron" aria-hidden="true" />}
    </>
  );

  let main: ReactNode;
  if (href !== undefined) {
    main = (
      <a className="ui-list-row-main" href={href} onClick={onClick}>
        {content}
      </a>
    );
  } else if (onClick !== undefined) {
    main = (
      <button type="button" className="ui-list-row-main" onClick={onClick}>
        {content}
      </button>
    );
  } else {
    main = <div className="ui-list-row-main">{content}</div>;
  }

  return (
    <li className={cx('ui-list-row', className)}>
      {main}
      {action !== undefined && <div className="ui-list-row-action">{action}</div>}
    </li>
  );
}
