import type { Schemas } from '@hinv/api-client';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../app/api-context';
import { useRecentAuth } from '../../app/recent-auth';
import { Button, Card, Input } from '../../ui';
import { LoadProblem, useLoadProblem } from '../../app/load-problem';
import { StationPairing } from './StationPairing';

type Scope = Schemas['ApiTokenScopeResponse'];
type Token = Schemas['ApiTokenResponse'];

/**
 * Automation tokens for scanner stations and home automation (owners and admins): pick scopes,
 * see the raw token exactly once with a copy button, and revoke tokens that are no longer used.
 */
export function TokensPanel() {
  const { t } = useTranslation();
  const api = useApi();
  const { failed: loadFailed, watch } = useLoadProblem();
  const withRecentAuth = useRecentAuth();
  const [scopes, setScopes] = useState<Scope[]>([]);
  const [tokens, setTokens] = useState<Token[]>([]);
  const [name, setName] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const [days, setDays] = useState('90');
  const [created, setCreated] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);

  const load = useCallback(() => {
    watch('tokens', api.GET('/api/v1/auth/api-tokens'), setTokens);
  }, [api]);
  useEffect(() => {
    watch('scopes', api.GET('/api/v1/auth/api-token-scopes'), setScopes);
    load();
  }, [api, load]);

  const create = async (event: FormEvent) => {
    event.preventDefault();
    const result = await withRecentAuth(() =>
      api.POST('/api/v1/auth/api-tokens', { body: { name: name.trim(), scopes: chosen as Scope['id'][], expires_days: Number(days) } }),
    );
    if (result?.data) {
      setCreated(result.data.token);
      setCopied(false);
      setName('');
      setChosen([]);
      load();
    }
  };

  const revoke = async (id: string) => {
    await withRecentAuth(() => api.DELETE('/api/v1/auth/api-tokens/{token_id}', { params: { path: { token_id: id } } }));
    load();
  };

  const copy = async () => {
    if (!created) return;
    await navigator.clipboard.writeText(created);
    setCopied(true);
  };

  return (
    <div className="ui-stack">
    <StationPairing onCreated={load} />
    <Card title={t('tokens.heading')} titleId="tokens-heading" className="settings-panel">
      <LoadProblem failed={loadFailed} onRetry={load} />
      {created && (
        <div className="notice" data-testid="token-created">
          <p>{t('tokens.once')}</p>
          <code className="token" data-testid="token-value">
            {created}
          </code>
          <Button onClick={() => void copy()}>
            {copied ? t('tokens.copied') : t('tokens.copy')}
          </Button>
        </div>
      )}
      <form onSubmit={create} className="form">
        <label>
          {t('tokens.name')}
          <Input name="token_name" required minLength={2} maxLength={100} value={name} onChange={(e) => setName(e.target.value)} />
        </label>
        <fieldset className="scopes">
          <legend>{t('tokens.scopes')}</legend>
          {scopes.map((scope) => (
            <label key={scope.id} className="scope">
              <input
                type="checkbox"
                name="scope"
                value={scope.id}
                checked={chosen.includes(scope.id)}
                onChange={(e) => setChosen((current) => (e.target.checked ? [...current, scope.id] : current.filter((id) => id !== scope.id)))}
              />
              <span>
                <strong>{scope.label}</strong> <span className="muted small">{scope.description}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <label>
          {t('tokens.days')}
          <Input name="token_days" type="number" min={1} max={365} required value={days} onChange={(e) => setDays(e.target.value)} />
        </label>
        <Button type="submit" disabled={chosen.length === 0}>
          {t('tokens.create')}
        </Button>
      </form>
      {tokens.length > 0 && (
        <ul className="rows" data-testid="token-list">
          {tokens.map((token) => (
            <li key={token.id}>
              <span>
                <strong>{token.name}</strong> <code>{token.token_prefix}</code>
              </span>
              <span className="muted small">
                {token.scopes.join(', ')} · {t('tokens.expires', { date: token.expires_at.slice(0, 10) })} ·{' '}
                {token.last_used_at ? t('tokens.lastUsed', { date: token.last_used_at.slice(0, 10) }) : t('tokens.neverUsed')}
              </span>
              <Button variant="secondary" onClick={() => void revoke(token.id)}>
                {t('tokens.revoke')}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Card>
    </div>
  );
}
