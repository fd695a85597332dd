import CircleAlert from 'lucide-react/icons/circle-alert';
import Clock from 'lucide-react/icons/clock';
import Leaf from 'lucide-react/icons/leaf';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge, type BadgeTone } from './Badge';

export type BestBeforeState = 'expired' | 'soon' | 'ok';

const LOOK: Record<BestBeforeState, { tone: BadgeTone; icon: LucideIcon }> = {
  expired: { tone: 'danger', icon: CircleAlert },
  soon: { tone: 'warning', icon: Clock },
  ok: { tone: 'accent', icon: Leaf },
};

export interface BestBeforeBadgeProps {
  state: BestBeforeState;
  /** The words, e.g. "Expired 2 days ago", "Use by Friday", "Fresh". */
  children: ReactNode;
  className?: string;
}

/** A best-before chip: each state has its own tone and icon shape, so it reads without colour. */
export function BestBeforeBadge({ state, children, className }: BestBeforeBadgeProps) {
  const { tone, icon } = LOOK[state];
  return (
    <Badge tone={tone} icon={icon} className={className} data-state={state}>
      {children}
    </Badge>
  );
}
