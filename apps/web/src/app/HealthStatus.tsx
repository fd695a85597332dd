import { useTranslation } from 'react-i18next';
import { useHealth } from './use-health';

/** The API's liveness as one line. When healthy it shows the API's own word (`ok`), untranslated. */
export function HealthStatus() {
  const { t } = useTranslation();
  const health = useHealth();
  const text = health.state === 'ok' ? health.status : t(`status.${health.state}`);
  return (
    <div className="status-row">
      <dt>{t('status.api')}</dt>
      <dd data-testid="health-status" data-state={health.state} aria-live="polite">
        {text}
      </dd>
    </div>
  );
}
