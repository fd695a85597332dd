import { Logger } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { AppConfig } from '../../config/app-config.js';
import { sendError } from '../errors/http-exception.filter.js';
import { isLogLevelEnabled } from '../logging/json-logger.js';
import { contentLengthGuard, jsonBody, streamedBodyLimit } from './body-limits.js';
import { watchForwardedHeaders } from './forwarded-headers.js';
import { installJsonAnswers } from './json-answers.js';
import { legacyPathRewrite } from './legacy-paths.js';
import { middlewareChain } from './middleware-chain.js';
import { originGuard } from './origin-guard.js';
import { requestId } from './request-id.js';
import { requestLog } from './request-log.js';
import { securityHeaders } from './security-headers.js';
import { hostPolicy, trustedHosts } from './trusted-hosts.js';
import { shareTargetLanding, webApp } from './web-app.js';

export interface PlatformOptions {
  webDistDir: string;
  /** Runs after the host check and before anything else may answer (the public exposure gate). */
  gate?: (request: Request, response: Response, next: NextFunction) => void;
  /** Notes each request's outcome for the audit log once it is answered (`AuditMiddleware`). */
  audit?: RequestHandler;
}

/**
 * The Express layer in front of the Nest routes, in the order a request meets it. Errors raised
 * here are written by the same code as the Nest exception filter, so the shapes are identical.
 */
export function installPlatform(app: NestExpressApplication, config: AppConfig, options: PlatformOptions): void {
  const logger = new Logger('Platform');
  const express = app.getHttpAdapter().getInstance();
  express.disable('x-powered-by');
  // API answers are not cacheable anyway; hashing every body for an ETag is wasted work.
  express.set('etag', false);
  installJsonAnswers(express);
  express.set('trust proxy', config.env.FORWARDED_ALLOW_IPS);

  const checks: RequestHandler[] = [requestId, watchForwardedHeaders(express.get('trust proxy fn') as (address: string, hop: number) => boolean), legacyPathRewrite];
  // Request lines are debug output: at the default level they cost a request nothing at all.
  if (isLogLevelEnabled(config.env.LOG_LEVEL, 'debug')) checks.push(requestLog);
  checks.push(securityHeaders());
  checks.push(trustedHosts(hostPolicy(config.env.TRUSTED_HOSTS, config.env.DEPLOYMENT_PROFILE, config.env.PUBLIC_URL)));
  if (options.gate) checks.push(options.gate);
  checks.push(shareTargetLanding);
  checks.push(originGuard({ allowedOrigins: config.env.ALLOWED_ORIGINS, publicUrl: config.env.PUBLIC_URL, profile: config.env.DEPLOYMENT_PROFILE, httpsOnlyCookie: config.env.SESSION_HTTPS_ONLY }));
  checks.push(contentLengthGuard(config.maxRequestBytes));
  checks.push(streamedBodyLimit(config.maxRequestBytes));
  checks.push(webApp(options.webDistDir));
  checks.push(jsonBody(config.maxRequestBytes));
  if (options.audit) checks.push(options.audit);
  // In this order, as one layer of the router (it walks each layer with a path match).
  app.use(middlewareChain(checks));
  app.use((error: unknown, request: Request, response: Response, _next: NextFunction) => {
    sendError(error, request, response, logger);
  });
}
