import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DeploymentProfile } from './env.js';

/** Values that appear in examples and documentation; a key equal to one of them is not secret. */
const EXAMPLE_KEYS = new Set([
  'development-change-me',
  'change-me',
  'changeme',
  'please-change-me',
  'replace-with-a-long-random-secret',
  'replace-me-with-at-least-32-random-characters',
]);

export const SECRET_KEY_FILE = 'secret.key';

export function isUnsafeSecret(key: string | undefined): boolean {
  return !key || key.length < 32 || EXAMPLE_KEYS.has(key.trim().toLowerCase());
}

export interface ResolvedSecret {
  key: string;
  /** Where the key came from: the environment, an earlier generated file, or generated now. */
  source: 'environment' | 'file' | 'generated';
}

export class UnsafeSecretError extends Error {}

/**
 * An unsafe or missing APP_SECRET_KEY is replaced on private profiles by a random key kept in
 * DATA_DIR/secret.key (mode 0600), generated on first start. A public deployment must bring its own.
 */
export function resolveSecretKey(envKey: string | undefined, profile: DeploymentProfile, dataDir: string): ResolvedSecret {
  if (!isUnsafeSecret(envKey)) return { key: envKey as string, source: 'environment' };
  if (profile === 'public_https') {
    throw new UnsafeSecretError(
      'APP_SECRET_KEY must be at least 32 random characters (not an example value) on the public_https profile',
    );
  }
  const file = join(dataDir, SECRET_KEY_FILE);
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (!isUnsafeSecret(stored)) return { key: stored, source: 'file' };
    throw new UnsafeSecretError(`${file} holds an unusable key; remove it to have a new one generated`);
  }
  const key = randomBytes(32).toString('base64url');
  writeFileSync(file, `${key}\n`, { mode: 0o600, flag: 'wx' });
  chmodSync(file, 0o600);
  return { key, source: 'generated' };
}
