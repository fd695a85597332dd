import type { Schemas } from '@hinv/api-client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../app/api-context';
import { QueryProblem } from '../../app/QueryProblem';
import { sharedKeys } from '../../app/query-keys';
import { ApiError, ok } from '../../lib/api-result';
import { formatDay, formatQuantity } from '../../lib/format';
import { Badge, Banner, Button, Card, Checkbox, EmptyState, Field, Input, List, ListRow, Skeleton } from '../../ui';
import { changedRows, grocyDraftOf, grocyReviewCount, grocySettingsInput, type GrocyDraft, type GrocyPreview } from './grocy-form';
import type { Settings } from './provider-form';
import { settingsKeys } from './settings-keys';
import { useSettingsSection, type SettingsSection } from './use-settings-section';
import { keyFollows } from './key-destination';

const GROCY_SECTION: SettingsSection<GrocyDraft> = { draftOf: grocyDraftOf, input: grocySettingsInput, testPath: '/api/v1/settings/test-grocy' };

const problemText = (error: unknown, fallback: string) => (error instanceof ApiError ? (error.detail ?? fallback) : fallback);

/**
 * Moving over from Grocy (owner only, as the settings are): the connection with a test that shows
 * Grocy's version, the catalog import with what it found, and Grocy's stock as a review list whose
 * chosen rows become one stock count (`grocy_review`).
 */
export function GrocyPanel() {
  const { t } = useTranslation();
  const api = useApi();
  const settings = useQuery({ queryKey: settingsKeys.instance, queryFn: () => ok(api.GET('/api/v1/settings')) });
  const [justSaved, setJustSaved] = useState(false);
  const connected = settings.data ? settings.data.grocy.api_key_configured : false;
  return (
    <div className="ui-stack">
      <Card title={t('grocy.heading')} titleId="grocy-heading" className="settings-panel">
        <QueryProblem query={settings} />
        {settings.data ? (
          <GrocyConnectionForm key={JSON.stringify(settings.data.grocy)} saved={settings.data} justSaved={justSaved} onSaved={setJustSaved} />
        ) : (
          !settings.isError && <Skeleton width="100%" height="10rem" />
        )}
      </Card>
      {settings.data && connected && <GrocyImportCard />}
      {settings.data && connected && <GrocyStockReview enabled={settings.data.grocy.enabled} />}
    </div>
  );
}

function GrocyConnectionForm({ saved, justSaved, onSaved }: { saved: Settings; justSaved: boolean; onSaved: (saved: boolean) => void }) {
  const { t } = useTranslation();
  const { draft, change, dirty, test, save } = useSettingsSection(GROCY_SECTION, saved, onSaved);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  const saveError = save.error instanceof ApiError ? save.error : null;
  const urlRefused = saveError?.status === 422;
  const version = typeof test.data?.info?.grocy_version === 'string' ? test.data.info.grocy_version : null;

  return (
    <form className="ui-stack" onSubmit={submit} data-testid="grocy-form">
      <p className="muted">{t('grocy.intro')}</p>
      <Checkbox name="grocy_enabled" label={t('grocy.enabled')} checked={draft.enabled} onChange={(event) => change({ enabled: event.target.checked })} />
      <p className="muted small">{t('grocy.enabledHint')}</p>
      <Field label={t('grocy.url')} hint={t('grocy.urlHint')} error={urlRefused ? t('grocy.refused') : undefined}>
        <Input
          name="grocy_url"
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          required
          minLength={4}
          maxLength={500}
          placeholder="http://192.168.1.20:9283"
          value={draft.url}
          onChange={(event) => change({ url: event.target.value })}
        />
      </Field>
      <Field
        label={t('grocy.key')}
        hint={
          <span data-testid="grocy-key-state">
            {!saved.grocy.api_key_configured ? t('grocy.keyNone') : keyFollows({ url: saved.grocy.url }, { url: draft.url }) ? t('grocy.keyStored') : t('grocy.keyAgain')}
          </span>
        }
      >
        <Input
          name="grocy_api_key"
          type="password"
          autoComplete="new-password"
          spellCheck={false}
          maxLength={1000}
          disabled={draft.removeKey}
          placeholder={saved.grocy.api_key_configured ? t('grocy.keyReplace') : ''}
          value={draft.newKey}
          onChange={(event) => change({ newKey: event.target.value })}
        />
      </Field>
      {saved.grocy.api_key_configured && (
        <Checkbox name="grocy_remove_key" label={t('grocy.keyRemove')} checked={draft.removeKey} onChange={(event) => change({ removeKey: event.target.checked, newKey: '' })} />
      )}
      {saveError && !urlRefused && (
        <p className="form-problem" role="alert" data-testid="grocy-problem">
          {saveError.detail ?? t('grocy.problem')}
        </p>
      )}
      {justSaved && (
        <p className="notice" role="status" data-testid="grocy-saved">
          {t('grocy.saved')}
        </p>
      )}
      <div className="ui-cluster">
        <Button type="submit" loading={save.isPending} disabled={!dirty}>
          {t('grocy.save')}
        </Button>
        {saved.grocy.api_key_configured && (
          <Button variant="secondary" loading={test.isPending} disabled={dirty} onClick={() => test.mutate()}>
            {t('grocy.test')}
          </Button>
        )}
      </div>
      {dirty && saved.grocy.api_key_configured && <p className="muted small">{t('grocy.testSavedOnly')}</p>}
      {test.error && (
        <Banner tone="danger" role="alert" title={t('grocy.testFailed')} data-testid="grocy-test-result">
          {problemText(test.error, t('grocy.problem'))}
        </Banner>
      )}
      {test.data && (
        <Banner tone="info" role="status" title={t('grocy.connected')} data-testid="grocy-test-result">
          {version ? t('grocy.version', { version }) : t('grocy.versionUnknown')}
        </Banner>
      )}
    </form>
  );
}

function GrocyImportCard() {
  const { t } = useTranslation();
  const api = useApi();
  const queryClient = useQueryClient();
  const run = useMutation({
    mutationFn: () => ok(api.POST('/api/v1/integrations/grocy/import-catalog')),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['catalog'] });
      void queryClient.invalidateQueries({ queryKey: settingsKeys.status });
    },
  });
  const summary: Schemas['GrocyCatalogImportResponse'] | undefined = run.data;
  return (
    <Card title={t('grocy.importHeading')} titleId="grocy-import-heading" className="settings-panel">
      <div className="ui-stack">
        <p className="muted">{t('grocy.importIntro')}</p>
        <div className="ui-cluster">
          <Button loading={run.isPending} onClick={() => run.mutate()} data-testid="grocy-import">
            {summary ? t('grocy.importAgain') : t('grocy.import')}
          </Button>
        </div>
        {run.error && (
          <Banner tone="danger" role="alert" title={t('grocy.importFailed')}>
            {problemText(run.error, t('grocy.problem'))}
          </Banner>
        )}
        {summary && (
          <Banner tone="info" role="status" title={t('grocy.imported')} data-testid="grocy-import-summary">
            <span>
              {t('grocy.importCounts', {
                products: summary.imported.products,
                locations: summary.imported.locations,
                units: summary.imported.quantity_units,
                groups: summary.imported.product_groups,
              })}{' '}
              {t('grocy.catalogNow', { products: summary.catalog.products, variants: summary.catalog.variants })}
            </span>
          </Banner>
        )}
      </div>
    </Card>
  );
}

/** A key per loaded preview: applying the same review twice (a retry, a double tap) counts once. */
const reviewKey = () => `grocy-review-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

function GrocyStockReview({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation();
  const api = useApi();
  const [loaded, setLoaded] = useState<{ preview: GrocyPreview; chosen: Set<string>; key: string } | null>(null);
  const [applied, setApplied] = useState<number | null>(null);
  const queryClient = useQueryClient();
  const load = useMutation({
    mutationFn: () => ok(api.GET('/api/v1/integrations/grocy/stock-preview')),
    onSuccess: (preview) => setLoaded({ preview, chosen: new Set(changedRows(preview).map((row) => row.product_id)), key: reviewKey() }),
  });
  const apply = useMutation({
    mutationFn: (body: Schemas['StockCountCreateInput']) => ok(api.POST('/api/v1/stock/counts', { body })),
    onSuccess: (session) => {
      setApplied(session.changed_count);
      void queryClient.invalidateQueries({ queryKey: sharedKeys.stock });
      void queryClient.invalidateQueries({ queryKey: sharedKeys.lowStock });
      load.mutate();
    },
  });
  const toggle = (productId: string, on: boolean) =>
    setLoaded((current) => {
      if (!current) return current;
      const chosen = new Set(current.chosen);
      if (on) chosen.add(productId);
      else chosen.delete(productId);
      return { ...current, chosen };
    });
  const changed = loaded ? changedRows(loaded.preview) : [];
  const chosenCount = loaded ? changed.filter((row) => loaded.chosen.has(row.product_id)).length : 0;

  return (
    <Card title={t('grocy.stockHeading')} titleId="grocy-stock-heading" className="settings-panel">
      <div className="ui-stack">
        <p className="muted">{t('grocy.stockIntro')}</p>
        {!enabled ? (
          <Banner tone="warning">{t('grocy.stockNeedsEnabled')}</Banner>
        ) : (
          <div className="ui-cluster">
            <Button
              variant={loaded ? 'secondary' : 'primary'}
              loading={load.isPending}
              onClick={() => {
                setApplied(null);
                load.mutate();
              }}
              data-testid="grocy-preview-load"
            >
              {loaded ? t('grocy.previewReload') : t('grocy.previewLoad')}
            </Button>
          </div>
        )}
        {load.error && (
          <Banner tone="danger" role="alert" title={t('grocy.previewFailed')}>
            {problemText(load.error, t('grocy.problem'))}
          </Banner>
        )}
        {applied !== null && (
          <p className="notice" role="status" data-testid="grocy-applied">
            {t('grocy.applied', { count: applied })}
          </p>
        )}
        {loaded && <PreviewList preview={loaded.preview} chosen={loaded.chosen} onToggle={toggle} />}
        {loaded && changed.length > 0 && (
          <>
            {apply.error && (
              <p className="form-problem" role="alert">
                {problemText(apply.error, t('grocy.problem'))}
              </p>
            )}
            <div className="ui-cluster">
              <Button
                loading={apply.isPending}
                disabled={chosenCount === 0}
                onClick={() => apply.mutate(grocyReviewCount(loaded.preview, loaded.chosen, loaded.key, t('grocy.countNote')))}
                data-testid="grocy-apply"
              >
                {t('grocy.apply', { count: chosenCount })}
              </Button>
            </div>
          </>
        )}
      </div>
    </Card>
  );
}

function PreviewList({ preview, chosen, onToggle }: { preview: GrocyPreview; chosen: ReadonlySet<string>; onToggle: (productId: string, on: boolean) => void }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const quantity = (value: number, unit: string | null | undefined) => `${formatQuantity(value, locale)}${unit ? ` ${unit}` : ''}`;
  if (preview.items.length === 0 && preview.unmapped.length === 0) {
    return <EmptyState headingLevel={3} title={t('grocy.previewEmpty')} text={t('grocy.previewEmptyHint')} />;
  }
  const changed = changedRows(preview);
  return (
    <div className="ui-stack" data-testid="grocy-preview">
      <p className="muted small">{changed.length === 0 ? t('grocy.previewSame') : t('grocy.previewChanges', { count: changed.length })}</p>
      <List>
        {preview.items.map((item) => {
          const delta = item.quantity_delta;
          return (
            <ListRow
              key={item.product_id}
              title={item.product_name}
              leading={false}
              subtitle={
                <span data-testid="grocy-preview-quantities">
                  {t('grocy.previewRow', { here: quantity(item.current_quantity, item.quantity_unit_name), grocy: quantity(item.proposed_quantity, item.quantity_unit_name) })}
                  {item.best_before_date ? ` · ${t('grocy.bestBefore', { date: formatDay(item.best_before_date, locale) })}` : ''}
                </span>
              }
              trailing={
                delta === 0 ? (
                  <Badge tone="neutral">{t('grocy.same')}</Badge>
                ) : (
                  <Badge tone={delta > 0 ? 'accent' : 'warning'}>{`${delta > 0 ? '+' : '−'}${formatQuantity(Math.abs(delta), locale)}`}</Badge>
                )
              }
              action={
                delta !== 0 ? (
                  <Checkbox
                    name={`grocy_apply_${item.product_id}`}
                    label={<span className="ui-visually-hidden">{t('grocy.applyRow', { name: item.product_name })}</span>}
                    checked={chosen.has(item.product_id)}
                    onChange={(event) => onToggle(item.product_id, event.target.checked)}
                  />
                ) : undefined
              }
            />
          );
        })}
      </List>
      {preview.unmapped.length > 0 && (
        <>
          <h3 className="small">{t('grocy.unmappedHeading')}</h3>
          <p className="muted small">{t('grocy.unmappedHint')}</p>
          <List>
            {preview.unmapped.map((entry) => (
              <ListRow
                key={entry.grocy_product_id}
                leading={false}
                title={entry.product_name ?? t('grocy.unnamed', { id: entry.grocy_product_id })}
                trailing={formatQuantity(entry.quantity, locale)}
              />
            ))}
          </List>
        </>
      )}
    </div>
  );
}
