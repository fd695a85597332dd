import { APP_VERSION } from '@hinv/shared';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { InviteScreen } from '../features/auth/InviteScreen';
import { wasSignedIn } from '../features/auth/signed-in-hint';
import { SignIn } from '../features/auth/SignIn';
import { useAuth } from '../features/auth/use-auth';
import { CatalogScreen } from '../features/catalog/CatalogScreen';
import { HealthStatus } from '../features/health/HealthStatus';
import { MoreScreen } from '../features/more/MoreScreen';
import { ScanScreen } from '../features/scanner/ScanScreen';
import { WelcomeBanner } from '../features/settings/WelcomeBanner';
import { ShoppingScreen } from '../features/shopping/ShoppingScreen';
import { StockScreen } from '../features/stock/StockScreen';
import { useRoute, type Route } from './use-route';

const NAVIGATION: { route: Route; label: 'nav.scan' | 'nav.stock' | 'nav.shopping' | 'nav.more' }[] = [
  { route: '/', label: 'nav.scan' },
  { route: '/stock', label: 'nav.stock' },
  { route: '/shopping', label: 'nav.shopping' },
  { route: '/more', label: 'nav.more' },
];

/** The app shell: header, navigation (bottom bar on phones, sidebar on desktops) and the screens. */
export function App() {
  const { t } = useTranslation();
  const auth = useAuth();
  const [route, go] = useRoute();
  const user = auth.state?.authenticated ? auth.state.user : null;
  // Offline after an earlier sign-in: the cached shell and the scan queue work, nothing else.
  const offlineShell = !user && auth.problem?.code === 'offline' && wasSignedIn();
  // Viewers read only; the API refuses their writes anyway, the screens just do not offer them.
  const canWrite = user !== null && user !== undefined && user.role !== 'viewer';
  const inviteToken = /^\/invite\/([A-Za-z0-9_-]{20,200})$/.exec(window.location.pathname)?.[1];
  // Once the invitation is accepted, the link has done its job: leave it for the home screen.
  useEffect(() => {
    if (user && inviteToken) go('/');
  }, [user, inviteToken, go]);
  return (
    <div className={user ? 'shell shell-nav' : 'shell'}>
      <header className="shell-header">
        <img className="shell-logo" src="/favicon.svg" alt="" width="40" height="40" />
        <div className="shell-title">
          <h1>{t('app.title')}</h1>
          <p className="shell-tagline">{user ? t('app.signedInAs', { name: user.display_name }) : t('app.tagline')}</p>
        </div>
      </header>
      {user && (
        <nav className="navigation" aria-label={t('nav.label')}>
          {NAVIGATION.map((item) => (
            <a
              key={item.route}
              href={item.route}
              aria-current={route === item.route || (item.route === '/stock' && route === '/catalog') ? 'page' : undefined}
              onClick={(event) => {
                event.preventDefault();
                go(item.route);
              }}
            >
              {t(item.label)}
            </a>
          ))}
        </nav>
      )}
      <main className="shell-main">
        {auth.state === null && !auth.problem && <p className="muted">{t('app.loading')}</p>}
        {offlineShell && <ScanScreen online={false} />}
        {user && route === '/' && <WelcomeBanner />}
        {user && route === '/' && (canWrite ? <ScanScreen online /> : <p className="notice">{t('app.viewerOnly')}</p>)}
        {user && route === '/stock' && <StockScreen canWrite={canWrite} onCatalog={() => go('/catalog')} />}
        {user && route === '/catalog' && <CatalogScreen canEdit={user.role === 'owner' || user.role === 'admin'} />}
        {user && route === '/shopping' && <ShoppingScreen canWrite={canWrite} />}
        {user && route === '/more' && <MoreScreen auth={auth} />}
        {!user && inviteToken && <InviteScreen token={inviteToken} auth={auth} />}
        {!user && !inviteToken && !offlineShell && auth.state !== null && <SignIn auth={auth} />}
        {!user && (
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
        )}
      </main>
    </div>
  );
}
