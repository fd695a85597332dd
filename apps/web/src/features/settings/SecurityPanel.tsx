import type { Schemas } from '@hinv/api-client';
import { startRegistration } from '@simplewebauthn/browser';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../app/api-context';
import { useRecentAuth } from '../../app/recent-auth';
import { Button, Card, Input } from '../../ui';
import { LoadProblem, useLoadProblem } from '../../app/load-problem';
import { RecoveryCodes } from './RecoveryCodes';

/** Two-factor sign-in (TOTP with a QR code; recovery codes shown once) and passkeys. */
export function SecurityPanel() {
  const { t } = useTranslation();
  const api = useApi();
  const { failed: loadFailed, watch } = useLoadProblem();
  const withRecentAuth = useRecentAuth();
  const [security, setSecurity] = useState<Schemas['SecurityStateResponse'] | null>(null);
  const [setup, setSetup] = useState<Schemas['TotpSetupResponse'] | null>(null);
  const [code, setCode] = useState('');
  const [recoveryCodes, setRecoveryCodes] = useState<string[]>([]);
  const [notice, setNotice] = useState<string | null>(null);

  const load = useCallback(() => {
    watch('security', api.GET('/api/v1/auth/security'), setSecurity);
  }, [api]);
  useEffect(load, [load]);

  const beginTotp = async () => {
    const result = await withRecentAuth(() => api.POST('/api/v1/auth/totp/setup'));
    if (result?.data) setSetup(result.data);
  };

  const enableTotp = async (event: FormEvent) => {
    event.preventDefault();
    const result = await withRecentAuth(() => api.POST('/api/v1/auth/totp/enable', { body: { code: code.trim() } }));
    if (!result) return;
    if (result.data) {
      setNotice(null);
      setSetup(null);
      setCode('');
      setRecoveryCodes(result.data.recovery_codes ?? []);
      load();
    } else setNotice(t('security.codeWrong'));
  };

  const addPasskey = async () => {
    const begin = await withRecentAuth(() => api.POST('/api/v1/auth/passkeys/registration/begin', { body: { origin: window.location.origin } }));
    if (!begin?.data) return setNotice(t('security.passkeyFailed'));
    const credential = await startRegistration({ optionsJSON: begin.data.options as unknown as Parameters<typeof startRegistration>[0]['optionsJSON'] }).catch(() => null);
    if (!credential) return setNotice(t('security.passkeyFailed'));
    const { data } = await api.POST('/api/v1/auth/passkeys/registration/complete', {
      body: { challenge_id: begin.data.challenge_id, credential: credential as unknown as Record<string, never>, name: t('security.passkeyName') },
    });
    setNotice(data ? t('security.passkeyAdded') : t('security.passkeyFailed'));
    load();
  };

  const removePasskey = async (id: string) => {
    await withRecentAuth(() => api.DELETE('/api/v1/auth/passkeys/{credential_id}', { params: { path: { credential_id: id } } }));
    load();
  };

  if (!security) return null;
  return (
    <Card title={t('security.heading')} titleId="security-heading" className="settings-panel">
      <LoadProblem failed={loadFailed} onRetry={load} />
      {notice && (
        <p className="notice" role="status" data-testid="security-notice">
          {notice}
        </p>
      )}
      <p data-testid="totp-state">{security.totp_enabled ? t('security.totpOn', { count: security.recovery_codes_remaining }) : t('security.totpOff')}</p>
      <RecoveryCodes codes={recoveryCodes} intro={t('security.recoveryOnce')} testId="recovery-codes" />
      {!security.totp_enabled && !setup && (
        <Button onClick={() => void beginTotp()}>
          {t('security.setUpTotp')}
        </Button>
      )}
      {setup && (
        <form className="form" onSubmit={enableTotp}>
          <img src={setup.qr_data_uri} alt={t('security.qrAlt')} width="200" height="200" />
          <p className="muted small">
            {t('security.manual')} <code data-testid="totp-secret">{setup.secret}</code>
          </p>
          <label>
            {t('auth.field.code')}
            <Input name="totp_code" inputMode="numeric" autoComplete="one-time-code" required minLength={6} maxLength={32} value={code} onChange={(e) => setCode(e.target.value)} />
          </label>
          <Button type="submit">{t('security.enableTotp')}</Button>
        </form>
      )}
      <h3>{t('security.passkeys')}</h3>
      <ul className="rows" data-testid="passkey-list">
        {security.passkeys.map((passkey) => (
          <li key={passkey.id}>
            <span>{passkey.name}</span>
            <Button variant="secondary" onClick={() => void removePasskey(passkey.id)}>
              {t('security.remove')}
            </Button>
          </li>
        ))}
      </ul>
      {'PublicKeyCredential' in window && (
        <Button variant="secondary" onClick={() => void addPasskey()}>
          {t('security.addPasskey')}
        </Button>
      )}
    </Card>
  );
}
