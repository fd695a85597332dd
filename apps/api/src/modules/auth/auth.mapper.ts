import type { HouseholdEntity } from './household.entity.js';
import type { UserEntity } from './user.entity.js';
import type { AuthenticatedUserResponse, AuthenticationResponse } from './dto/auth.dto.js';

export function toAuthenticatedUser(user: UserEntity, household: HouseholdEntity): AuthenticatedUserResponse {
  return {
    id: user.id,
    display_name: user.displayName,
    email: user.email,
    household_id: household.id,
    household_name: household.name,
    owner_setup_complete: user.ownerSetupComplete,
    preferred_locale: user.preferredLocale,
    role: user.role,
  };
}

/**
 * Every answer of a sign-in step with all its fields, those that do not apply as null: the
 * reference always sends them all, and its client reads them as present.
 */
export function authenticationResult(fields: Pick<AuthenticationResponse, 'authenticated'> & Partial<AuthenticationResponse>): AuthenticationResponse {
  return {
    identifier_required: null,
    mfa_challenge: null,
    mfa_methods: null,
    mfa_required: null,
    needs_owner_setup: null,
    needs_setup: null,
    user: null,
    ...fields,
  };
}

export function signedIn(user: UserEntity, household: HouseholdEntity, activeUsers: number): AuthenticationResponse {
  return authenticationResult({
    authenticated: true,
    needs_setup: false,
    needs_owner_setup: user.role === 'owner' && !user.ownerSetupComplete,
    identifier_required: activeUsers > 1,
    user: toAuthenticatedUser(user, household),
  });
}
