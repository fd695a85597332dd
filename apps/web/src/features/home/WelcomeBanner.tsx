import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Sparkles from 'lucide-react/icons/sparkles';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../app/api-context';
import { ok } from '../../lib/api-result';
import { Banner, Button } from '../../ui';

const EXPERIENCE_KEY = ['experience'] as const;

/** Onboarding for a new user, or this release's notes once after an update; dismissed once. */
export function WelcomeBanner() {
  const { t } = useTranslation();
  const api = useApi();
  const queryClient = useQueryClient();
  const experience = useQuery({ queryKey: EXPERIENCE_KEY, queryFn: () => ok(api.GET('/api/v1/experience')) });
  const dismiss = useMutation({
    mutationFn: (body: { complete_onboarding: true } | { acknowledge_current_version: true }) => ok(api.PUT('/api/v1/experience', { body })),
    onSuccess: (state) => queryClient.setQueryData(EXPERIENCE_KEY, state),
  });
  const state = experience.data;
  if (!state || (!state.onboarding_required && !state.release_notes_pending)) return null;
  return (
    <Banner
      tone="info"
      icon={Sparkles}
      data-testid="welcome"
      title={<span id="welcome-heading">{state.onboarding_required ? t('welcome.heading') : state.release.title}</span>}
      action={
        <Button
          variant="secondary"
          loading={dismiss.isPending}
          onClick={() => dismiss.mutate(state.onboarding_required ? { complete_onboarding: true } : { acknowledge_current_version: true })}
        >
          {t('welcome.dismiss')}
        </Button>
      }
    >
      <p>{state.onboarding_required ? t('welcome.intro') : state.release.summary}</p>
      {!state.onboarding_required && (
        <ul>
          {state.release.highlights.map((highlight) => (
            <li key={highlight}>{highlight}</li>
          ))}
        </ul>
      )}
      {dismiss.isError && <p role="alert">{t('app.loadFailed')}</p>}
    </Banner>
  );
}
