import { APP_VERSION } from '@hinv/shared';
import { useTranslation } from 'react-i18next';
import { HealthStatus } from '../features/health/HealthStatus';

/** The app shell: header and the service panel. Feature screens will hang off this. */
export function App() {
  const { t } = useTranslation();
  return (
    <div className="shell">
      <header className="shell-header">
        <img className="shell-logo" src="/favicon.svg" alt="" width="40" height="40" />
        <div>
          <h1>{t('app.title')}</h1>
          <p className="shell-tagline">{t('app.tagline')}</p>
        </div>
      </header>
      <main className="shell-main">
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
