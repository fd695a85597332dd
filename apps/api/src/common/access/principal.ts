import type { ApiTokenScope, Locale, Role } from '@hinv/shared';

/** Who is calling, as resolved by the access guard from a session cookie or a bearer token. */
export interface Principal {
  kind: 'session' | 'token';
  userId: string;
  householdId: string;
  role: Role;
  locale: Locale;
  /** Sessions only: the session row, and when the user last proved their identity in it. */
  sessionId?: string;
  authenticatedAt?: Date;
  /** Bearer tokens only. */
  tokenId?: string;
  /** A scanner station's token only: its name, which the scans made with it carry. */
  stationName?: string;
  scopes?: readonly ApiTokenScope[];
}

/** The request property the guard writes the principal to. */
export const PRINCIPAL_KEY = 'principal';
export type RequestWithPrincipal = { [PRINCIPAL_KEY]?: Principal };
