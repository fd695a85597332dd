import { APP_VERSION, LOCALES, type Locale } from '@hinv/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../app/api-context';
import { i18n } from '../../i18n/i18n';
import { useRecentAuth } from '../auth/recent-auth';
import type { Auth } from '../auth/use-auth';
import { HealthStatus } from '../health/HealthStatus';
import { AccountPanel } from '../settings/AccountPanel';
import { MembersPanel } from '../settings/MembersPanel';
import { SecurityPanel } from '../settings/SecurityPanel';
import { TokensPanel } from '../tokens/TokensPanel';

/** Language, the service's state and signing out. */
export function MoreScreen({ auth }: { auth: Auth }) {
  const { t } = useTranslation();
  const api = useApi();
  const withRecentAuth = useRecentAuth();
  const user = auth.state?.user ?? null;
  const manager = user?.role === 'owner' || user?.role === 'admin';
  const [notice, setNotice] = useState<string | null>(null);
  const signOutOthers = async () => {
    const result = await withRecentAuth(() => api.POST('/api/v1/auth/sessions/revoke-others'));
    if (result?.data) setNotice(t('more.otherDevicesSignedOut', { count: result.data.revoked }));
  };
  const changeLanguage = async (locale: Locale) => {
    await i18n.changeLanguage(locale);
    // Stored on the account, so other devices and the service's messages follow it.
    await api.PATCH('/api/v1/auth/preferences', { body: { preferred_locale: locale } }).catch(() => undefined);
  };
  return (
    <>
      <section className="card form" aria-labelledby="more-heading">
        <h2 id="more-heading">{t('more.heading')}</h2>
        <label>
          {t('more.language')}
          <select name="language" value={i18n.resolvedLanguage} onChange={(e) => void changeLanguage(e.target.value as Locale)}>
            {LOCALES.map((locale) => (
              <option key={locale} value={locale}>
                {t(`more.languages.${locale}`)}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="secondary" onClick={() => void signOutOthers()}>
          {t('more.signOutOthers')}
        </button>
        {notice && (
          <p className="notice" role="status" data-testid="more-notice">
            {notice}
          </p>
        )}
        <button type="button" onClick={() => void auth.logout()} disabled={auth.busy}>
          {t('app.signOut')}
        </button>
      </section>
      {user && <AccountPanel isOwner={user.role === 'owner'} displayName={user.display_name} email={user.email ?? null} onProfileSaved={auth.adopt} />}
      <SecurityPanel />
      {manager && user && <MembersPanel selfId={user.id} selfRole={user.role} />}
      {manager && <TokensPanel />}
      <section className="card" aria-labelledby="status-heading">
        <h2 id="status-heading">{t('status.heading')}</h2>
        <dl className="status-list">
          <HealthStatus />
          <div className="status-row">
            <dt>{t('status.version')}</dt>
            <dd data-testid="app-version">{APP_VERSION}</dd>
          </div>
        </dl>
      </section>
    </>
  );
}
