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

/**
 * What a scanner station's token may do, preselected when one is paired: make and look at scans,
 * and read the catalog to name what was scanned. Nothing else (no stock, no shopping list).
 */
export const STATION_SCOPES = ['scans:read', 'scans:write', 'catalog:read'] as const satisfies readonly ApiTokenScope[];

/** Household roles, weakest first, so a role's index is its rank. */
export const ROLES = ['viewer', 'member', 'admin', 'owner'] as const;
export type Role = (typeof ROLES)[number];

export function roleAtLeast(role: Role, floor: Role): boolean {
  return ROLES.indexOf(role) >= ROLES.indexOf(floor);
}

export const LOCALES = ['de', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
