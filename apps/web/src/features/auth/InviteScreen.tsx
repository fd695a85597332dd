import type { Schemas } from '@hinv/api-client';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../app/api-context';
import { NewPasswordField } from '../../app/NewPasswordField';
import { ProblemText } from './SignIn';
import type { Auth } from '../../app/use-auth';

/** `/invite/<token>`: who invites whom, then a password to join and sign in. */
export function InviteScreen({ token, auth }: { token: string; auth: Auth }) {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const [invitation, setInvitation] = useState<Schemas['HouseholdInvitationPublicResponse'] | 'gone' | null>(null);
  const [password, setPassword] = useState('');

  useEffect(() => {
    api.GET('/api/v1/auth/invitations/{token}', { params: { path: { token } } }).then(
      ({ data }) => setInvitation(data ?? 'gone'),
      () => setInvitation('gone'),
    );
  }, [api, token]);

  if (invitation === null) return <p className="muted">{t('app.loading')}</p>;
  if (invitation === 'gone') {
    return (
      <section className="card" aria-labelledby="invite-heading">
        <h2 id="invite-heading">{t('invite.heading')}</h2>
        <p className="form-problem" data-testid="invite-gone">
          {t('invite.gone')}
        </p>
      </section>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void auth.acceptInvitation(token, { password, preferred_locale: i18n.resolvedLanguage === 'de' ? 'de' : 'en' });
  };
  return (
    <form className="card form" onSubmit={submit} aria-labelledby="invite-heading">
      <h2 id="invite-heading">{t('invite.heading')}</h2>
      <p>{t('invite.intro', { household: invitation.household_name, name: invitation.display_name, role: t(`invite.roles.${invitation.role}`) })}</p>
      <p className="muted">{invitation.email}</p>
      <NewPasswordField label={t('auth.field.newPassword')} value={password} onChange={setPassword} />
      <ProblemText auth={auth} />
      <button type="submit" disabled={auth.busy}>
        {t('invite.submit')}
      </button>
    </form>
  );
}
