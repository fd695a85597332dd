/** Automation-token scopes, exactly as the spec enumerates them. Scopes never imply each other. */
export const API_TOKEN_SCOPES = [
  'status:read',
  'catalog:read',
  'stock:read',
  'shopping:read',
  'shopping:write',
  'scans:read',
  'scans:write',
] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

/** Household roles, weakest first, so a role's index is its rank. */
export const ROLES = ['viewer', 'member', 'admin', 'owner'] as const;
export type Role = (typeof ROLES)[number];

export function roleAtLeast(role: Role, floor: Role): boolean {
  return ROLES.indexOf(role) >= ROLES.indexOf(floor);
}

export const LOCALES = ['de', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
