import type { Schemas } from '@hinv/api-client';
import { useQuery } from '@tanstack/react-query';
import Cloud from 'lucide-react/icons/cloud';
import Server from 'lucide-react/icons/server';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../app/api-context';
import { QueryProblem } from '../../app/QueryProblem';
import { ApiError, ok } from '../../lib/api-result';
import { Banner, Button, Card, Checkbox, Field, Input, ModeTiles, Select, Skeleton } from '../../ui';
import { addressAfterTypeChange, BASE_URLS, draftOf, PROVIDER_TYPES, settingsInput, type Draft, type Engine, type ProviderType, type Settings } from './provider-form';
import { settingsKeys } from './settings-keys';
import { useSettingsSection, type SettingsSection } from './use-settings-section';
import { keyFollows } from './key-destination';

const PROVIDER_SECTION: SettingsSection<Draft> = { draftOf, input: settingsInput, testPath: '/api/v1/settings/test-provider' };

/**
 * How receipts are read (owner only, as the settings are): on this box by default, offline, or by
 * an OpenAI-compatible provider with its address, model and key. The key is write-only: the panel
 * shows whether one is stored and can replace or remove it. The test asks the saved provider.
 */
export function ReceiptProviderPanel() {
  const { t } = useTranslation();
  const api = useApi();
  const settings = useQuery({ queryKey: settingsKeys.instance, queryFn: () => ok(api.GET('/api/v1/settings')) });
  const status = useQuery({ queryKey: settingsKeys.status, queryFn: () => ok(api.GET('/api/v1/status')) });
  // Here, not in the form: a save gives the form new saved values, and with them a fresh start.
  const [justSaved, setJustSaved] = useState(false);
  return (
    <Card title={t('provider.heading')} titleId="provider-heading" className="settings-panel">
      <QueryProblem query={settings} />
      {settings.data ? (
        <ProviderForm
          key={JSON.stringify(settings.data.provider)}
          saved={settings.data}
          inUse={status.data?.provider_configured ?? null}
          justSaved={justSaved}
          onSaved={setJustSaved}
        />
      ) : (
        !settings.isError && <Skeleton width="100%" height="12rem" />
      )}
    </Card>
  );
}

function ProviderForm({ saved, inUse, justSaved, onSaved }: { saved: Settings; inUse: boolean | null; justSaved: boolean; onSaved: (saved: boolean) => void }) {
  const { t } = useTranslation();
  const { draft, change, dirty, test, save } = useSettingsSection(PROVIDER_SECTION, saved, onSaved);
  const chooseType = (type: ProviderType) => change({ type, baseUrl: addressAfterTypeChange(draft, type) });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };

  const saveError = save.error instanceof ApiError ? save.error : null;
  const urlRefused = saveError?.status === 422;
  // A stored key is not sent to a new destination: the service drops it unless it is entered again.
  const keyStored = saved.provider.api_key_configured && !draft.removeKey && keyFollows({ url: saved.provider.base_url, type: saved.provider.type }, { url: draft.baseUrl, type: draft.type });
  const keyMissing = draft.engine === 'provider' && draft.type !== 'ollama' && !keyStored && draft.newKey.trim() === '';

  return (
    <form className="ui-stack" onSubmit={submit} data-testid="provider-form">
      <p className="muted">{t('provider.intro')}</p>
      {inUse !== null && (
        <p data-testid="provider-in-use">
          <strong>{t('provider.inUse')}</strong>{' '}
          {inUse ? t('provider.inUseProvider', { type: t(`provider.types.${saved.provider.type}`), model: saved.provider.model }) : t('provider.inUseLocal')}
        </p>
      )}
      <ModeTiles<Engine>
        label={t('provider.engine')}
        value={draft.engine}
        onChange={(engine) => change({ engine, ...(engine === 'provider' && draft.engine === 'local' && !draft.baseUrl ? { baseUrl: BASE_URLS[draft.type] } : {}) })}
        options={[
          { value: 'local', title: t('provider.local'), description: t('provider.localHint'), icon: Server },
          { value: 'provider', title: t('provider.provider'), description: t('provider.providerHint'), icon: Cloud },
        ]}
      />

      {draft.engine === 'provider' ? (
        <>
          <p className="muted">{t('provider.providerNote')}</p>
          <Field label={t('provider.type')} hint={t(`provider.typeHints.${draft.type}`)}>
            <Select name="provider_type" value={draft.type} onChange={(event) => chooseType(event.target.value as ProviderType)}>
              {PROVIDER_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`provider.types.${type}`)}
                </option>
              ))}
            </Select>
          </Field>
          <Field label={t('provider.baseUrl')} hint={t('provider.baseUrlHint')} error={urlRefused ? t('provider.refused') : undefined}>
            <Input
              name="provider_base_url"
              type="url"
              inputMode="url"
              autoComplete="off"
              spellCheck={false}
              required
              minLength={4}
              maxLength={500}
              placeholder="http://192.168.1.20:11434/v1"
              value={draft.baseUrl}
              onChange={(event) => change({ baseUrl: event.target.value })}
            />
          </Field>
          <Field label={t('provider.model')} hint={t('provider.modelHint')}>
            <Input
              name="provider_model"
              autoComplete="off"
              spellCheck={false}
              required
              maxLength={300}
              placeholder={draft.type === 'ollama' ? 'qwen2.5vl:7b' : 'gpt-4o-mini'}
              value={draft.model}
              onChange={(event) => change({ model: event.target.value })}
            />
          </Field>
          <Field
            label={t('provider.key')}
            hint={
              <span data-testid="provider-key-state">
                {saved.provider.api_key_configured ? t('provider.keyStored') : t('provider.keyNone')} {draft.type === 'ollama' && t('provider.keyOllama')}
              </span>
            }
          >
            <Input
              name="provider_api_key"
              type="password"
              autoComplete="new-password"
              spellCheck={false}
              maxLength={2000}
              disabled={draft.removeKey}
              placeholder={saved.provider.api_key_configured ? t('provider.keyReplace') : ''}
              value={draft.newKey}
              onChange={(event) => change({ newKey: event.target.value })}
            />
          </Field>
          {saved.provider.api_key_configured && (
            <Checkbox name="provider_remove_key" label={t('provider.keyRemove')} checked={draft.removeKey} onChange={(event) => change({ removeKey: event.target.checked, newKey: '' })} />
          )}
          {keyMissing && <Banner tone="warning">{t('provider.keyMissing')}</Banner>}
        </>
      ) : (
        saved.provider.api_key_configured && (
          <Checkbox name="provider_remove_key" label={t('provider.keyRemoveUnused')} checked={draft.removeKey} onChange={(event) => change({ removeKey: event.target.checked })} />
        )
      )}

      {saveError && !urlRefused && (
        <p className="form-problem" role="alert" data-testid="provider-problem">
          {saveError.detail ?? t('provider.problem')}
        </p>
      )}
      {justSaved && (
        <p className="notice" role="status" data-testid="provider-saved">
          {t('provider.saved')}
        </p>
      )}
      <div className="ui-cluster">
        <Button type="submit" loading={save.isPending} disabled={!dirty}>
          {t('provider.save')}
        </Button>
        {saved.provider.model !== '' && (
          <Button variant="secondary" loading={test.isPending} disabled={dirty} onClick={() => test.mutate()}>
            {t('provider.test')}
          </Button>
        )}
      </div>
      {dirty && saved.provider.model !== '' && <p className="muted small">{t('provider.testSavedOnly')}</p>}
      <TestResult result={test.data} error={test.error} model={saved.provider.model} />
    </form>
  );
}

function TestResult({ result, error, model }: { result: Schemas['ConnectionTestResponse'] | undefined; error: Error | null; model: string }) {
  const { t } = useTranslation();
  if (error) {
    return (
      <Banner tone="danger" role="alert" title={t('provider.testFailed')} data-testid="provider-test-result">
        {error instanceof ApiError ? (error.detail ?? t('provider.problem')) : t('provider.problem')}
      </Banner>
    );
  }
  if (!result) return null;
  const listed = result.info?.model_listed;
  const count = typeof result.info?.models_listed === 'number' ? result.info.models_listed : 0;
  return (
    <Banner tone={listed === false ? 'warning' : 'info'} role="status" title={t('provider.connected')} data-testid="provider-test-result">
      {listed === false ? t('provider.modelNotListed', { model, count }) : t('provider.modelListed', { model, count })}
    </Banner>
  );
}
