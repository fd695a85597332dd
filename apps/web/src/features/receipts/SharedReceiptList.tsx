import FileText from 'lucide-react/icons/file-text';
import ImageIcon from 'lucide-react/icons/image';
import Trash2 from 'lucide-react/icons/trash-2';
import X from 'lucide-react/icons/x';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { paths } from '../../app/paths';
import { formatFileSize } from '../../lib/format';
import { Badge, Banner, Button, IconButton, List, ListRow } from '../../ui';
import type { UploadProblem } from './shared-receipts';
import type { SharedReceiptsView } from './use-shared-receipts';

/** Why shared files are still waiting, in words, or null while they are simply next in line. */
function useWaitingReason(view: SharedReceiptsView, online: boolean, canUpload: boolean): { text: string; retry: boolean } | null {
  const { t } = useTranslation();
  const problem: UploadProblem | null = view.stoppedBy;
  if (!canUpload) return { text: t('receipts.shared.viewer'), retry: false };
  if (!online || problem?.status === 0) return { text: t('receipts.shared.offline'), retry: false };
  if (!problem) return null;
  if (problem.status === 401) return { text: t('receipts.shared.signIn'), retry: false };
  return { text: t('receipts.shared.notYet', { reason: problem.detail ?? t('receipts.uploadFailed') }), retry: true };
}

/**
 * Files shared with the app from the gallery, a files app or a mail app: those still waiting to be
 * uploaded (with the reason when they cannot go yet), and what became of those that went.
 */
export function SharedReceiptList({ view, online, canUpload }: { view: SharedReceiptsView; online: boolean; canUpload: boolean }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? 'en';
  const reason = useWaitingReason(view, online, canUpload);
  const waiting = view.waiting ?? [];
  if (waiting.length === 0 && view.results.length === 0) return null;
  const dismiss = (id: string) => <IconButton icon={X} label={t('app.dismiss')} onClick={() => view.dismiss(id)} />;
  return (
    <section className="shared-receipts" aria-labelledby="shared-receipts-heading" data-testid="shared-receipts">
      <h3 id="shared-receipts-heading">{t('receipts.shared.heading')}</h3>
      {view.results.map((result) =>
        'receipt' in result ? (
          <Banner key={result.entry.id} tone="info" role="status" data-testid="shared-done" action={dismiss(result.entry.id)}>
            {`${result.entry.name}: `}
            {result.receipt.duplicate ? t('receipts.duplicate') : t('receipts.read', { count: result.receipt.item_count ?? result.receipt.items?.length ?? 0 })}{' '}
            <Link href={paths.receipt(result.receipt.id)}>{t('receipts.open')}</Link>
          </Banner>
        ) : (
          <Banner key={result.entry.id} tone="danger" role="alert" data-testid="shared-refused" action={dismiss(result.entry.id)}>
            {t('receipts.shared.refused', { name: result.entry.name, reason: result.refused.detail ?? t('receipts.uploadFailed') })}
          </Banner>
        ),
      )}
      {waiting.length > 0 && reason && (
        <Banner
          tone={online ? 'warning' : 'offline'}
          role="status"
          data-testid="shared-waiting-reason"
          action={
            reason.retry ? (
              <Button variant="quiet" onClick={view.retry}>
                {t('app.retry')}
              </Button>
            ) : undefined
          }
        >
          {reason.text}
        </Banner>
      )}
      {waiting.length > 0 && (
        <List data-testid="shared-list">
          {waiting.map((entry) => {
            const Icon = entry.type.startsWith('image/') ? ImageIcon : FileText;
            const sending = view.active?.id === entry.id;
            return (
              <ListRow
                key={entry.id}
                title={entry.name}
                leading={<Icon aria-hidden="true" size={24} />}
                subtitle={
                  <span className="receipt-subtitle">
                    {sending ? <Badge tone="info">{t('receipts.uploading')}</Badge> : <Badge tone="warning">{t('receipts.shared.waiting')}</Badge>}
                    <span>{formatFileSize(entry.size, locale)}</span>
                  </span>
                }
                action={sending ? undefined : <IconButton icon={Trash2} label={t('receipts.shared.remove', { name: entry.name })} onClick={() => void view.remove(entry.id)} />}
              />
            );
          })}
        </List>
      )}
    </section>
  );
}
