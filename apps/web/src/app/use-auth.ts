import type { Schemas } from '@hinv/api-client';
import { startAuthentication } from '@simplewebauthn/browser';
import { useCallback, useEffect, useState } from 'react';
import { useApi } from './api-context';
import { i18n } from '../i18n/i18n';
import { setQueueOwner } from './queue-owner';
import { rememberSignedIn } from './signed-in-hint';

export type AuthState = Schemas['AuthenticationResponse'];

/**
 * Signing out ends this browser's push subscription: the next person to sign in here must not get
 * the last one's reminders, and gets an endpoint of their own. The service drops the old one at its
 * next send (the push service answers 404/410).
 */
async function stopPushOnThisDevice(): Promise<void> {
  try {
    const registration = 'serviceWorker' in navigator ? await navigator.serviceWorker.getRegistration() : undefined;
    await (await registration?.pushManager?.getSubscription())?.unsubscribe();
  } catch {
    // Signing out goes on either way.
  }
}

/** An API refusal reduced to what the sign-in screens explain: a stable code, or "offline". */
export type AuthProblem = { code: string } | { code: 'offline' };

export interface Auth {
  /** null until the first answer of GET /auth/state. */
  state: AuthState | null;
  problem: AuthProblem | null;
  busy: boolean;
  setup(input: Schemas['SetupRequest']): Promise<void>;
  login(input: Schemas['LoginRequest']): Promise<void>;
  verifyCode(code: string): Promise<void>;
  signInWithPasskey(): Promise<void>;
  acceptInvitation(token: string, input: Schemas['HouseholdInvitationAcceptInput']): Promise<void>;
  logout(): Promise<void>;
  /** Takes a fresh state the API returned elsewhere (a saved profile), so the shell shows it at once. */
  adopt(next: AuthState): void;
}

/**
 * The browser's sign-in state and the steps that change it. The session itself is the HttpOnly
 * cookie the API sets; nothing secret is kept in the page.
 */
export function useAuth(): Auth {
  const api = useApi();
  const [state, setState] = useState<AuthState | null>(null);
  const [problem, setProblem] = useState<AuthProblem | null>(null);
  const [busy, setBusy] = useState(false);

  const settle = useCallback((next: AuthState) => {
    setState(next);
    rememberSignedIn(next.authenticated);
    setProblem(null);
    const locale = next.user?.preferred_locale;
    if (locale && i18n.resolvedLanguage !== locale) void i18n.changeLanguage(locale);
  }, []);

  const offline = problem?.code === 'offline';
  useEffect(() => {
    const load = () =>
      api.GET('/api/v1/auth/state').then(
        ({ data }) => data && settle(data),
        () => setProblem({ code: 'offline' }),
      );
    void load();
    if (!offline) return;
    // While the service is unreachable, look again now and then and whenever the browser says
    // it is back online (not every browser reports that reliably).
    const timer = window.setInterval(() => void load(), 4000);
    window.addEventListener('online', load);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('online', load);
    };
  }, [api, settle, offline]);

  /** Runs one sign-in step; a refusal becomes `problem`, the state stays as it was. */
  const step = useCallback(
    async (call: () => Promise<{ data?: AuthState; error?: unknown }>) => {
      setBusy(true);
      try {
        const { data, error } = await call();
        if (data) settle(data);
        else setProblem({ code: (error as { code?: string } | undefined)?.code ?? 'request_failed' });
      } catch {
        setProblem({ code: 'offline' });
      } finally {
        setBusy(false);
      }
    },
    [settle],
  );

  return {
    state,
    problem,
    busy,
    setup: (input) => step(() => api.POST('/api/v1/auth/setup', { body: input })),
    login: (input) => step(() => api.POST('/api/v1/auth/login', { body: input })),
    // The second step takes a TOTP code or a recovery code alike.
    verifyCode: (code) => step(() => api.POST('/api/v1/auth/mfa/verify', { body: { challenge: state?.mfa_challenge ?? '', code } })),
    signInWithPasskey: () =>
      step(async () => {
        const begin = await api.POST('/api/v1/auth/passkeys/authentication/begin', { body: { origin: window.location.origin } });
        if (!begin.data) return begin;
        // The authenticator's answer, as JSON for the service (cancelled prompts throw).
        const credential = await startAuthentication({ optionsJSON: begin.data.options as unknown as Parameters<typeof startAuthentication>[0]['optionsJSON'] }).catch(() => null);
        if (!credential) return { error: { code: 'passkey_cancelled' } };
        return api.POST('/api/v1/auth/passkeys/authentication/complete', {
          body: { challenge_id: begin.data.challenge_id, credential: credential as unknown as Record<string, never> },
        });
      }),
    adopt: settle,
    acceptInvitation: (token, input) => step(() => api.POST('/api/v1/auth/invitations/{token}/accept', { params: { path: { token } }, body: input })),
    logout: () =>
      step(async () => {
        await stopPushOnThisDevice();
        await api.POST('/api/v1/auth/logout');
        // Nobody's offline changes are sent from here until the next person signs in.
        setQueueOwner(null);
        // The state says whether the next sign-in needs an e-mail address.
        return api.GET('/api/v1/auth/state');
      }),
  };
}
