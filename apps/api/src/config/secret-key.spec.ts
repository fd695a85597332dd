import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isUnsafeSecret, resolveSecretKey, UnsafeSecretError } from './secret-key.js';

const strongKey = 'k'.repeat(20) + '0123456789abcdef';

describe('resolveSecretKey', () => {
  it('uses a strong key from the environment as it is', () => {
    expect(resolveSecretKey(strongKey, 'public_https', '/nonexistent')).toEqual({ key: strongKey, source: 'environment' });
  });

  it('generates DATA_DIR/secret.key with mode 0600 on the lan profile, then reuses it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hinv-secret-'));
    const first = resolveSecretKey(undefined, 'lan', dir);
    expect(first.source).toBe('generated');
    expect(first.key).toHaveLength(43);
    expect(statSync(join(dir, 'secret.key')).mode & 0o777).toBe(0o600);
    expect(readFileSync(join(dir, 'secret.key'), 'utf8').trim()).toBe(first.key);
    expect(resolveSecretKey('development-change-me', 'lan', dir)).toEqual({ key: first.key, source: 'file' });
  });

  it('refuses to start a public instance without a strong key', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hinv-secret-'));
    expect(() => resolveSecretKey('short', 'public_https', dir)).toThrow(UnsafeSecretError);
  });

  it('refuses a damaged key file instead of silently replacing it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hinv-secret-'));
    writeFileSync(join(dir, 'secret.key'), 'tiny');
    expect(() => resolveSecretKey(undefined, 'lan', dir)).toThrow(/holds an unusable key/);
  });

  it('treats short and example values as unsafe', () => {
    expect(isUnsafeSecret(undefined)).toBe(true);
    expect(isUnsafeSecret('x'.repeat(31))).toBe(true);
    expect(isUnsafeSecret('replace-me-with-at-least-32-random-characters')).toBe(true);
    expect(isUnsafeSecret(strongKey)).toBe(false);
  });
});
