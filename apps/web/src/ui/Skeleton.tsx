import { cx } from './class-names';
import './Skeleton.css';

export interface SkeletonProps {
  /** CSS length or pixels: give the size of what will replace it, so nothing moves when it arrives. */
  width: number | string;
  height: number | string;
  radius?: 'sm' | 'md' | 'full';
  className?: string;
}

/** A placeholder block while content loads; silent to screen readers (say "Loading" elsewhere once). */
export function Skeleton({ width, height, radius = 'sm', className }: SkeletonProps) {
  return <span className={cx('ui-skeleton', `ui-skeleton--${radius}`, className)} style={{ width, height }} aria-hidden="true" />;
}
