import { Agent } from 'node:https';
import type { LookupFunction } from 'node:net';
import type WebPush from 'web-push';
import { guardedLookup as guardedAddressLookup } from '../../common/http/guarded-lookup.js';
import { acceptableAddress, checkEndpoint, PushEndpointRefused, type PushDestinationPolicy } from './push-endpoint.js';

/** How long the push service keeps a message for an offline device. */
export const PUSH_TTL_SECONDS = 3600;
/** One delivery attempt may take this long in all. */
export const PUSH_TIMEOUT_MS = 10_000;
export const MAX_ERROR_CHARS = 500;

export interface StoredSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface VapidKeys {
  /** Uncompressed P-256 point, base64url. */
  publicKey: string;
  /** The raw 32-byte private scalar, base64url (what web-push signs with). */
  privateKey: string;
}

export type DeliveryResult =
  | { outcome: 'delivered'; statusCode: number }
  /** `gone`: the push service answered 404 or 410, the subscription no longer exists. */
  | { outcome: 'failed'; statusCode: number | null; error: string; gone: boolean }
  | { outcome: 'refused'; statusCode: null; error: string; gone: false };

const shorten = (text: string) => {
  const line = text.replace(/[\u0000-\u001f\u007f]+/g, ' ').replace(/\s+/g, ' ').trim();
  return line.length > MAX_ERROR_CHARS ? `${line.slice(0, MAX_ERROR_CHARS - 1)}…` : line;
};

/** The socket's own DNS lookup: a host name with any answer outside the push policy is refused (`EPUSHADDRESS`). */
export function guardedLookup(policy: PushDestinationPolicy): LookupFunction {
  return guardedAddressLookup((address) => acceptableAddress(address, policy), 'EPUSHADDRESS');
}

/**
 * Sends one encrypted Web Push message (RFC 8030/8291, aes128gcm, VAPID RFC 8292) with web-push:
 * TTL one hour, ten seconds per attempt, no redirects (web-push never follows them), and the
 * destination checked again before the request and at connect time.
 */
export class PushSender {
  private readonly agent: Agent;

  constructor(
    private readonly subject: string,
    private readonly policy: PushDestinationPolicy,
  ) {
    this.agent = new Agent({ keepAlive: false, lookup: guardedLookup(policy) });
  }

  async send(subscription: StoredSubscription, payload: unknown, keys: VapidKeys): Promise<DeliveryResult> {
    try {
      await checkEndpoint(subscription.endpoint, this.policy);
    } catch (error) {
      if (error instanceof PushEndpointRefused) return { outcome: 'refused', statusCode: null, error: error.message, gone: false };
      throw error;
    }
    let timer: NodeJS.Timeout | undefined;
    // Loaded with the first message: web-push and its JWT/ASN.1 libraries are not held by an idle server.
    const { default: webpush } = (await import('web-push')) as { default: typeof WebPush };
    try {
      const sent = webpush.sendNotification(subscription, JSON.stringify(payload), {
        TTL: PUSH_TTL_SECONDS,
        timeout: PUSH_TIMEOUT_MS,
        contentEncoding: 'aes128gcm',
        urgency: 'normal',
        agent: this.agent,
        vapidDetails: { subject: this.subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
      });
      const overall = new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${PUSH_TIMEOUT_MS / 1000} s`)), PUSH_TIMEOUT_MS);
      });
      const answer = await Promise.race([sent, overall]);
      return { outcome: 'delivered', statusCode: answer.statusCode };
    } catch (error) {
      if (error instanceof webpush.WebPushError) {
        const status = error.statusCode;
        return { outcome: 'failed', statusCode: status, error: shorten(`HTTP ${status}: ${error.body || error.message}`), gone: status === 404 || status === 410 };
      }
      return { outcome: 'failed', statusCode: null, error: shorten(error instanceof Error ? error.message : String(error)), gone: false };
    } finally {
      clearTimeout(timer);
    }
  }
}
