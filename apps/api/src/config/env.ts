import { availableParallelism } from 'node:os';
import 'reflect-metadata';
import { plainToInstance, Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min, validateSync } from 'class-validator';
import { checkConnectorUrl, CONNECTOR_URL_TEXTS } from '../common/http/connector-url.js';
import { LOG_LEVELS, type LogLevel } from '../common/logging/json-logger.js';

/**
 * The one environment schema of the service, validated once at boot. A bad value stops the
 * process with a message naming the variable and what it accepts; nothing is clamped silently.
 */

export const DEPLOYMENT_PROFILES = ['lan', 'private_https', 'public_https'] as const;
export type DeploymentProfile = (typeof DEPLOYMENT_PROFILES)[number];

const TRUE_WORDS = ['1', 'true', 'yes', 'on'];
const FALSE_WORDS = ['0', 'false', 'no', 'off', ''];

/** Booleans accept 1/true/yes/on and 0/false/no/off; anything else stays a string and fails. */
const toBoolean = () =>
  Transform(({ value }) => {
    if (typeof value !== 'string') return value;
    const word = value.trim().toLowerCase();
    if (TRUE_WORDS.includes(word)) return true;
    if (FALSE_WORDS.includes(word)) return false;
    return value;
  });

/** Integers must be written as plain decimal digits; "12abc" or "1e3" is an error, not 12. */
const toInteger = () =>
  Transform(({ value }) => (typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value.trim()) : value));

const toList = () =>
  Transform(({ value }) =>
    typeof value === 'string'
      ? [...new Set(value.split(',').map((item) => item.trim()).filter((item) => item.length > 0))]
      : value,
  );

function intRange(name: string, min: number, max: number): PropertyDecorator {
  const message = `${name} must be a whole number from ${min} to ${max}`;
  return (target, key) => {
    toInteger()(target, key);
    IsInt({ message })(target, key);
    Min(min, { message })(target, key);
    Max(max, { message })(target, key);
  };
}

function flag(name: string): PropertyDecorator {
  return (target, key) => {
    toBoolean()(target, key);
    IsBoolean({ message: `${name} must be one of 1, true, yes, on, 0, false, no, off` })(target, key);
  };
}

export class EnvironmentVariables {
  @IsString()
  DATA_DIR = './data';

  @intRange('PORT', 1, 65535)
  PORT = 8080;

  @IsOptional()
  @IsString()
  APP_SECRET_KEY?: string;

  @IsOptional()
  @IsString()
  @MaxLength(512, { message: 'APP_PASSWORD must be at most 512 characters' })
  APP_PASSWORD?: string;

  @IsIn(DEPLOYMENT_PROFILES, { message: `DEPLOYMENT_PROFILE must be one of ${DEPLOYMENT_PROFILES.join(', ')}` })
  DEPLOYMENT_PROFILE: DeploymentProfile = 'lan';

  @IsString()
  PUBLIC_URL = '';

  @toList()
  @IsString({ each: true })
  /**
   * Host names the service answers for (`*`, names, `*.domain`). Empty: on `lan`, IP literals,
   * localhost, *.local, *.home.arpa and the PUBLIC_URL host; elsewhere any host.
   */
  TRUSTED_HOSTS: string[] = [];

  @toList()
  @IsString({ each: true })
  ALLOWED_ORIGINS: string[] = [];

  /**
   * Proxies whose X-Forwarded-* headers are believed (Express `trust proxy`). Loopback by
   * default, IPv4 and IPv6 alike: a proxy on the same box may connect over either.
   */
  @toList()
  @IsString({ each: true })
  FORWARDED_ALLOW_IPS: string[] = ['127.0.0.0/8', '::1'];

  @flag('SESSION_HTTPS_ONLY')
  SESSION_HTTPS_ONLY = false;

  @flag('PUBLIC_EXPOSURE_ACKNOWLEDGED')
  PUBLIC_EXPOSURE_ACKNOWLEDGED = false;

  @intRange('MAX_UPLOAD_MB', 1, 100)
  MAX_UPLOAD_MB = 12;

  /** Defaults to MAX_UPLOAD_MB + 1; must lie between MAX_UPLOAD_MB and 110. */
  @IsOptional()
  @intRange('MAX_REQUEST_MB', 1, 110)
  MAX_REQUEST_MB?: number;

  @intRange('MAX_IMAGE_MEGAPIXELS', 1, 200)
  MAX_IMAGE_MEGAPIXELS = 40;

  /** OCR worker threads (each holds its own model, ~55–90 MB while reading) and receipts read at a time; default one per core but one, at most four. */
  @intRange('OCR_WORKERS', 1, 8)
  OCR_WORKERS = Math.max(1, Math.min(4, availableParallelism() - 1));

  /** Receipts (photos, scanned PDFs) that may wait in line for a busy OCR pool, nothing of them decoded yet; past them an upload answers 503 with Retry-After. */
  @intRange('OCR_QUEUE_LIMIT', 0, 100)
  OCR_QUEUE_LIMIT = 8;

  /** Seconds without work after which the OCR process (its workers, models and heaps) ends and its memory goes back to the system. */
  @intRange('OCR_IDLE_SECONDS', 1, 3600)
  OCR_IDLE_SECONDS = 120;

  @intRange('RECEIPT_RETENTION_DAYS', 0, 365)
  RECEIPT_RETENTION_DAYS = 7;

  @intRange('LOGIN_MAX_FAILURES', 2, 50)
  LOGIN_MAX_FAILURES = 5;

  /**
   * Failures against one account (from all sources together) after which sources that have
   * failed themselves are refused for it; a source without failures still gets its attempt.
   */
  @intRange('LOGIN_ACCOUNT_MAX_FAILURES', 2, 500)
  LOGIN_ACCOUNT_MAX_FAILURES = 10;

  /** A session unused this many days ends (besides its 30-day lifetime). */
  @intRange('SESSION_IDLE_DAYS', 1, 30)
  SESSION_IDLE_DAYS = 14;

  @intRange('LOGIN_WINDOW_SECONDS', 60, 86400)
  LOGIN_WINDOW_SECONDS = 900;

  @IsString()
  WEB_PUSH_SUBJECT = 'mailto:admin@household-inventory.local';

  @intRange('NOTIFICATION_CHECK_SECONDS', 60, 86400)
  NOTIFICATION_CHECK_SECONDS = 900;

  @IsString()
  TZ = 'Europe/Berlin';

  @IsString()
  OFF_BASE_URL = 'https://world.openfoodfacts.org';

  @flag('OFF_ENABLED')
  OFF_ENABLED = true;

  /** The Open Food Facts search service (search-a-licious) asked for a receipt line's product candidates. */
  @IsString()
  OFF_SEARCH_URL = 'https://search.openfoodfacts.org/search';

  /**
   * What the provider form starts with before the owner first saves the settings (the address of
   * an OpenAI-compatible server, e.g. an Ollama beside the container). It never turns a provider
   * on by itself: analysis stays on the box until the owner saves a complete provider.
   */
  @IsOptional()
  @IsString()
  RECEIPT_PROVIDER_URL?: string;

  /** The model the provider form starts with before the first save; see RECEIPT_PROVIDER_URL. */
  @IsOptional()
  @IsString()
  @MaxLength(300, { message: 'RECEIPT_PROVIDER_MODEL must be at most 300 characters' })
  RECEIPT_PROVIDER_MODEL?: string;

  /** Tests only: a file holding a clock offset in milliseconds (see common/clock.ts). */
  @IsOptional()
  @IsString()
  HINV_TEST_CLOCK_FILE?: string;

  /** Tests only: how long a receipt provider may take, instead of 120 s (see receipts/provider). */
  @IsOptional()
  @intRange('HINV_TEST_PROVIDER_TIMEOUT_MS', 100, 120_000)
  HINV_TEST_PROVIDER_TIMEOUT_MS?: number;

  /** Tests only: how long a Grocy call may take, instead of 20 s (the connection test keeps at most 3 s). */
  @IsOptional()
  @intRange('HINV_TEST_GROCY_TIMEOUT_MS', 100, 20_000)
  HINV_TEST_GROCY_TIMEOUT_MS?: number;

  /**
   * Tests only: lets Web Push endpoints on loopback addresses through (a local fake push
   * service). Private, link-local and every other non-global address stay refused.
   */
  @flag('HINV_TEST_PUSH_ALLOW_LOOPBACK')
  HINV_TEST_PUSH_ALLOW_LOOPBACK = false;

  /**
   * Tests only: fixed DNS answers for the Grocy connector and the receipt provider,
   * `name=address[,address];…` (see common/http/connector-dispatcher.ts). Other names resolve as usual.
   */
  @IsOptional()
  @IsString()
  HINV_TEST_CONNECTOR_HOSTS?: string;

  /** Tests only: the notification check interval in milliseconds, instead of NOTIFICATION_CHECK_SECONDS. */
  @IsOptional()
  @intRange('HINV_TEST_NOTIFICATION_CHECK_MS', 50, 86_400_000)
  HINV_TEST_NOTIFICATION_CHECK_MS?: number;

  /** Tests only: how often sign-in bookkeeping is purged, instead of every 10 minutes. */
  @IsOptional()
  @intRange('HINV_TEST_HOUSEKEEPING_MS', 50, 86_400_000)
  HINV_TEST_HOUSEKEEPING_MS?: number;

  @IsIn([...LOG_LEVELS], { message: `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}` })
  LOG_LEVEL: LogLevel = 'log';
}

export class EnvironmentError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid environment:\n  - ${problems.join('\n  - ')}`);
    this.name = 'EnvironmentError';
  }
}

function checkUrl(name: string, value: string, problems: string[], opts: { bareOrigin: boolean }): void {
  if (!value) return;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    problems.push(`${name} must be an absolute http(s) URL (got "${value}")`);
    return;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    problems.push(`${name} must use http or https`);
  }
  if (url.username || url.password) problems.push(`${name} must not contain credentials`);
  if (opts.bareOrigin && (url.pathname !== '/' || url.search || url.hash || value.endsWith('/'))) {
    problems.push(`${name} must be a bare origin such as https://pantry.example.org (no path, query or fragment)`);
  }
}

function isValidTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Reads and validates the environment. Unknown variables are ignored; known ones must be valid. */
export function parseEnvironment(source: NodeJS.ProcessEnv): EnvironmentVariables {
  const known = Object.keys(new EnvironmentVariables());
  const picked: Record<string, string> = {};
  for (const key of [...known, 'APP_SECRET_KEY', 'APP_PASSWORD', 'MAX_REQUEST_MB', 'RECEIPT_PROVIDER_URL', 'RECEIPT_PROVIDER_MODEL', 'HINV_TEST_CLOCK_FILE', 'HINV_TEST_PROVIDER_TIMEOUT_MS', 'HINV_TEST_GROCY_TIMEOUT_MS', 'HINV_TEST_NOTIFICATION_CHECK_MS', 'HINV_TEST_HOUSEKEEPING_MS', 'HINV_TEST_CONNECTOR_HOSTS']) {
    const value = source[key];
    if (value !== undefined) picked[key] = value;
  }
  const env = plainToInstance(EnvironmentVariables, picked);
  const problems = validateSync(env, { forbidUnknownValues: true }).flatMap((error) =>
    Object.values(error.constraints ?? {}).slice(0, 1),
  );

  if (problems.length === 0) {
    const maxRequest = env.MAX_REQUEST_MB ?? Math.min(env.MAX_UPLOAD_MB + 1, 110);
    if (maxRequest < env.MAX_UPLOAD_MB) {
      problems.push(`MAX_REQUEST_MB must be from MAX_UPLOAD_MB (${env.MAX_UPLOAD_MB}) to 110`);
    }
    env.MAX_REQUEST_MB = maxRequest;
    checkUrl('PUBLIC_URL', env.PUBLIC_URL, problems, { bareOrigin: true });
    checkUrl('OFF_BASE_URL', env.OFF_BASE_URL, problems, { bareOrigin: false });
    checkUrl('OFF_SEARCH_URL', env.OFF_SEARCH_URL, problems, { bareOrigin: false });
    if (env.RECEIPT_PROVIDER_URL) {
      // The same rule as the provider's base URL in the settings, so the form never starts with an address a save refuses.
      const checked = checkConnectorUrl(env.RECEIPT_PROVIDER_URL);
      if (checked.ok) env.RECEIPT_PROVIDER_URL = checked.url;
      else problems.push(`RECEIPT_PROVIDER_URL: ${CONNECTOR_URL_TEXTS[checked.problem].en} (got "${env.RECEIPT_PROVIDER_URL}")`);
    }
    if (env.RECEIPT_PROVIDER_URL === '') env.RECEIPT_PROVIDER_URL = undefined;
    if (env.RECEIPT_PROVIDER_MODEL !== undefined) env.RECEIPT_PROVIDER_MODEL = env.RECEIPT_PROVIDER_MODEL.trim() || undefined;
    for (const origin of env.ALLOWED_ORIGINS) checkUrl('ALLOWED_ORIGINS', origin, problems, { bareOrigin: true });
    if (!isValidTimeZone(env.TZ)) problems.push(`TZ must be an IANA time zone such as Europe/Berlin (got "${env.TZ}")`);
    if (!/^(mailto:|https:\/\/)/.test(env.WEB_PUSH_SUBJECT)) {
      problems.push('WEB_PUSH_SUBJECT must start with mailto: or https://');
    }
  }
  if (problems.length > 0) throw new EnvironmentError(problems);
  env.PUBLIC_URL = env.PUBLIC_URL.toLowerCase();
  env.ALLOWED_ORIGINS = env.ALLOWED_ORIGINS.map((origin) => origin.toLowerCase());
  return env;
}
