import { useTranslation } from 'react-i18next';
import { ServiceStatus } from '../features/status/ServiceStatus';

export function App() {
  const { t } = useTranslation();
  return (
    <div className="shell">
      <header className="top-bar">
        <img src="/favicon.svg" alt="" width="32" height="32" />
        <h1>{t('app.title')}</h1>
      </header>
      <main className="content">
        <p className="tagline">{t('app.tagline')}</p>
        <ServiceStatus />
      </main>
    </div>
  );
}
