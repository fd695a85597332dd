import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './passwords.js';
import { SecretBox } from './secret-box.js';
import { sha256Hex } from './tokens.js';

describe('sha256Hex', () => {
  it('is the SHA-256 of the UTF-8 text, in hex (stored credential hashes keep matching)', () => {
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(sha256Hex('Grüße')).toBe(createHash('sha256').update(Buffer.from('Grüße', 'utf8')).digest('hex'));
  });
});

describe('SecretBox (AES-256-GCM)', () => {
  const box = new SecretBox('k'.repeat(40));

  it('round-trips and never repeats a ciphertext', () => {
    const sealed = box.seal('JBSWY3DPEHPK3PXP');
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.open(sealed)).toBe('JBSWY3DPEHPK3PXP');
    expect(box.seal('JBSWY3DPEHPK3PXP')).not.toBe(sealed);
  });

  it('refuses a value sealed with another key or altered', () => {
    const sealed = box.seal('secret');
    expect(() => new SecretBox('x'.repeat(40)).open(sealed)).toThrow();
    const [version, iv, tag, data] = sealed.split('.');
    const flipped = Buffer.from(data, 'base64url');
    flipped[0] ^= 1;
    expect(() => box.open([version, iv, tag, flipped.toString('base64url')].join('.'))).toThrow();
    expect(() => box.open('plain text')).toThrow();
  });
});

describe('passwords (scrypt)', () => {
  it('stores scrypt$salt$hash and verifies only the right password', async () => {
    const stored = await hashPassword('correct horse battery');
    expect(stored).toMatch(/^scrypt\$[\w-]{22}\$[\w-]{43}$/);
    expect(await verifyPassword('correct horse battery', stored)).toBe(true);
    expect(await verifyPassword('correct horse batterY', stored)).toBe(false);
    expect(await verifyPassword('anything', 'bcrypt$abc$def')).toBe(false);
  });
});
