import { createContext, use, useCallback, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Banner, Button, Field, Input, Sheet } from '../ui';
import { useApi } from './api-context';

type Confirm = () => Promise<boolean>;
const RecentAuthContext = createContext<Confirm | null>(null);

/**
 * Sensitive actions answer 428 when the last sign-in is more than ten minutes old. This provider
 * owns the one prompt that asks for the password (and a code when two-factor is on) and renews
 * the window; `useRecentAuth()` wraps any action so it is retried once after a successful prompt.
 */
export function RecentAuthProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const api = useApi();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [failed, setFailed] = useState(false);
  const settle = useRef<((ok: boolean) => void) | null>(null);

  const confirm = useCallback<Confirm>(
    () =>
      new Promise<boolean>((resolve) => {
        settle.current = resolve;
        setPassword('');
        setCode('');
        setFailed(false);
        setOpen(true);
      }),
    [],
  );

  const finish = (ok: boolean) => {
    setOpen(false);
    settle.current?.(ok);
    settle.current = null;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { data } = await api.POST('/api/v1/auth/reauthenticate', { body: { password, code: code.trim() || null } }).catch(() => ({ data: undefined }));
    if (data?.recent_authentication) finish(true);
    else setFailed(true);
  };

  return (
    <RecentAuthContext value={confirm}>
      {children}
      <Sheet open={open} onClose={() => finish(false)} title={<span id="reauth-heading">{t('reauth.heading')}</span>} closeLabel={t('reauth.cancel')}>
        <form className="ui-stack" data-testid="reauth" onSubmit={submit}>
          <p className="muted">{t('reauth.intro')}</p>
          <Field label={t('auth.field.password')}>
            <Input name="reauth_password" type="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
          </Field>
          <Field label={t('reauth.code')}>
            <Input name="reauth_code" autoComplete="one-time-code" maxLength={64} value={code} onChange={(e) => setCode(e.target.value)} />
          </Field>
          {failed && (
            <Banner tone="danger" role="alert">
              {t('reauth.failed')}
            </Banner>
          )}
          <div className="ui-cluster ui-cluster--end">
            <Button variant="quiet" onClick={() => finish(false)}>
              {t('reauth.cancel')}
            </Button>
            <Button type="submit">{t('reauth.submit')}</Button>
          </div>
        </form>
      </Sheet>
    </RecentAuthContext>
  );
}

/** Runs `action`; on 428 asks the user to confirm their identity and runs it once more. */
export function useRecentAuth() {
  const confirm = use(RecentAuthContext);
  if (!confirm) throw new Error('useRecentAuth() needs a <RecentAuthProvider> above it');
  return useCallback(
    async <R extends { response: Response }>(action: () => Promise<R>): Promise<R | null> => {
      const first = await action();
      if (first.response.status !== 428) return first;
      return (await confirm()) ? action() : null;
    },
    [confirm],
  );
}
