import { describe, expect, it } from 'vitest';
import { EnvironmentError, parseEnvironment } from './env.js';

function problemsOf(env: Record<string, string>): string[] {
  try {
    parseEnvironment(env);
  } catch (error) {
    if (error instanceof EnvironmentError) return error.problems;
    throw error;
  }
  return [];
}

describe('parseEnvironment', () => {
  it('applies the documented defaults', () => {
    const env = parseEnvironment({});
    expect(env).toMatchObject({
      DATA_DIR: './data',
      PORT: 8080,
      DEPLOYMENT_PROFILE: 'lan',
      TRUSTED_HOSTS: [],
      ALLOWED_ORIGINS: [],
      FORWARDED_ALLOW_IPS: ['127.0.0.0/8', '::1'],
      SESSION_HTTPS_ONLY: false,
      MAX_UPLOAD_MB: 12,
      MAX_REQUEST_MB: 13,
      MAX_IMAGE_MEGAPIXELS: 40,
      LOGIN_MAX_FAILURES: 5,
      LOGIN_ACCOUNT_MAX_FAILURES: 10,
      LOGIN_WINDOW_SECONDS: 900,
      NOTIFICATION_CHECK_SECONDS: 900,
      TZ: 'Europe/Berlin',
      OFF_BASE_URL: 'https://world.openfoodfacts.org',
      OFF_ENABLED: true,
      OFF_SEARCH_URL: 'https://search.openfoodfacts.org/search',
    });
  });

  it.each([
    ['LOGIN_MAX_FAILURES', '1', 'LOGIN_MAX_FAILURES must be a whole number from 2 to 50'],
    ['LOGIN_MAX_FAILURES', '51', 'LOGIN_MAX_FAILURES must be a whole number from 2 to 50'],
    ['NOTIFICATION_CHECK_SECONDS', '59', 'NOTIFICATION_CHECK_SECONDS must be a whole number from 60 to 86400'],
    ['MAX_UPLOAD_MB', '12abc', 'MAX_UPLOAD_MB must be a whole number from 1 to 100'],
    ['PORT', '70000', 'PORT must be a whole number from 1 to 65535'],
    ['DEPLOYMENT_PROFILE', 'internet', 'DEPLOYMENT_PROFILE must be one of lan, private_https, public_https'],
    ['OFF_ENABLED', 'maybe', 'OFF_ENABLED must be one of 1, true, yes, on, 0, false, no, off'],
    ['OFF_SEARCH_URL', 'search.openfoodfacts.org', 'OFF_SEARCH_URL must be an absolute http(s) URL (got "search.openfoodfacts.org")'],
    ['OFF_SEARCH_URL', 'ftp://search.openfoodfacts.org/search', 'OFF_SEARCH_URL must use http or https'],
  ])('rejects %s=%s instead of clamping it', (name, value, message) => {
    expect(problemsOf({ [name]: value })).toEqual([message]);
  });

  it('reports every bad variable at once', () => {
    expect(problemsOf({ PORT: '0', LOGIN_WINDOW_SECONDS: 'soon' })).toHaveLength(2);
  });

  it('keeps MAX_REQUEST_MB between the upload limit and 110', () => {
    expect(parseEnvironment({ MAX_UPLOAD_MB: '100' }).MAX_REQUEST_MB).toBe(101);
    expect(problemsOf({ MAX_UPLOAD_MB: '20', MAX_REQUEST_MB: '10' })).toEqual(['MAX_REQUEST_MB must be from MAX_UPLOAD_MB (20) to 110']);
  });

  it('parses booleans and comma lists', () => {
    const env = parseEnvironment({ SESSION_HTTPS_ONLY: 'Yes', TRUSTED_HOSTS: 'a.example, b.example,,a.example', OFF_ENABLED: 'off' });
    expect(env.SESSION_HTTPS_ONLY).toBe(true);
    expect(env.OFF_ENABLED).toBe(false);
    expect(env.TRUSTED_HOSTS).toEqual(['a.example', 'b.example']);
  });

  it('requires PUBLIC_URL and ALLOWED_ORIGINS to be bare origins', () => {
    expect(problemsOf({ PUBLIC_URL: 'https://pantry.example.org/app' })[0]).toMatch(/^PUBLIC_URL must be a bare origin/);
    expect(problemsOf({ ALLOWED_ORIGINS: 'ftp://x.example' })[0]).toMatch(/^ALLOWED_ORIGINS must use http or https/);
    expect(parseEnvironment({ PUBLIC_URL: 'https://Pantry.Example.org' }).PUBLIC_URL).toBe('https://pantry.example.org');
  });

  it('rejects an unknown time zone and a bad push subject', () => {
    expect(problemsOf({ TZ: 'Mars/Olympus' })).toEqual(['TZ must be an IANA time zone such as Europe/Berlin (got "Mars/Olympus")']);
    expect(problemsOf({ WEB_PUSH_SUBJECT: 'admin@example.org' })).toEqual(['WEB_PUSH_SUBJECT must start with mailto: or https://']);
  });

  it('takes the provider address of the settings form in the settings own normal form, and refuses one the settings would refuse', () => {
    expect(parseEnvironment({ RECEIPT_PROVIDER_URL: 'HTTP://Ollama:11434/v1/', RECEIPT_PROVIDER_MODEL: ' llava ' })).toMatchObject({
      RECEIPT_PROVIDER_URL: 'http://ollama:11434/v1',
      RECEIPT_PROVIDER_MODEL: 'llava',
    });
    expect(parseEnvironment({ RECEIPT_PROVIDER_URL: '', RECEIPT_PROVIDER_MODEL: '  ' })).toMatchObject({ RECEIPT_PROVIDER_URL: undefined, RECEIPT_PROVIDER_MODEL: undefined });
    expect(problemsOf({ RECEIPT_PROVIDER_URL: 'http://ollama:11434/v1?key=1' })).toEqual(['RECEIPT_PROVIDER_URL: The address must not contain a query (?…) (got "http://ollama:11434/v1?key=1")']);
    expect(problemsOf({ RECEIPT_PROVIDER_URL: 'http://169.254.169.254/v1' })[0]).toMatch(/^RECEIPT_PROVIDER_URL: Link-local/);
    expect(problemsOf({ RECEIPT_PROVIDER_MODEL: 'm'.repeat(301) })).toEqual(['RECEIPT_PROVIDER_MODEL must be at most 300 characters']);
  });

  it('lets tests shorten the provider timeout, within bounds', () => {
    expect(parseEnvironment({}).HINV_TEST_PROVIDER_TIMEOUT_MS).toBeUndefined();
    expect(parseEnvironment({ HINV_TEST_PROVIDER_TIMEOUT_MS: '1500' }).HINV_TEST_PROVIDER_TIMEOUT_MS).toBe(1500);
    expect(problemsOf({ HINV_TEST_PROVIDER_TIMEOUT_MS: '99' })).toEqual(['HINV_TEST_PROVIDER_TIMEOUT_MS must be a whole number from 100 to 120000']);
    expect(parseEnvironment({ HINV_TEST_GROCY_TIMEOUT_MS: '1500' }).HINV_TEST_GROCY_TIMEOUT_MS).toBe(1500);
    expect(problemsOf({ HINV_TEST_GROCY_TIMEOUT_MS: '20001' })).toEqual(['HINV_TEST_GROCY_TIMEOUT_MS must be a whole number from 100 to 20000']);
  });
});
