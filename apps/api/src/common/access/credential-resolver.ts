import { Injectable } from '@nestjs/common';
import type { Request } from 'express';
import type { Principal } from './principal.js';

/** What a request's credentials resolved to. */
export type CredentialResult =
  | { outcome: 'none' }
  | { outcome: 'invalid'; bearer: boolean }
  | { outcome: 'valid'; principal: Principal };

/**
 * Turns a request's credentials into a principal. The access guard depends only on this
 * contract; the identity module provides the implementation that knows sessions and tokens.
 * Until accounts exist, no request carries valid credentials.
 */
@Injectable()
export class CredentialResolver {
  async resolve(request: Request): Promise<CredentialResult> {
    return request.headers.authorization !== undefined ? { outcome: 'invalid', bearer: true } : { outcome: 'none' };
  }
}
