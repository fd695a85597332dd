import type { Schemas } from '@hinv/api-client';
import { createContext, use, type ReactNode } from 'react';
import { setQueueOwner } from './queue-owner';
import type { Auth } from './use-auth';

export type SignedInUser = NonNullable<Schemas['AuthenticationResponse']['user']>;

export interface Session {
  user: SignedInUser;
  auth: Auth;
  /**
   * Offline after a reload: the person and the lists come from the device's cache, the scanner
   * queues, and nothing else is offered for writing.
   */
  offline: boolean;
  /** Members and above change things; offline too where a feature queues its changes (scans, shopping). */
  canQueue: boolean;
  /** Viewers read only; the API refuses their writes anyway, the screens just do not offer them. */
  canWrite: boolean;
  /** Owners and admins manage the catalog, members and tokens. */
  canManage: boolean;
}

const SessionContext = createContext<Session | null>(null);

export function SessionProvider({ user, auth, offline, children }: { user: SignedInUser; auth: Auth; offline: boolean; children: ReactNode }) {
  // Offline changes made and sent on this page are this person's (app/queue-owner.ts).
  setQueueOwner(user.id);
  const canQueue = user.role !== 'viewer';
  const session: Session = {
    user,
    auth,
    offline,
    canQueue,
    canWrite: canQueue && !offline,
    canManage: (user.role === 'owner' || user.role === 'admin') && !offline,
  };
  return <SessionContext value={session}>{children}</SessionContext>;
}

/** The signed-in person; only screens behind the sign-in use it. */
export function useSession(): Session {
  const session = use(SessionContext);
  if (!session) throw new Error('useSession() needs a signed-in <SessionProvider> above it');
  return session;
}
