import { createHash, createHmac, randomBytes } from 'node:crypto';

/** A random URL-safe value of `bytes` random bytes (32 bytes → 43 characters). */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Tokens, session ids and codes are stored only as their SHA-256 (hex). */
export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** A keyed fingerprint (e.g. of a client address) that cannot be reversed without the secret. */
export function hmacHex(secret: string, value: string): string {
  return createHmac('sha256', secret).update(value).digest('hex');
}
