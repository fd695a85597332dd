import { createHmac, hash, randomBytes } from 'node:crypto';

/** A random URL-safe value of `bytes` random bytes (32 bytes → 43 characters). */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/**
 * Tokens, session ids and codes are stored only as their SHA-256 (hex). Every authenticated
 * request hashes its credential: the one-shot `hash()` costs less than half of a Hash object.
 */
export function sha256Hex(value: string): string {
  return hash('sha256', value, 'hex');
}

/** A keyed fingerprint (e.g. of a client address) that cannot be reversed without the secret. */
export function hmacHex(secret: string, value: string): string {
  return createHmac('sha256', secret).update(value).digest('hex');
}
