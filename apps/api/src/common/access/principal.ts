import type { ApiTokenScope, Locale, Role } from '@hinv/shared';

/** Who is calling, as resolved by the access guard from a session cookie or a bearer token. */
export interface Principal {
  kind: 'session' | 'token';
  userId: string;
  householdId: string;
  role: Role;
  locale: Locale;
  /** Sessions only: when the user last proved their identity (password, passkey, second factor). */
  authenticatedAt?: Date;
  /** Bearer tokens only. */
  tokenId?: string;
  scopes?: readonly ApiTokenScope[];
}

/** The request property the guard writes the principal to. */
export const PRINCIPAL_KEY = 'principal';
export type RequestWithPrincipal = { [PRINCIPAL_KEY]?: Principal };
