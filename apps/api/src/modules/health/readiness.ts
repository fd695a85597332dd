import { isIP } from 'node:net';
import type { AppConfig } from '../../config/app-config.js';
import { hostMatches } from '../../common/http/trusted-hosts.js';
import type { ReadinessCheckResponse, ReadinessResponse } from './dto/readiness-response.dto.js';

type Check = ReadinessCheckResponse;

function check(id: string, passed: boolean, required: boolean, pass: string, problem: string): Check {
  if (passed) return { id, status: 'pass', message: pass };
  return { id, status: required ? 'fail' : 'warn', message: problem };
}

/** A proxy entry Express can trust: an IP, a CIDR range narrower than /0, or a named range. */
function isValidProxyEntry(entry: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [address, bits, extra] = entry.split('/');
  if (extra !== undefined || isIP(address) === 0) return false;
  if (bits === undefined) return true;
  const max = isIP(address) === 4 ? 32 : 128;
  return /^\d+$/.test(bits) && Number(bits) > 0 && Number(bits) <= max;
}

/**
 * The deployment checks of reference §6: seven checks, each pass/warn/fail. On `public_https`
 * every check is required (a failure blocks the instance); on `private_https` problems warn;
 * on `lan` only the checks that matter on a home network are considered.
 */
export function evaluateReadiness(config: AppConfig): ReadinessResponse {
  const env = config.env;
  const profile = env.DEPLOYMENT_PROFILE;
  const isPublic = profile === 'public_https';
  const https = profile !== 'lan';
  const publicUrl = env.PUBLIC_URL;
  const publicHost = publicUrl ? new URL(publicUrl).hostname : '';

  const checks: Check[] = [
    check(
      'secret_key',
      config.secret.source === 'environment',
      isPublic,
      'APP_SECRET_KEY is set to a strong value',
      'Using a generated key from DATA_DIR/secret.key; keep a copy of it with your backups',
    ),
    https
      ? check('session_cookie', env.SESSION_HTTPS_ONLY, isPublic, 'Session cookies are sent over https only', 'Set SESSION_HTTPS_ONLY=true')
      : { id: 'session_cookie', status: 'pass', message: 'Not required on the lan profile' },
    https
      ? check('public_url', publicUrl.startsWith('https://'), isPublic, 'PUBLIC_URL is an https origin', 'Set PUBLIC_URL to the https origin of this instance')
      : { id: 'public_url', status: 'pass', message: 'Not required on the lan profile' },
    https
      ? check(
          'trusted_hosts',
          !env.TRUSTED_HOSTS.includes('*') && publicHost !== '' && hostMatches(publicHost, env.TRUSTED_HOSTS),
          isPublic,
          'TRUSTED_HOSTS names the public host and no wildcard',
          'Set TRUSTED_HOSTS to the host of PUBLIC_URL (no *)',
        )
      : { id: 'trusted_hosts', status: 'pass', message: 'Not required on the lan profile' },
    https
      ? check(
          'allowed_origins',
          env.ALLOWED_ORIGINS.length > 0 && env.ALLOWED_ORIGINS.includes(publicUrl),
          isPublic,
          'ALLOWED_ORIGINS contains PUBLIC_URL',
          'Set ALLOWED_ORIGINS to include PUBLIC_URL',
        )
      : { id: 'allowed_origins', status: 'pass', message: 'Not required on the lan profile' },
    check(
      'forwarded_proxies',
      env.FORWARDED_ALLOW_IPS.every(isValidProxyEntry),
      isPublic,
      'FORWARDED_ALLOW_IPS lists specific proxies',
      'FORWARDED_ALLOW_IPS must list proxy addresses (no *, no /0, no invalid entries)',
    ),
    isPublic
      ? check(
          'exposure_acknowledged',
          env.PUBLIC_EXPOSURE_ACKNOWLEDGED,
          true,
          'Public exposure acknowledged',
          'Set PUBLIC_EXPOSURE_ACKNOWLEDGED=true after reading the deployment guide',
        )
      : { id: 'exposure_acknowledged', status: 'pass', message: 'Not exposed publicly' },
  ];
  const status = checks.some((c) => c.status === 'fail') ? 'blocked' : checks.some((c) => c.status === 'warn') ? 'degraded' : 'ready';
  return { status, profile, checks };
}
