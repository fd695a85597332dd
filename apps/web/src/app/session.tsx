import type { Schemas } from '@hinv/api-client';
import { createContext, use, type ReactNode } from 'react';
import type { Auth } from './use-auth';

export type SignedInUser = NonNullable<Schemas['AuthenticationResponse']['user']>;

export interface Session {
  user: SignedInUser;
  auth: Auth;
  /** Viewers read only; the API refuses their writes anyway, the screens just do not offer them. */
  canWrite: boolean;
  /** Owners and admins manage the catalog, members and tokens. */
  canManage: boolean;
}

const SessionContext = createContext<Session | null>(null);

export function SessionProvider({ user, auth, children }: { user: SignedInUser; auth: Auth; children: ReactNode }) {
  const session: Session = { user, auth, canWrite: user.role !== 'viewer', canManage: user.role === 'owner' || user.role === 'admin' };
  return <SessionContext value={session}>{children}</SessionContext>;
}

/** The signed-in person; only screens behind the sign-in use it. */
export function useSession(): Session {
  const session = use(SessionContext);
  if (!session) throw new Error('useSession() needs a signed-in <SessionProvider> above it');
  return session;
}
