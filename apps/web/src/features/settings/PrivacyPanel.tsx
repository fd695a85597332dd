import type { Schemas } from '@hinv/api-client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../app/api-context';
import { QueryProblem } from '../../app/QueryProblem';
import { useRecentAuth } from '../../app/recent-auth';
import { useSession } from '../../app/session';
import { ApiError, ok } from '../../lib/api-result';
import { formatFileSize, formatQuantity } from '../../lib/format';
import { Banner, Button, Card, Checkbox, Field, Input, Skeleton } from '../../ui';
import { ERASE_CONFIRMATION, exportFileName, exportUrl, readWithProgress } from './privacy-download';
import { settingsKeys } from './settings-keys';

/** Actions the privacy tools record by name (the reference's); every other action is a route. */
const PRIVACY_ACTIONS = ['portable_export', 'manual_retention', 'scheduled_retention'] as const;
const isPrivacyAction = (action: string): action is (typeof PRIVACY_ACTIONS)[number] => (PRIVACY_ACTIONS as readonly string[]).includes(action);

type Settings = Schemas['PublicSettingsResponse'];

const privacyKeys = {
  exportPreview: ['privacy', 'export-preview'] as const,
  retention: ['privacy', 'retention'] as const,
  overview: ['privacy', 'operations-overview'] as const,
};

function useLocale(): string {
  const { i18n } = useTranslation();
  return i18n.resolvedLanguage ?? 'en';
}

function dateTime(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

/** The owner's privacy functions: export, receipt-file retention, the operations overview and erasure. */
export function PrivacyPanel() {
  return (
    <>
      <ExportCard />
      <RetentionCard />
      <OperationsCard />
      <EraseCard />
    </>
  );
}

/** The portable export: what it holds, and a download that shows how far it got. */
function ExportCard() {
  const { t } = useTranslation();
  const api = useApi();
  const locale = useLocale();
  const withRecentAuth = useRecentAuth();
  const preview = useQuery({ queryKey: privacyKeys.exportPreview, queryFn: () => ok(api.GET('/api/v1/privacy/export/preview')) });
  const [includeReceipts, setIncludeReceipts] = useState(true);
  const [progress, setProgress] = useState<{ received: number; done: boolean } | null>(null);
  const [failed, setFailed] = useState(false);

  const estimate = preview.data ? preview.data.product_image_file_bytes + (includeReceipts ? preview.data.receipt_file_bytes : 0) : 0;
  const download = async () => {
    setFailed(false);
    setProgress({ received: 0, done: false });
    try {
      const answer = await withRecentAuth(async () => ({ response: await fetch(exportUrl(includeReceipts), { credentials: 'same-origin' }) }));
      if (!answer) {
        setProgress(null);
        return;
      }
      if (!answer.response.ok || !answer.response.body) throw new Error(`HTTP ${answer.response.status}`);
      const chunks = await readWithProgress(answer.response.body, (received) => setProgress({ received, done: false }));
      const blob = new Blob(chunks as BlobPart[], { type: 'application/zip' });
      const link = document.createElement('a');
      link.href = URL.createObjectURL(blob);
      link.download = exportFileName(answer.response.headers.get('content-disposition'));
      link.click();
      setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
      setProgress({ received: blob.size, done: true });
    } catch {
      setFailed(true);
      setProgress(null);
    }
  };

  const busy = progress !== null && !progress.done;
  const files = (count: number, bytes: number) => (count === 0 ? t('privacy.export.noFiles') : t('privacy.export.files', { count, size: formatFileSize(bytes, locale) }));
  return (
    <Card title={t('privacy.export.heading')} titleId="privacy-export-heading" className="settings-panel" data-testid="privacy-export">
      <p className="muted">{t('privacy.export.intro')}</p>
      <QueryProblem query={preview} />
      {preview.data ? (
        <dl className="status-list" data-testid="privacy-export-preview">
          {(['members', 'products', 'receipts', 'stock_movements', 'shopping_items'] as const).map((name) => (
            <div className="status-row" key={name}>
              <dt>{t(`privacy.export.counts.${name}`)}</dt>
              <dd>{formatQuantity(preview.data.counts[name] ?? 0, locale)}</dd>
            </div>
          ))}
          <div className="status-row">
            <dt>{t('privacy.export.productImages')}</dt>
            <dd>{files(preview.data.product_image_file_count, preview.data.product_image_file_bytes)}</dd>
          </div>
          <div className="status-row">
            <dt>{t('privacy.export.receiptFiles')}</dt>
            <dd>{files(preview.data.receipt_file_count, preview.data.receipt_file_bytes)}</dd>
          </div>
        </dl>
      ) : (
        !preview.isError && <Skeleton width="100%" height="8rem" />
      )}
      <p className="muted">{t('privacy.export.secrets')}</p>
      <Checkbox label={t('privacy.export.includeReceipts')} name="include_receipt_files" checked={includeReceipts} onChange={(event) => setIncludeReceipts(event.target.checked)} disabled={busy} />
      {progress && (
        <div className="ui-stack" role="status" data-testid="privacy-export-progress">
          <progress max={Math.max(estimate, progress.received, 1)} value={progress.done ? Math.max(estimate, progress.received, 1) : progress.received} aria-label={t('privacy.export.progressLabel')} />
          <span>{progress.done ? t('privacy.export.done', { size: formatFileSize(progress.received, locale) }) : t('privacy.export.progress', { size: formatFileSize(progress.received, locale), total: formatFileSize(estimate, locale) })}</span>
        </div>
      )}
      {failed && (
        <Banner tone="danger" role="alert">
          {t('privacy.export.failed')}
        </Banner>
      )}
      <Button onClick={() => void download()} loading={busy} disabled={!preview.data}>
        {t('privacy.export.download')}
      </Button>
    </Card>
  );
}

/** How long receipt images and PDFs are kept, what the next cleanup removes, and a cleanup now. */
function RetentionCard() {
  const { t } = useTranslation();
  const api = useApi();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const withRecentAuth = useRecentAuth();
  const settings = useQuery({ queryKey: settingsKeys.instance, queryFn: () => ok(api.GET('/api/v1/settings')) });
  const preview = useQuery({ queryKey: privacyKeys.retention, queryFn: () => ok(api.GET('/api/v1/privacy/retention')) });
  // Here, not in the form: a save gives the form new saved values, and with them a fresh start.
  const [justSaved, setJustSaved] = useState(false);
  const run = useMutation({
    mutationFn: async () => {
      const answer = await withRecentAuth(() => api.POST('/api/v1/privacy/retention/run'));
      return answer ? ok(Promise.resolve(answer)) : null;
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['privacy'] }),
  });
  return (
    <Card title={t('privacy.retention.heading')} titleId="privacy-retention-heading" className="settings-panel" data-testid="privacy-retention">
      <p className="muted">{t('privacy.retention.intro')}</p>
      <QueryProblem query={settings} />
      {settings.data ? <RetentionForm key={JSON.stringify(settings.data.privacy)} saved={settings.data} justSaved={justSaved} onSaved={setJustSaved} /> : !settings.isError && <Skeleton width="100%" height="6rem" />}
      {preview.data && (
        <p data-testid="privacy-retention-preview">
          {preview.data.retained_file_count === 0
            ? t('privacy.retention.previewNone')
            : t('privacy.retention.preview', {
                count: preview.data.retained_file_count,
                retained: preview.data.retained_file_count,
                retainedSize: formatFileSize(preview.data.retained_bytes, locale),
                expired: preview.data.expired_file_count,
                expiredSize: formatFileSize(preview.data.expired_bytes, locale),
              })}
        </p>
      )}
      {run.data && (
        <p role="status" data-testid="privacy-retention-result">
          {run.data.deleted_file_count === 0
            ? t('privacy.retention.resultNone', { rejected: run.data.rejected_path_count })
            : t('privacy.retention.result', { deleted: run.data.deleted_file_count, size: formatFileSize(run.data.deleted_bytes, locale), rejected: run.data.rejected_path_count })}
        </p>
      )}
      {run.isError && (
        <Banner tone="danger" role="alert">
          {t('privacy.problem')}
        </Banner>
      )}
      <Button variant="secondary" onClick={() => run.mutate()} loading={run.isPending}>
        {t('privacy.retention.runNow')}
      </Button>
    </Card>
  );
}

function RetentionForm({ saved, justSaved, onSaved }: { saved: Settings; justSaved: boolean; onSaved: (saved: boolean) => void }) {
  const { t } = useTranslation();
  const api = useApi();
  const queryClient = useQueryClient();
  const withRecentAuth = useRecentAuth();
  const [deleteAfter, setDeleteAfter] = useState(saved.privacy.delete_image_after_analysis);
  const [days, setDays] = useState(String(saved.privacy.retention_days));
  const daysValue = Number(days);
  const daysValid = /^\d+$/.test(days) && daysValue >= 0 && daysValue <= 365;
  const save = useMutation({
    mutationFn: async () => {
      // The keys are left out, so the stored ones stay.
      const body: Schemas['SettingsInput'] = {
        provider: { type: saved.provider.type, base_url: saved.provider.base_url, model: saved.provider.model },
        grocy: { enabled: saved.grocy.enabled, url: saved.grocy.url },
        privacy: { delete_image_after_analysis: deleteAfter, retention_days: daysValue },
      };
      const answer = await withRecentAuth(() => api.PUT('/api/v1/settings', { body }));
      return answer ? ok(Promise.resolve(answer)) : null;
    },
    onSuccess: (stored) => {
      if (!stored) return;
      onSaved(true);
      queryClient.setQueryData(settingsKeys.instance, stored);
      void queryClient.invalidateQueries({ queryKey: ['privacy'] });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (daysValid) save.mutate();
  };
  const change = (apply: () => void) => {
    onSaved(false);
    apply();
  };
  return (
    <form className="ui-stack" onSubmit={submit} data-testid="privacy-retention-form">
      <Checkbox label={t('privacy.retention.deleteAfter')} name="delete_image_after_analysis" checked={deleteAfter} onChange={(event) => change(() => setDeleteAfter(event.target.checked))} />
      <Field label={t('privacy.retention.days')} hint={t('privacy.retention.daysHint')} error={daysValid ? undefined : t('privacy.retention.daysInvalid')}>
        <Input name="retention_days" type="number" inputMode="numeric" min={0} max={365} value={days} disabled={deleteAfter} onChange={(event) => change(() => setDays(event.target.value))} />
      </Field>
      {justSaved && <p role="status">{t('privacy.retention.saved')}</p>}
      {save.error instanceof ApiError && (
        <Banner tone="danger" role="alert">
          {t('privacy.problem')}
        </Banner>
      )}
      <Button type="submit" loading={save.isPending} disabled={!daysValid}>
        {t('privacy.retention.save')}
      </Button>
    </form>
  );
}

/** Database health, counts and the latest events, without identifiers or addresses. */
function OperationsCard() {
  const { t } = useTranslation();
  const api = useApi();
  const locale = useLocale();
  const overview = useQuery({ queryKey: privacyKeys.overview, queryFn: () => ok(api.GET('/api/v1/operations/overview', { params: { query: { event_limit: 20 } } })) });
  const data = overview.data;
  return (
    <Card title={t('privacy.operations.heading')} titleId="privacy-operations-heading" className="settings-panel" data-testid="privacy-operations">
      <QueryProblem query={overview} />
      {data ? (
        <>
          <dl className="status-list">
            <div className="status-row">
              <dt>{t('privacy.operations.integrity')}</dt>
              <dd data-testid="privacy-integrity">{data.database_integrity === 'ok' ? t('privacy.operations.integrityOk') : data.database_integrity}</dd>
            </div>
            <div className="status-row">
              <dt>{t('privacy.operations.size')}</dt>
              <dd>{formatFileSize(data.database_bytes, locale)}</dd>
            </div>
            {(['active_users', 'active_sessions', 'active_api_tokens', 'pending_receipts', 'products', 'stock_lots', 'failures_24h', 'sign_in_failures_24h', 'sign_in_lockouts_24h'] as const).map((name) => (
              <div className="status-row" key={name}>
                <dt>{t(`privacy.operations.counts.${name}`)}</dt>
                <dd>{formatQuantity(data.counts[name], locale)}</dd>
              </div>
            ))}
          </dl>
          <h3>{t('privacy.operations.events')}</h3>
          {data.recent_events.length === 0 ? (
            <p className="muted">{t('privacy.operations.noEvents')}</p>
          ) : (
            <ul className="privacy-events" data-testid="privacy-events">
              {data.recent_events.map((event) => (
                <li key={event.id}>
                  {isPrivacyAction(event.action) ? <strong>{t(`privacy.operations.actions.${event.action}`)}</strong> : <code>{event.action}</code>}{' '}
                  <span className="muted">
                    {t('privacy.operations.event', { actor: event.actor_label, time: dateTime(event.created_at, locale), outcome: t(`privacy.operations.outcomes.${event.outcome === 'success' ? 'success' : 'failure'}`) })}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </>
      ) : (
        !overview.isError && <Skeleton width="100%" height="10rem" />
      )}
    </Card>
  );
}

/** Erasure of the whole installation, only after the literal is typed. */
function EraseCard() {
  const { t } = useTranslation();
  const api = useApi();
  const queryClient = useQueryClient();
  const withRecentAuth = useRecentAuth();
  const { auth } = useSession();
  const [typed, setTyped] = useState('');
  const matches = typed === ERASE_CONFIRMATION;
  const erase = useMutation({
    mutationFn: async () => {
      const answer = await withRecentAuth(() => api.DELETE('/api/v1/privacy/household', { body: { confirmation: ERASE_CONFIRMATION } }));
      return answer ? ok(Promise.resolve(answer)) : null;
    },
    onSuccess: async (result) => {
      if (!result) return;
      queryClient.clear();
      const state = await api.GET('/api/v1/auth/state');
      if (state.data) auth.adopt(state.data);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (matches) erase.mutate();
  };
  return (
    <Card title={t('privacy.erase.heading')} titleId="privacy-erase-heading" className="settings-panel" data-testid="privacy-erase">
      <form className="ui-stack" onSubmit={submit}>
        <Banner tone="danger">{t('privacy.erase.warning')}</Banner>
        <Field label={t('privacy.erase.typeLabel', { literal: ERASE_CONFIRMATION })}>
          <Input name="erase_confirmation" autoComplete="off" spellCheck={false} value={typed} onChange={(event) => setTyped(event.target.value)} />
        </Field>
        {erase.isError && (
          <Banner tone="danger" role="alert">
            {t('privacy.problem')}
          </Banner>
        )}
        <Button type="submit" variant="danger" disabled={!matches} loading={erase.isPending}>
          {t('privacy.erase.submit')}
        </Button>
      </form>
    </Card>
  );
}
