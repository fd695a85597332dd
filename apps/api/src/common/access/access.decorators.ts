import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ApiBearerAuth, ApiCookieAuth, ApiExtension, ApiResponse, ApiSecurity } from '@nestjs/swagger';
import type { ApiTokenScope, Role } from '@hinv/shared';
import { ErrorResponse } from '../errors/error-response.dto.js';

/** OpenAPI security scheme names, matching the reference contract. */
export const SESSION_SCHEME = 'householdSession';
export const TOKEN_SCHEME = 'apiToken';
/** Name of the HttpOnly cookie that carries a browser session token. */
export const SESSION_COOKIE = 'hinv_session';
export const REQUIRED_SCOPE_EXTENSION = 'x-service-required-scope';

export const ACCESS_METADATA = 'hinv:access';
export const MIN_ROLE_METADATA = 'hinv:min-role';
export const RECENT_AUTH_METADATA = 'hinv:recent-auth';

/** How a route may be reached. Every route declares exactly one; the guard refuses undeclared ones. */
export type RouteAccess =
  | { kind: 'public' }
  | { kind: 'session' }
  | { kind: 'scope'; scope: ApiTokenScope };

/**
 * A route open to a browser session or to a bearer token carrying `scope`. The one declaration
 * both feeds the guard and writes `x-service-required-scope` into the OpenAPI operation, so
 * enforcement and documentation cannot drift apart.
 */
export function RequireScope(scope: ApiTokenScope): MethodDecorator & ClassDecorator {
  return applyDecorators(
    SetMetadata(ACCESS_METADATA, { kind: 'scope', scope } satisfies RouteAccess),
    ApiCookieAuth(SESSION_SCHEME),
    ApiBearerAuth(TOKEN_SCHEME),
    ApiExtension(REQUIRED_SCOPE_EXTENSION, scope),
    ApiResponse({ status: 401, description: 'Not signed in, or the bearer token is invalid', type: ErrorResponse }),
    ApiResponse({ status: 403, description: 'Role or token scope not sufficient', type: ErrorResponse }),
  );
}

/** A route for signed-in browser sessions only; every bearer token is refused with 403. */
export function SessionOnly(): MethodDecorator & ClassDecorator {
  return applyDecorators(
    SetMetadata(ACCESS_METADATA, { kind: 'session' } satisfies RouteAccess),
    ApiCookieAuth(SESSION_SCHEME),
    ApiResponse({ status: 401, description: 'Not signed in', type: ErrorResponse }),
    ApiResponse({ status: 403, description: 'Not allowed for this role or for API tokens', type: ErrorResponse }),
  );
}

/** A route that needs no credentials (health, readiness, sign-in). */
export function Public(): MethodDecorator & ClassDecorator {
  return applyDecorators(SetMetadata(ACCESS_METADATA, { kind: 'public' } satisfies RouteAccess), ApiSecurity({}));
}

/** The weakest household role allowed on the route; ranks are viewer < member < admin < owner. */
export function MinRole(role: Role): MethodDecorator & ClassDecorator {
  return applyDecorators(SetMetadata(MIN_ROLE_METADATA, role));
}

/** The session must have authenticated within the last ten minutes, otherwise 428. */
export function RecentAuth(): MethodDecorator & ClassDecorator {
  return applyDecorators(
    SetMetadata(RECENT_AUTH_METADATA, true),
    ApiResponse({ status: 428, description: 'Recent authentication required', type: ErrorResponse }),
  );
}
