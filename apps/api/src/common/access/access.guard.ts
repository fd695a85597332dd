import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { roleAtLeast, type Role } from '@hinv/shared';
import type { Request } from 'express';
import { Clock } from '../clock.js';
import { ApiException } from '../errors/api-exception.js';
import { ACCESS_METADATA, MIN_ROLE_METADATA, RECENT_AUTH_METADATA, type RouteAccess } from './access.decorators.js';
import { CredentialResolver } from './credential-resolver.js';
import { PRINCIPAL_KEY, type RequestWithPrincipal } from './principal.js';

/** How long a sign-in counts as recent for `@RecentAuth()` routes. */
export const RECENT_AUTH_WINDOW_MS = 10 * 60 * 1000;

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** What a route declares: how it may be reached, its role floor, whether it needs a recent sign-in. */
interface RouteRules {
  access: RouteAccess | undefined;
  minRole: Role | undefined;
  recentAuth: boolean;
}

/**
 * The one guard in front of every route. In order: the route's access declaration (a route
 * without one is refused), credentials (401; `WWW-Authenticate: Bearer` when a bearer header
 * was sent, and never a cookie fallback), credential kind and scope (403), role floor (403),
 * recent authentication (428).
 *
 * Role floor: `@MinRole(role)` where declared; otherwise reading needs any role and changing
 * anything needs at least `member`, so a viewer is read-only unless a route says otherwise.
 */
@Injectable()
export class AccessGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly credentials: CredentialResolver,
    private readonly clock: Clock,
  ) {}

  /** Each route's declarations, read once: decorators have run before the first request. */
  private readonly routeRules = new WeakMap<Function, WeakMap<Function, RouteRules>>();

  private rulesOf(context: ExecutionContext): RouteRules {
    const handler = context.getHandler();
    const controller = context.getClass();
    let byHandler = this.routeRules.get(controller);
    if (!byHandler) this.routeRules.set(controller, (byHandler = new WeakMap()));
    let rules = byHandler.get(handler);
    if (!rules) {
      const targets = [handler, controller];
      rules = {
        access: this.reflector.getAllAndOverride<RouteAccess | undefined>(ACCESS_METADATA, targets),
        minRole: this.reflector.getAllAndOverride<Role | undefined>(MIN_ROLE_METADATA, targets),
        recentAuth: Boolean(this.reflector.getAllAndOverride<boolean | undefined>(RECENT_AUTH_METADATA, targets)),
      };
      byHandler.set(handler, rules);
    }
    return rules;
  }

  canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    const rules = this.rulesOf(context);
    const access = rules.access;
    if (!access) {
      // A programming error, caught by the contract test too; refusing keeps it from becoming a hole.
      throw new Error(`Route ${context.getClass().name}.${context.getHandler().name} declares no access rule`);
    }
    // Answered at once: Nest then goes on without waiting for a promise (health is polled).
    if (access.kind === 'public') return true;
    return this.checkCaller(context, access, rules);
  }

  private async checkCaller(context: ExecutionContext, access: Exclude<RouteAccess, { kind: 'public' }>, rules: RouteRules): Promise<boolean> {
    const request = context.switchToHttp().getRequest<Request & RequestWithPrincipal>();
    const result = await this.credentials.resolve(request);
    if (result.outcome !== 'valid') {
      const bearer = result.outcome === 'invalid' && result.bearer;
      throw new ApiException(401, 'not_authenticated', {}, bearer ? { 'WWW-Authenticate': 'Bearer' } : {});
    }
    const principal = result.principal;
    // Attached before the checks below so a refused request is still attributed in the audit log.
    request[PRINCIPAL_KEY] = principal;

    if (principal.kind === 'token') {
      if (access.kind !== 'scope') {
        throw new ApiException(403, 'token_not_allowed');
      }
      if (!principal.scopes?.includes(access.scope)) {
        throw new ApiException(403, 'missing_scope', { scope: access.scope });
      }
    }

    const minRole = rules.minRole ?? (SAFE_METHODS.has(request.method) ? 'viewer' : 'member');
    if (!roleAtLeast(principal.role, minRole)) {
      throw new ApiException(403, 'role_not_allowed');
    }

    if (rules.recentAuth) {
      const authenticatedAt = principal.authenticatedAt?.getTime() ?? Number.NEGATIVE_INFINITY;
      if (principal.kind !== 'session' || this.clock.now().getTime() - authenticatedAt > RECENT_AUTH_WINDOW_MS) {
        throw new ApiException(428, 'recent_authentication_required');
      }
    }

    return true;
  }
}
