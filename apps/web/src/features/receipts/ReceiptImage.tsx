import Minus from 'lucide-react/icons/minus';
import Plus from 'lucide-react/icons/plus';
import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { IconButton } from '../../ui';
import type { Receipt } from './upload-receipt';

type Line = NonNullable<Receipt['items']>[number];
export type LineBox = NonNullable<Line['box']>;

/** Types a browser shows as a picture: boxes are drawn on those (a PDF is linked instead). */
const PICTURES = new Set(['image/jpeg', 'image/png', 'image/webp']);

export function showsPicture(receipt: Receipt): boolean {
  return Boolean(receipt.file_url && receipt.file_type && PICTURES.has(receipt.file_type));
}

const ZOOM = { min: 1, max: 5 };

/**
 * The receipt's stored photo with the chosen line's region marked. Pinch (two fingers) or the
 * buttons zoom it; it scrolls inside its frame. The marked region is scrolled into view.
 */
export function ReceiptImage({ receipt, highlight }: { receipt: Receipt; highlight: LineBox | null }) {
  const { t } = useTranslation();
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  const [zoom, setZoom] = useState(1);
  const mark = useRef<HTMLDivElement>(null);
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const pinch = useRef<{ distance: number; zoom: number } | null>(null);

  // Scrolled to once per line (and once its photo has loaded and the mark exists), not on every zoom step or refetch.
  const loaded = size !== null;
  const { page, x, y, w, h } = highlight ?? {};
  useEffect(() => {
    mark.current?.scrollIntoView({ block: 'center', inline: 'nearest', behavior: 'smooth' });
  }, [page, x, y, w, h, loaded]);

  if (!receipt.file_url) return null;
  if (!showsPicture(receipt)) {
    return (
      <p className="receipt-file-link">
        <a href={receipt.file_url} target="_blank" rel="noreferrer" className="link">
          {t('receipts.correct.openFile')}
        </a>
      </p>
    );
  }

  const distance = () => {
    const [a, b] = [...pointers.current.values()];
    return Math.hypot(a.x - b.x, a.y - b.y);
  };
  const onPointerDown = (event: PointerEvent) => {
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (pointers.current.size === 2) pinch.current = { distance: distance(), zoom };
  };
  const onPointerMove = (event: PointerEvent) => {
    if (!pointers.current.has(event.pointerId)) return;
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (pointers.current.size === 2 && pinch.current) {
      const next = (pinch.current.zoom * distance()) / pinch.current.distance;
      setZoom(Math.min(ZOOM.max, Math.max(ZOOM.min, next)));
    }
  };
  const onPointerEnd = (event: PointerEvent) => {
    pointers.current.delete(event.pointerId);
    if (pointers.current.size < 2) pinch.current = null;
  };
  const percent = (part: number, whole: number) => `${(part / whole) * 100}%`;
  const onPage = highlight && size && highlight.page === 1 ? highlight : null;

  return (
    <figure className="receipt-image">
      <div
        className="receipt-image-frame"
        data-testid="receipt-image"
        // It scrolls: keyboards reach it too (arrow keys scroll a zoomed photo).
        tabIndex={0}
        role="region"
        aria-label={t('receipts.correct.imageRegion')}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
      >
        <div className="receipt-image-canvas" style={{ width: `${zoom * 100}%` }}>
          <img
            src={receipt.file_url}
            alt={t('receipts.correct.imageAlt', { store: receipt.store_name ?? t('receipts.unknownStore') })}
            draggable={false}
            onLoad={(event) => setSize({ width: event.currentTarget.naturalWidth, height: event.currentTarget.naturalHeight })}
          />
          {onPage && size && (
            <div
              ref={mark}
              className="receipt-image-mark"
              data-testid="receipt-image-mark"
              style={{
                left: percent(onPage.x, size.width),
                top: percent(onPage.y, size.height),
                width: percent(onPage.w, size.width),
                height: percent(onPage.h, size.height),
              }}
            />
          )}
        </div>
      </div>
      <figcaption className="receipt-image-zoom">
        <IconButton icon={Minus} label={t('receipts.correct.zoomOut')} size="md" variant="quiet" aria-disabled={zoom <= ZOOM.min} onClick={() => setZoom((z) => Math.max(ZOOM.min, z / 1.5))} />
        <IconButton icon={Plus} label={t('receipts.correct.zoomIn')} size="md" variant="quiet" aria-disabled={zoom >= ZOOM.max} onClick={() => setZoom((z) => Math.min(ZOOM.max, z * 1.5))} />
      </figcaption>
    </figure>
  );
}

/** The line's printed text cut from the photo and enlarged to the width it is shown in. */
export function LineCrop({ receipt, box }: { receipt: Receipt; box: LineBox }) {
  const { t } = useTranslation();
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  if (!receipt.file_url || !showsPicture(receipt) || box.page !== 1) return null;
  // A little paper around the text, so a cut-off amount is still seen whole; little above and
  // below, or half of the neighbouring lines shows too.
  const padX = Math.round(box.h * 0.6);
  const padY = Math.round(box.h * 0.2);
  const crop = size
    ? {
        x: Math.max(0, box.x - padX),
        y: Math.max(0, box.y - padY),
        w: Math.min(size.width, box.x + box.w + padX) - Math.max(0, box.x - padX),
        h: Math.min(size.height, box.y + box.h + padY) - Math.max(0, box.y - padY),
      }
    : null;
  return (
    <div
      className="receipt-line-crop"
      data-testid="receipt-line-crop"
      role="img"
      aria-label={t('receipts.correct.cropAlt')}
      style={crop ? { aspectRatio: `${crop.w} / ${crop.h}` } : { aspectRatio: '8 / 1' }}
    >
      <img
        src={receipt.file_url}
        alt=""
        onLoad={(event) => setSize({ width: event.currentTarget.naturalWidth, height: event.currentTarget.naturalHeight })}
        style={
          crop && size
            ? { width: `${(size.width / crop.w) * 100}%`, left: `${(-crop.x / crop.w) * 100}%`, top: `${(-crop.y / crop.h) * 100}%` }
            : { visibility: 'hidden' }
        }
      />
    </div>
  );
}
