import { randomBytes } from 'node:crypto';

/** The fixed start of every automation token; `token_prefix` shown to clients keeps it. */
export const TOKEN_START = 'hinv_pat_';

/**
 * `hinv_pat_<8-char prefix>_<43-char secret>`, both URL-safe base64. The prefix may itself
 * contain `_` or `-`, so a token is never split on `_`: it is looked up by the hash of the whole.
 */
export function newRawToken(): { raw: string; prefix: string } {
  const prefix = randomBytes(6).toString('base64url');
  const secret = randomBytes(32).toString('base64url');
  return { raw: `${TOKEN_START}${prefix}_${secret}`, prefix };
}

/** A cheap shape check before any lookup: 9 + 8 + 1 + 43 characters. */
export function looksLikeToken(value: string): boolean {
  return value.length === TOKEN_START.length + 8 + 1 + 43 && value.startsWith(TOKEN_START) && /^[A-Za-z0-9_-]+$/.test(value);
}
