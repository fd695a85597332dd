import { Injectable } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { AppConfig } from '../../config/app-config.js';
import { ApiException } from '../../common/errors/api-exception.js';
import { untrustedForwarding } from '../../common/http/forwarded-headers.js';
import type { ReadinessResponse } from './dto/readiness-response.dto.js';
import { evaluateReadiness } from './readiness.js';

const ALWAYS_OPEN = new Set(['/api/health', '/api/readiness', '/api/v1/health']);

@Injectable()
export class ReadinessService {
  /** Configuration is fixed for the life of the process, so the checks are evaluated once. */
  private readonly readiness: ReadinessResponse;

  constructor(config: AppConfig) {
    this.readiness = evaluateReadiness(config);
  }

  /** The fixed checks, with a warning added while forwarding headers came from untrusted peers. */
  getReadiness(): ReadinessResponse {
    const seen = untrustedForwarding.seen();
    if (!seen) return this.readiness;
    const checks = this.readiness.checks.map((check) =>
      check.id === 'forwarded_proxies' && check.status === 'pass'
        ? {
            id: check.id,
            status: 'warn' as const,
            message: `Forwarded headers came from a peer not in FORWARDED_ALLOW_IPS (${seen.count} requests since start, last at ${seen.last}); they were ignored. If a proxy is in front of this instance, add its address, or every client behind it counts as one source for sign-in throttling`,
          }
        : check,
    );
    const status = this.readiness.status === 'ready' ? 'degraded' : this.readiness.status;
    return { ...this.readiness, status, checks };
  }

  /**
   * The public exposure gate: a `public_https` instance that fails a check answers 503 on every
   * path except health and readiness, so a half-configured public instance never serves data.
   */
  gate() {
    const blocked = this.readiness.profile === 'public_https' && this.readiness.status === 'blocked';
    return (request: Request, _response: Response, next: NextFunction): void => {
      if (!blocked || ALWAYS_OPEN.has(request.path)) return next();
      next(new ApiException(503, 'public_exposure_blocked'));
    };
  }
}
