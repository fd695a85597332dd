import { useState } from 'react';
import { cx } from './class-names';
import { hueOf, initialsOf } from './thumbnail-placeholder';
import './Thumbnail.css';

export type ThumbnailSize = 'sm' | 'md' | 'lg';

const PIXELS: Record<ThumbnailSize, number> = { sm: 40, md: 48, lg: 72 };

export interface ThumbnailProps {
  /** The product's name: the placeholder's initials and colour come from it. */
  name: string;
  src?: string | null;
  size?: ThumbnailSize;
  /** Leave out where the name is already written next to the picture (it then stays silent). */
  alt?: string;
  className?: string;
}

/** A product photo, or a coloured tile with initials when there is none or it fails to load. */
export function Thumbnail({ name, src, size = 'md', alt, className }: ThumbnailProps) {
  // Remembers which address failed, so a new src gets its own chance without a reset effect.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const classes = cx('ui-thumb', `ui-thumb--${size}`, className);
  const a11y = alt ? { role: 'img' as const, 'aria-label': alt } : { 'aria-hidden': true as const };

  if (src && src !== failedSrc) {
    return (
      <span className={classes} {...a11y}>
        <img
          className="ui-thumb-image"
          src={src}
          alt=""
          width={PIXELS[size]}
          height={PIXELS[size]}
          loading="lazy"
          decoding="async"
          onError={() => setFailedSrc(src)}
        />
      </span>
    );
  }
  return (
    <span className={classes} data-hue={hueOf(name)} {...a11y}>
      {initialsOf(name)}
    </span>
  );
}
