import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { APP_VERSION } from '@hinv/shared';
import { api } from '../../app/api';

type Health = 'checking' | 'ok' | 'unreachable';

/** Asks the API whether it is up (through the generated client) and says so. */
export function ServiceStatus() {
  const { t } = useTranslation();
  const [health, setHealth] = useState<Health>('checking');

  useEffect(() => {
    let active = true;
    api
      .GET('/api/v1/health')
      .then(({ data }) => active && setHealth(data?.status === 'ok' ? 'ok' : 'unreachable'))
      .catch(() => active && setHealth('unreachable'));
    return () => {
      active = false;
    };
  }, []);

  return (
    <section className="card" aria-labelledby="service-status-heading">
      <h2 id="service-status-heading">{t('status.heading')}</h2>
      <p role="status">
        <span className={`dot dot-${health}`} aria-hidden="true" />
        {t(`status.${health}`)}
        <span data-testid="health-status" hidden>
          {health}
        </span>
      </p>
      <p className="muted" data-testid="app-version">
        {t('status.version', { version: APP_VERSION })}
      </p>
    </section>
  );
}
