import { useTranslation } from 'react-i18next';
import type { UploadProgress } from './upload-receipt';

/** The one upload under way: the photo being made smaller, the bytes on their way, then the box reading it. */
export function UploadProgressBar({ progress, name }: { progress: UploadProgress; name?: string }) {
  const { t } = useTranslation();
  const label = progress === 'preparing' ? t('receipts.preparing') : progress >= 1 ? t('receipts.reading') : t('receipts.uploading');
  const busy = progress === 'preparing' || progress >= 1;
  return (
    <div className="receipt-progress" role="status" data-testid="receipt-progress">
      <progress max={1} value={busy ? undefined : progress} aria-label={label} />
      <span>{name ? `${name}: ${label}` : label}</span>
    </div>
  );
}
