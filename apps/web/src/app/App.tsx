import { APP_VERSION } from '@hinv/shared';
import { useTranslation } from 'react-i18next';
import { SignIn } from '../features/auth/SignIn';
import { wasSignedIn } from '../features/auth/signed-in-hint';
import { useAuth } from '../features/auth/use-auth';
import { ScanScreen } from '../features/scanner/ScanScreen';
import { HealthStatus } from '../features/health/HealthStatus';

/** The app shell: header, then the sign-in steps or the signed-in home. */
export function App() {
  const { t } = useTranslation();
  const auth = useAuth();
  const user = auth.state?.authenticated ? auth.state.user : null;
  // Offline after an earlier sign-in: the cached shell and the scan queue work, nothing else.
  const offlineShell = !user && auth.problem?.code === 'offline' && wasSignedIn();
  return (
    <div className="shell">
      <header className="shell-header">
        <img className="shell-logo" src="/favicon.svg" alt="" width="40" height="40" />
        <div className="shell-title">
          <h1>{t('app.title')}</h1>
          <p className="shell-tagline">{user ? t('app.signedInAs', { name: user.display_name }) : t('app.tagline')}</p>
        </div>
        {user && (
          <button type="button" className="shell-action" onClick={() => void auth.logout()} disabled={auth.busy}>
            {t('app.signOut')}
          </button>
        )}
      </header>
      <main className="shell-main">
        {auth.state === null && !auth.problem && <p className="muted">{t('app.loading')}</p>}
        {(user || offlineShell) && <ScanScreen online={Boolean(user)} />}
        {!user && !offlineShell && auth.state !== null && <SignIn auth={auth} />}
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
      </main>
    </div>
  );
}
