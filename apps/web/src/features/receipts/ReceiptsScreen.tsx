import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Camera from 'lucide-react/icons/camera';
import FileUp from 'lucide-react/icons/file-up';
import ReceiptIcon from 'lucide-react/icons/receipt';
import { useCallback, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import { useApi } from '../../app/api-context';
import { paths } from '../../app/paths';
import { QueryProblem } from '../../app/QueryProblem';
import { useSession } from '../../app/session';
import { ApiError, ok } from '../../lib/api-result';
import { formatDay, formatMoney } from '../../lib/format';
import { useOnline } from '../../lib/use-online';
import { Badge, Banner, Button, Card, EmptyState, List, ListRow, Skeleton } from '../../ui';
import { receiptKeys } from './receipt-keys';
import { SHARED_LIMIT } from './shared-receipts';
import { usePendingDeletes } from './use-corrections';
import { SharedReceiptList } from './SharedReceiptList';
import { sendReceipt, type UploadProgress } from './upload-receipt';
import { UploadProgressBar } from './UploadProgressBar';
import { useSharedReceipts } from './use-shared-receipts';
import './receipts.css';

/**
 * Receipts: take a photo of a paper receipt or choose a photo or PDF (a photo is made smaller on
 * the device first), files shared with the app from other apps (uploaded once online), and the
 * list with store, date, total and state.
 */
export function ReceiptsScreen() {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? 'en';
  const api = useApi();
  const queryClient = useQueryClient();
  const { canQueue } = useSession();
  const online = useOnline();
  const [, navigate] = useLocation();
  // Set by the service worker (or the server) when a share could not be kept whole.
  const search = new URLSearchParams(useSearch());
  const shareLanding = search.get('share');
  // `?status=review` (the budget's link): only the receipts that wait for review.
  const onlyReview = search.get('status') === 'review';
  const picker = useRef<HTMLInputElement>(null);
  const camera = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const deletePending = usePendingDeletes();
  const receipts = useQuery({ queryKey: receiptKeys.list, queryFn: () => ok(api.GET('/api/v1/receipts')) });
  const refreshReceipts = useCallback(() => void queryClient.invalidateQueries({ queryKey: receiptKeys.all }), [queryClient]);
  const shared = useSharedReceipts(canQueue, refreshReceipts);
  const [queueFull, setQueueFull] = useState(false);
  // A file chosen without a connection waits on the device with the shared ones, and is sent
  // with them once the browser is back online.
  const keepForLater = useCallback(
    async (file: File) => {
      const kept = await shared.keep(file);
      setQueueFull(!kept);
      // The browser believes it is online (the connection dropped on the way): one more try now.
      if (kept && navigator.onLine) shared.retry();
      return kept;
    },
    [shared],
  );
  const upload = useMutation({
    mutationFn: (file: File) => sendReceipt(file, setProgress),
    onError: (error, file) => {
      // The connection dropped on the way: kept like a file chosen offline, nothing to say twice.
      if (error instanceof ApiError && error.status === 0 && canQueue) void keepForLater(file).then((kept) => kept && upload.reset());
    },
    onSettled: () => {
      setProgress(null);
      refreshReceipts();
    },
  });
  const listed = receipts.data?.filter((receipt) => !deletePending(receipt.id));
  const shown = onlyReview ? listed?.filter((receipt) => receipt.status === 'review') : listed;
  const sharedName = shared.active ? shared.waiting?.find((entry) => entry.id === shared.active?.id)?.name : undefined;
  const money = (amount: number | null | undefined, currency: string | null | undefined) =>
    amount === null || amount === undefined ? '' : formatMoney(amount, locale, currency || 'EUR');
  const problem =
    upload.error instanceof ApiError
      ? (upload.error.detail ?? (upload.error.status === 0 ? t('receipts.noConnection') : t('receipts.uploadFailed')))
      : upload.error
        ? t('receipts.uploadFailed')
        : null;
  const chosen = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setQueueFull(false);
    if (!navigator.onLine && canQueue) {
      upload.reset();
      void keepForLater(file);
    } else {
      upload.mutate(file);
    }
  };

  return (
    <div className="receipts-screen">
      <Card
        title={t('receipts.heading')}
        titleId="receipts-heading"
        actions={
          canQueue && (
            <div className="receipt-actions">
              <Button icon={Camera} loading={upload.isPending} onClick={() => camera.current?.click()}>
                {t('receipts.takePhoto')}
              </Button>
              <Button variant="secondary" icon={FileUp} loading={upload.isPending} onClick={() => picker.current?.click()}>
                {t('receipts.chooseFile')}
              </Button>
            </div>
          )
        }
      >
        {/* capture opens the camera on a phone; a desktop offers its file chooser for images instead. */}
        <input
          ref={camera}
          className="ui-visually-hidden"
          type="file"
          name="receipt-photo"
          accept="image/*"
          capture="environment"
          aria-label={t('receipts.takePhoto')}
          tabIndex={-1}
          onChange={chosen}
        />
        <input
          ref={picker}
          className="ui-visually-hidden"
          type="file"
          name="receipt"
          accept="image/*,application/pdf"
          aria-label={t('receipts.chooseFile')}
          tabIndex={-1}
          onChange={chosen}
        />
        <p className="muted">{t('receipts.hint')}</p>
        {(shareLanding === 'missed' || shareLanding === 'full') && (
          <Banner
            tone="warning"
            role="status"
            data-testid="share-landing"
            action={
              <Button variant="quiet" onClick={() => navigate(paths.receipts, { replace: true })}>
                {t('app.dismiss')}
              </Button>
            }
          >
            {t(`receipts.share.${shareLanding}`)}
          </Banner>
        )}
        {progress !== null ? (
          <UploadProgressBar progress={progress} />
        ) : (
          shared.active && <UploadProgressBar progress={shared.active.progress} name={sharedName} />
        )}
        {upload.data && (
          <Banner tone="info" role="status" data-testid="receipt-done">
            {upload.data.duplicate ? t('receipts.duplicate') : t('receipts.read', { count: upload.data.item_count ?? upload.data.items?.length ?? 0 })}{' '}
            <Link href={paths.receipt(upload.data.id)}>{t('receipts.open')}</Link>
          </Banner>
        )}
        {problem && (
          <Banner tone="danger" role="alert">
            {problem}
          </Banner>
        )}
        {queueFull && (
          <Banner tone="warning" role="alert" data-testid="receipt-queue-full">
            {t('receipts.queueFull', { count: SHARED_LIMIT })}
          </Banner>
        )}
        <SharedReceiptList view={shared} online={online} canUpload={canQueue} />
        <QueryProblem query={receipts} />
        {/* A list query paused offline with nothing cached would show its placeholder forever. */}
        {receipts.isPending &&
          (receipts.fetchStatus === 'paused' ? (
            <p className="muted" data-testid="receipts-load-later">
              {t('receipts.loadsWhenOnline')}
            </p>
          ) : (
            <Skeleton width="100%" height={56} />
          ))}
        {onlyReview && (
          <Banner
            tone="info"
            role="status"
            data-testid="receipt-filter"
            action={
              <Button variant="quiet" onClick={() => navigate(paths.receipts, { replace: true })}>
                {t('receipts.showAll')}
              </Button>
            }
          >
            {t('receipts.onlyReview')}
          </Banner>
        )}
        {shown?.length === 0 && <EmptyState icon={ReceiptIcon} title={onlyReview ? t('receipts.noneInReview') : t('receipts.empty')} headingLevel={3} />}
        {shown && shown.length > 0 && (
          <List data-testid="receipt-list">
            {shown.map((receipt) => (
              <Link key={receipt.id} href={paths.receipt(receipt.id)} asChild>
                <ListRow
                  title={receipt.store_name ?? t('receipts.unknownStore')}
                  leading={<ReceiptIcon aria-hidden="true" size={24} />}
                  subtitle={
                    <span className="receipt-subtitle">
                      <Badge tone={receipt.status === 'review' ? 'warning' : 'neutral'}>{t(`receipts.status.${receipt.status}`, { defaultValue: receipt.status })}</Badge>
                      <span>{[receipt.purchase_date ? formatDay(receipt.purchase_date, locale) : null, t('receipts.lines', { count: receipt.item_count ?? 0 })].filter(Boolean).join(' · ')}</span>
                    </span>
                  }
                  trailing={<span className="quantity">{money(receipt.total, receipt.currency)}</span>}
                />
              </Link>
            ))}
          </List>
        )}
      </Card>
    </div>
  );
}
