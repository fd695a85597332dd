import type { Request } from 'express';
import type { Principal } from './principal.js';

/** What a request's credentials resolved to. */
export type CredentialResult =
  | { outcome: 'none' }
  | { outcome: 'invalid'; bearer: boolean }
  | { outcome: 'valid'; principal: Principal };

/**
 * Turns a request's credentials into a principal. The access guard depends only on this
 * contract; the auth module provides the implementation that knows sessions and tokens.
 */
export abstract class CredentialResolver {
  abstract resolve(request: Request): Promise<CredentialResult>;
}
