import type { Schemas } from '@hinv/api-client';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../app/api-context';

/** Onboarding for a new user, or this release's notes once after an update; dismissed once. */
export function WelcomeBanner() {
  const { t } = useTranslation();
  const api = useApi();
  const [state, setState] = useState<Schemas['ExperienceStateResponse'] | null>(null);

  useEffect(() => {
    api.GET('/api/v1/experience').then(({ data }) => setState(data ?? null), () => undefined);
  }, [api]);

  if (!state || (!state.onboarding_required && !state.release_notes_pending)) return null;
  const dismiss = async () => {
    const body = state.onboarding_required ? { complete_onboarding: true } : { acknowledge_current_version: true };
    const { data } = await api.PUT('/api/v1/experience', { body });
    setState(data ?? null);
  };
  return (
    <section className="card" aria-labelledby="welcome-heading" data-testid="welcome">
      <h2 id="welcome-heading">{state.onboarding_required ? t('welcome.heading') : state.release.title}</h2>
      <p>{state.onboarding_required ? t('welcome.intro') : state.release.summary}</p>
      {!state.onboarding_required && (
        <ul>
          {state.release.highlights.map((highlight) => (
            <li key={highlight}>{highlight}</li>
          ))}
        </ul>
      )}
      <button type="button" className="secondary" onClick={() => void dismiss()}>
        {t('welcome.dismiss')}
      </button>
    </section>
  );
}
