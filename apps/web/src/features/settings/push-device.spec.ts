import { describe, expect, it } from 'vitest';
import { base64UrlBytes, endpointFingerprint, pushSupport, type PushEnvironment } from './push-device';

const desktop: PushEnvironment = {
  isSecureContext: true,
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  maxTouchPoints: 0,
  standalone: false,
  hasServiceWorker: true,
  hasPushManager: true,
  hasNotification: true,
  permission: 'default',
};
const iphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const ipad = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15';

describe('push support on this device', () => {
  it('is ready in a secure context with the Push API, carrying the permission', () => {
    expect(pushSupport(desktop)).toEqual({ kind: 'ready', permission: 'default' });
    expect(pushSupport({ ...desktop, permission: 'denied' })).toEqual({ kind: 'ready', permission: 'denied' });
  });

  it('needs https first', () => {
    expect(pushSupport({ ...desktop, isSecureContext: false })).toEqual({ kind: 'insecure' });
    expect(pushSupport({ ...desktop, isSecureContext: false, userAgent: iphone, maxTouchPoints: 5 })).toEqual({ kind: 'insecure' });
  });

  it('on iPhone and iPad needs the app on the home screen', () => {
    expect(pushSupport({ ...desktop, userAgent: iphone, maxTouchPoints: 5, hasPushManager: false })).toEqual({ kind: 'install' });
    expect(pushSupport({ ...desktop, userAgent: ipad, maxTouchPoints: 5 })).toEqual({ kind: 'install' });
    expect(pushSupport({ ...desktop, userAgent: iphone, maxTouchPoints: 5, standalone: true })).toEqual({ kind: 'ready', permission: 'default' });
    // A Mac without a touch screen is a Mac.
    expect(pushSupport({ ...desktop, userAgent: ipad, maxTouchPoints: 0 })).toEqual({ kind: 'ready', permission: 'default' });
  });

  it('says when the browser has no Push API', () => {
    expect(pushSupport({ ...desktop, hasPushManager: false })).toEqual({ kind: 'unsupported' });
    expect(pushSupport({ ...desktop, hasNotification: false, permission: null })).toEqual({ kind: 'unsupported' });
  });

  it('names the endpoint as the service does (first 16 hex of SHA-256)', async () => {
    // printf '%s' 'https://push.example.org/x' | sha256sum
    expect(await endpointFingerprint('https://push.example.org/x')).toBe('0e616f21956e41e0');
  });

  it('decodes the base64url application-server key', () => {
    expect(Array.from(base64UrlBytes('BAEC_-8'))).toEqual([4, 1, 2, 255, 239]);
  });
});
