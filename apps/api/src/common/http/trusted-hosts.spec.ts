import { describe, expect, it } from 'vitest';
import { hostPolicy } from './trusted-hosts.js';

describe('hostPolicy', () => {
  it('on lan without TRUSTED_HOSTS: IP literals and home-network names, plus the PUBLIC_URL host', () => {
    expect(hostPolicy([], 'lan', '')).toEqual({ patterns: ['localhost', '*.localhost', '*.local', '*.home.arpa'], ipLiterals: true });
    expect(hostPolicy([], 'lan', 'http://pantry.example.org:8080').patterns).toContain('pantry.example.org');
  });

  it('keeps TRUSTED_HOSTS exactly when it is set, * included', () => {
    expect(hostPolicy(['*'], 'lan', '')).toEqual({ patterns: ['*'], ipLiterals: false });
    expect(hostPolicy(['box.example'], 'lan', '')).toEqual({ patterns: ['box.example'], ipLiterals: false });
  });

  it('answers for any host on the https profiles when TRUSTED_HOSTS is empty (readiness asks for it)', () => {
    expect(hostPolicy([], 'public_https', 'https://pantry.example.org')).toEqual({ patterns: ['*'], ipLiterals: false });
  });
});
