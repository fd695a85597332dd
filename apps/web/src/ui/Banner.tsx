import CircleAlert from 'lucide-react/icons/circle-alert';
import Info from 'lucide-react/icons/info';
import TriangleAlert from 'lucide-react/icons/triangle-alert';
import WifiOff from 'lucide-react/icons/wifi-off';
import type { LucideIcon } from 'lucide-react';
import type { HTMLAttributes, ReactNode } from 'react';
import { cx } from './class-names';
import './Banner.css';

export type BannerTone = 'info' | 'warning' | 'danger' | 'offline';

const ICONS: Record<BannerTone, LucideIcon> = { info: Info, warning: TriangleAlert, danger: CircleAlert, offline: WifiOff };

export interface BannerProps extends Omit<HTMLAttributes<HTMLDivElement>, 'title'> {
  tone?: BannerTone;
  title?: ReactNode;
  /** Replaces the tone's icon. */
  icon?: LucideIcon;
  /** E.g. a quiet Button: "Retry", "Update now". */
  action?: ReactNode;
}

/**
 * A message about the whole screen (offline, an update, a problem). Static by default; pass
 * role="status" when it appears in response to something, so it is announced.
 */
export function Banner({ tone = 'info', title, icon, action, className, children, ...rest }: BannerProps) {
  const Icon = icon ?? ICONS[tone];
  return (
    <div {...rest} className={cx('ui-banner', `ui-banner--${tone}`, className)}>
      <Icon className="ui-banner-icon" aria-hidden="true" />
      <div className="ui-banner-content">
        {title !== undefined && <strong className="ui-banner-title">{title}</strong>}
        {children !== undefined && <div>{children}</div>}
      </div>
      {action !== undefined && <div className="ui-banner-action">{action}</div>}
    </div>
  );
}
