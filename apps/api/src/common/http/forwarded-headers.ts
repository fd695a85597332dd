import type { NextFunction, Request, Response } from 'express';

const FORWARDED_HEADERS = ['forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto'];

/**
 * Notes requests that carry forwarding headers (`Forwarded`, `X-Forwarded-*`) from a peer that
 * FORWARDED_ALLOW_IPS does not trust. Such headers are ignored, which is right for a stranger but
 * means a real proxy in front of the service is not believed: every client behind it is then one
 * source to the sign-in throttle, and five wrong passwords lock the whole household out.
 * Readiness reports it, so the operator learns of it before that happens.
 */
export class UntrustedForwardingWatch {
  private count = 0;
  private last: string | null = null;

  note(at: Date): void {
    this.count++;
    this.last = at.toISOString();
  }

  seen(): { count: number; last: string } | null {
    return this.last ? { count: this.count, last: this.last } : null;
  }
}

/** The one watch of the process: the platform writes it, readiness reads it. */
export const untrustedForwarding = new UntrustedForwardingWatch();

export function watchForwardedHeaders(trusts: (address: string, hop: number) => boolean, watch = untrustedForwarding) {
  return (request: Request, _response: Response, next: NextFunction): void => {
    const peer = request.socket.remoteAddress;
    if (peer && FORWARDED_HEADERS.some((name) => request.headers[name] !== undefined) && !trusts(peer, 0)) watch.note(new Date());
    next();
  };
}
