import type { Schemas } from '@hinv/api-client';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../app/api-context';
import { NewPasswordField } from '../../app/NewPasswordField';
import type { Auth } from '../../app/use-auth';
import { serverDetail } from '../../app/server-detail';
import { useRecentAuth } from '../../app/recent-auth';
import { Button, Card, Input } from '../../ui';
import { LoadProblem, useLoadProblem } from '../../app/load-problem';
import { RecoveryCodes } from './RecoveryCodes';

/** The signed-in user's password and devices (this one marked); the owner also edits the profile. */
export function AccountPanel({ isOwner, displayName, email, onProfileSaved }: { isOwner: boolean; displayName: string; email: string | null; onProfileSaved: Auth['adopt'] }) {
  const { t } = useTranslation();
  const api = useApi();
  const { failed: loadFailed, watch } = useLoadProblem();
  const withRecentAuth = useRecentAuth();
  const [sessions, setSessions] = useState<Schemas['AuthSessionResponse'][]>([]);
  const [name, setName] = useState(displayName);
  const [mail, setMail] = useState(email ?? '');
  const [currentPassword, setCurrentPassword] = useState('');
  const [password, setPassword] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  /** The recovery codes that replaced the old ones with a new password (TOTP on), shown once. */
  const [recoveryCodes, setRecoveryCodes] = useState<string[]>([]);

  const load = useCallback(() => {
    watch('sessions', api.GET('/api/v1/auth/sessions'), setSessions);
  }, [api]);
  useEffect(load, [load]);

  const saveProfile = async (event: FormEvent) => {
    event.preventDefault();
    const result = await withRecentAuth(() => api.PATCH('/api/v1/auth/profile', { body: { display_name: name.trim(), email: mail.trim() || null } }));
    if (!result) return;
    if (result.data) onProfileSaved(result.data);
    setNotice(result.data ? t('account.profileSaved') : (serverDetail(result.error) ?? t('account.problem')));
  };

  const changePassword = async (event: FormEvent) => {
    event.preventDefault();
    const result = await withRecentAuth(() => api.PUT('/api/v1/auth/password', { body: { current_password: currentPassword, password } }));
    // A cancelled confirmation or a refusal keeps what was typed.
    if (!result) return;
    if (result.data) {
      setCurrentPassword('');
      setPassword('');
    }
    setRecoveryCodes(result.data?.recovery_codes ?? []);
    setNotice(result.data ? t('account.passwordChanged') : (serverDetail(result.error) ?? t('account.problem')));
    load();
  };

  const revoke = async (id: string) => {
    await api.DELETE('/api/v1/auth/sessions/{session_id}', { params: { path: { session_id: id } } });
    load();
  };

  return (
    <Card title={t('account.heading')} titleId="account-heading" className="settings-panel">
      <LoadProblem failed={loadFailed} onRetry={load} />
      {notice && (
        <p className="notice" role="status" data-testid="account-notice">
          {notice}
        </p>
      )}
      <RecoveryCodes codes={recoveryCodes} intro={t('account.newRecoveryCodes')} testId="account-recovery-codes" />
      {isOwner && (
        <form className="form" onSubmit={saveProfile}>
          <label>
            {t('auth.field.displayName')}
            <Input name="profile_name" required minLength={2} maxLength={100} value={name} onChange={(e) => setName(e.target.value)} />
          </label>
          <label>
            {t('auth.field.email')}
            <Input name="profile_email" type="email" maxLength={320} value={mail} onChange={(e) => setMail(e.target.value)} />
          </label>
          <Button type="submit">{t('account.saveProfile')}</Button>
        </form>
      )}
      <form className="form" onSubmit={changePassword}>
        <label>
          {t('account.currentPassword')}
          <Input name="current_password" type="password" autoComplete="current-password" required maxLength={512} value={currentPassword} onChange={(e) => setCurrentPassword(e.target.value)} />
        </label>
        <NewPasswordField label={t('account.newPassword')} name="new_password" value={password} onChange={setPassword} />
        <Button type="submit">{t('account.changePassword')}</Button>
      </form>
      <h3>{t('account.devices')}</h3>
      <ul className="rows" data-testid="session-list">
        {sessions.map((session) => (
          <li key={session.id}>
            <span>
              {session.device_name} {session.current && <strong>({t('account.thisDevice')})</strong>}
            </span>
            <span className="muted small">{t('account.lastSeen', { date: session.last_seen_at.slice(0, 16).replace('T', ' ') })}</span>
            {!session.current && (
              <Button variant="secondary" onClick={() => void revoke(session.id)}>
                {t('account.signOutDevice')}
              </Button>
            )}
          </li>
        ))}
      </ul>
    </Card>
  );
}
