import { describe, expect, it } from 'vitest';
import { AppConfig } from '../../config/app-config.js';
import { parseEnvironment } from '../../config/env.js';
import type { ResolvedSecret } from '../../config/secret-key.js';
import { evaluateReadiness } from './readiness.js';

const strong: ResolvedSecret = { key: 's'.repeat(40), source: 'environment' };
const configFor = (env: Record<string, string>, secret = strong) => new AppConfig(parseEnvironment(env), secret);

describe('evaluateReadiness', () => {
  it('always reports seven checks', () => {
    expect(evaluateReadiness(configFor({})).checks.map((c) => c.id)).toEqual([
      'secret_key',
      'session_cookie',
      'public_url',
      'trusted_hosts',
      'allowed_origins',
      'forwarded_proxies',
      'exposure_acknowledged',
    ]);
  });

  it('is ready on a default lan install with a strong key and degraded with a generated one', () => {
    expect(evaluateReadiness(configFor({})).status).toBe('ready');
    expect(evaluateReadiness(configFor({}, { key: 'g'.repeat(43), source: 'generated' })).status).toBe('degraded');
  });

  it('blocks a public instance that is not locked down', () => {
    const readiness = evaluateReadiness(configFor({ DEPLOYMENT_PROFILE: 'public_https' }));
    expect(readiness.status).toBe('blocked');
    expect(readiness.checks.filter((c) => c.status === 'fail').map((c) => c.id)).toEqual([
      'session_cookie',
      'public_url',
      'trusted_hosts',
      'allowed_origins',
      'exposure_acknowledged',
    ]);
  });

  it('is ready when a public instance is configured completely', () => {
    const readiness = evaluateReadiness(
      configFor({
        DEPLOYMENT_PROFILE: 'public_https',
        PUBLIC_URL: 'https://pantry.example.org',
        TRUSTED_HOSTS: 'pantry.example.org',
        ALLOWED_ORIGINS: 'https://pantry.example.org',
        SESSION_HTTPS_ONLY: 'true',
        PUBLIC_EXPOSURE_ACKNOWLEDGED: 'true',
        FORWARDED_ALLOW_IPS: '10.0.0.2,172.16.0.0/12',
      }),
    );
    expect(readiness).toMatchObject({ status: 'ready', profile: 'public_https' });
  });

  it('fails a proxy list that trusts everyone', () => {
    for (const proxies of ['*', '0.0.0.0/0', 'not-an-ip']) {
      const check = evaluateReadiness(configFor({ FORWARDED_ALLOW_IPS: proxies })).checks.find((c) => c.id === 'forwarded_proxies');
      expect(check?.status).toBe('warn');
    }
  });
});
