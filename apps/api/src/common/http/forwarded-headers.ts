import type { NextFunction, Request, Response } from 'express';

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
    const headers = request.headers;
    // Checked one by one rather than with a callback per header: every request passes here.
    if (headers.forwarded === undefined && headers['x-forwarded-for'] === undefined && headers['x-forwarded-host'] === undefined && headers['x-forwarded-proto'] === undefined) return next();
    const peer = request.socket.remoteAddress;
    if (peer && !trusts(peer, 0)) watch.note(new Date());
    next();
  };
}
