import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { NewPasswordField } from '../../app/NewPasswordField';
import type { Auth } from '../../app/use-auth';

/** Refusals the sign-in screens explain in words; anything else gets the generic text. */
const KNOWN_PROBLEMS = ['invalid_credentials', 'too_many_attempts', 'setup_already_done', 'offline', 'validation_failed', 'passkey_sign_in_failed', 'passkey_cancelled', 'invitation_gone'] as const;

function ProblemText({ auth }: { auth: Auth }) {
  const { t } = useTranslation();
  if (!auth.problem) return null;
  const code = (KNOWN_PROBLEMS as readonly string[]).includes(auth.problem.code) ? (auth.problem.code as (typeof KNOWN_PROBLEMS)[number]) : 'generic';
  return (
    <p className="form-problem" role="alert" data-testid="auth-problem">
      {t(`auth.problem.${code}`)}
    </p>
  );
}

/** First run: the owner chooses a password (and a name) and is signed in. */
function SetupForm({ auth }: { auth: Auth }) {
  const { t, i18n } = useTranslation();
  const [displayName, setDisplayName] = useState('');
  const [password, setPassword] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void auth.setup({ password, display_name: displayName.trim() || null, preferred_locale: i18n.resolvedLanguage === 'de' ? 'de' : 'en' });
  };
  return (
    <form className="card form" onSubmit={submit} aria-labelledby="setup-heading">
      <h2 id="setup-heading">{t('auth.setup.heading')}</h2>
      <p className="muted">{t('auth.setup.intro')}</p>
      <label>
        {t('auth.field.displayName')}
        <input name="display_name" autoComplete="name" minLength={2} maxLength={100} value={displayName} onChange={(e) => setDisplayName(e.target.value)} />
      </label>
      <NewPasswordField label={t('auth.field.newPassword')} value={password} onChange={setPassword} />
      <ProblemText auth={auth} />
      <button type="submit" disabled={auth.busy}>
        {t('auth.setup.submit')}
      </button>
    </form>
  );
}

function LoginForm({ auth }: { auth: Auth }) {
  const { t } = useTranslation();
  const [identifier, setIdentifier] = useState('');
  const [password, setPassword] = useState('');
  const askIdentifier = auth.state?.identifier_required === true;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void auth.login({ identifier: askIdentifier ? identifier.trim() : null, password });
  };
  return (
    <form className="card form" onSubmit={submit} aria-labelledby="login-heading">
      <h2 id="login-heading">{t('auth.login.heading')}</h2>
      {askIdentifier && (
        <label>
          {t('auth.field.email')}
          <input name="identifier" type="email" autoComplete="username" required maxLength={320} value={identifier} onChange={(e) => setIdentifier(e.target.value)} />
        </label>
      )}
      <label>
        {t('auth.field.password')}
        <input name="password" type="password" autoComplete="current-password" required maxLength={512} value={password} onChange={(e) => setPassword(e.target.value)} />
      </label>
      <ProblemText auth={auth} />
      <button type="submit" disabled={auth.busy}>
        {t('auth.login.submit')}
      </button>
      {'PublicKeyCredential' in window && (
        <button type="button" className="secondary" onClick={() => void auth.signInWithPasskey()} disabled={auth.busy}>
          {t('auth.login.passkey')}
        </button>
      )}
    </form>
  );
}

function SecondFactorForm({ auth }: { auth: Auth }) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void auth.verifyCode(code.trim());
  };
  return (
    <form className="card form" onSubmit={submit} aria-labelledby="mfa-heading">
      <h2 id="mfa-heading">{t('auth.mfa.heading')}</h2>
      <p className="muted">{t('auth.mfa.intro')}</p>
      <label>
        {t('auth.field.code')}
        <input name="code" autoComplete="one-time-code" inputMode="text" required minLength={6} maxLength={64} value={code} onChange={(e) => setCode(e.target.value)} />
      </label>
      <ProblemText auth={auth} />
      <button type="submit" disabled={auth.busy}>
        {t('auth.mfa.submit')}
      </button>
    </form>
  );
}

export { ProblemText };

/** Whichever sign-in step the API asks for next: setup, password, or the second factor. */
export function SignIn({ auth }: { auth: Auth }) {
  if (auth.state?.mfa_required) return <SecondFactorForm auth={auth} />;
  if (auth.state?.needs_setup) return <SetupForm auth={auth} />;
  return <LoginForm auth={auth} />;
}
