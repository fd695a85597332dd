import { APP_VERSION } from '@hinv/shared';
import { skipToken, useIsRestoring, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Redirect, Route, Switch, useLocation } from 'wouter';
import { InviteScreen } from '../features/auth/InviteScreen';
import { SignIn } from '../features/auth/SignIn';
import { HomeScreen } from '../features/home/HomeScreen';
import { scanDesk } from '../features/scanner/scan-desk';
import { ScanScreen } from '../features/scanner/ScanScreen';
import { queryPersister } from '../lib/query-persister';
import { useOnline } from '../lib/use-online';
import { Banner } from '../ui';
import { HealthStatus } from './HealthStatus';
import { useLiveUpdates } from './live-updates';
import { isCurrent, NAVIGATION } from './navigation';
import { NotFound } from './NotFound';
import { SESSION_USER_KEY, type CachedUser } from './offline-cache';
import { paths } from './paths';
import { SessionProvider, useSession } from './session';
import { wasSignedIn } from './signed-in-hint';
import { useAuth } from './use-auth';

// Screens other than home and the scanner load when first opened: the scanner must be quick.
const StockScreen = lazy(() => import('../features/stock/StockScreen').then((m) => ({ default: m.StockScreen })));
const ProductScreen = lazy(() => import('../features/catalog/ProductScreen').then((m) => ({ default: m.ProductScreen })));
const CatalogScreen = lazy(() => import('../features/catalog/CatalogScreen').then((m) => ({ default: m.CatalogScreen })));
const ShoppingScreen = lazy(() => import('../features/shopping/ShoppingScreen').then((m) => ({ default: m.ShoppingScreen })));
const ReceiptsScreen = lazy(() => import('../features/receipts/ReceiptsScreen').then((m) => ({ default: m.ReceiptsScreen })));
const ReceiptScreen = lazy(() => import('../features/receipts/ReceiptScreen').then((m) => ({ default: m.ReceiptScreen })));
const BudgetScreen = lazy(() => import('../features/budget/BudgetScreen').then((m) => ({ default: m.BudgetScreen })));
const ModeCodeSheet = lazy(() => import('../features/scanner/station/codes/ModeCodeSheet'));
const SettingsScreen = lazy(() => import('../features/settings/SettingsScreen').then((m) => ({ default: m.SettingsScreen })));

const INVITE_PATH = /^\/invite\/([A-Za-z0-9_-]{20,200})$/;

/** The app shell: header, navigation (bottom bar on phones, sidebar on desktops) and the screens. */
export function Shell() {
  const { t } = useTranslation();
  const auth = useAuth();
  const [location, navigate] = useLocation();
  const queryClient = useQueryClient();
  const restoring = useIsRestoring();
  const signedInUser = auth.state?.authenticated ? auth.state.user : null;
  // Offline after an earlier sign-in: the cached shell and the scan queue work, and with the
  // person and the lists cached on this device, the screens show what was last loaded.
  const offlineShell = !signedInUser && auth.problem?.code === 'offline' && wasSignedIn();
  const cachedUser = useQuery<CachedUser>({ queryKey: SESSION_USER_KEY, queryFn: skipToken }).data;
  const user = signedInUser ?? (offlineShell ? (cachedUser ?? null) : null);
  useEffect(() => {
    if (signedInUser) queryClient.setQueryData(SESSION_USER_KEY, signedInUser);
  }, [queryClient, signedInUser]);
  // Signed out (or the session ended): what the last person saw leaves the device too.
  const signedOut = auth.state !== null && !auth.state.authenticated;
  useEffect(() => {
    if (!signedOut || restoring) return;
    queryClient.clear();
    scanDesk.reset();
    void queryPersister.removeClient();
  }, [queryClient, signedOut, restoring]);
  const inviteToken = INVITE_PATH.exec(location)?.[1];
  const online = useOnline();
  // Changes made on other devices reach the open screens while signed in (never blocks offline use).
  useLiveUpdates(signedInUser !== null);
  // Once the invitation is accepted, the link has done its job: leave it for the home screen.
  useEffect(() => {
    if (user && inviteToken) navigate(paths.home, { replace: true });
  }, [user, inviteToken, navigate]);
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
            <Link key={item.path} href={item.path} className={item.wideOnly ? 'wide-only' : undefined} aria-current={isCurrent(item, location) ? 'page' : undefined}>
              <item.icon aria-hidden="true" size={22} />
              <span>{t(item.label)}</span>
            </Link>
          ))}
        </nav>
      )}
      <main className="shell-main">
        {!online && (
          <Banner tone="offline" role="status" className="offline-banner" data-testid="offline-banner" title={t('app.offline')}>
            {t('app.offlineHint')}
          </Banner>
        )}
        {auth.state === null && !auth.problem && <p className="muted">{t('app.loading')}</p>}
        {offlineShell && !user && <ScanScreen online={false} />}
        {user && (
          <SessionProvider user={user} auth={auth} offline={signedInUser === null}>
            <Suspense fallback={<p className="muted">{t('app.loading')}</p>}>
              <Screens />
            </Suspense>
          </SessionProvider>
        )}
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

/** The signed-in screens by address: reload, the back button and a shared link land on the same one. */
function Screens() {
  const { t } = useTranslation();
  const { canQueue, offline } = useSession();
  return (
    <Switch>
      <Route path={paths.home} component={HomeScreen} />
      <Route path={paths.scan}>{!canQueue ? <p className="notice">{t('app.viewerOnly')}</p> : <ScanScreen online={!offline} />}</Route>
      <Route path={paths.stock} component={StockScreen} />
      <Route path="/products/:id">{(params) => <ProductScreen productId={params.id} />}</Route>
      <Route path={paths.shopping} component={ShoppingScreen} />
      <Route path={paths.catalog} component={CatalogScreen} />
      <Route path={paths.receipts} component={ReceiptsScreen} />
      {/* The share target's address, opened as a page (a bookmark, a reload): the receipts screen. */}
      <Route path={paths.receiptShare}>
        <Redirect to={paths.receipts} replace />
      </Route>
      <Route path="/receipts/:id">{(params) => <ReceiptScreen receiptId={params.id} />}</Route>
      <Route path={paths.budget} component={BudgetScreen} />
      <Route path={paths.settings}>{() => <SettingsScreen />}</Route>
      <Route path={paths.stationCodes} component={ModeCodeSheet} />
      <Route path="/settings/:section">{(params) => <SettingsScreen section={params.section} />}</Route>
      {/* The invitation was accepted in this tab; the effect above moves on to home. */}
      <Route path="/invite/:token">{null}</Route>
      {/* The settings screen was called "more" before it had sections. */}
      <Route path="/more">
        <Redirect to={paths.settings} replace />
      </Route>
      <Route>
        <NotFound />
      </Route>
    </Switch>
  );
}
