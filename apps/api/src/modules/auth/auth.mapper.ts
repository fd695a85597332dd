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

export function signedIn(user: UserEntity, household: HouseholdEntity, activeUsers: number): AuthenticationResponse {
  return {
    authenticated: true,
    needs_setup: false,
    needs_owner_setup: user.role === 'owner' && !user.ownerSetupComplete,
    identifier_required: activeUsers > 1,
    user: toAuthenticatedUser(user, household),
  };
}
