/**
 * Audit actions of the privacy tools, named as the reference names them (its client shows
 * "Datenexport erstellt" for `portable_export`); all other audit rows carry the route template.
 */
export const PRIVACY_ACTIONS = {
  export: 'portable_export',
  manualRetention: 'manual_retention',
  scheduledRetention: 'scheduled_retention',
} as const;

export type PrivacyAction = (typeof PRIVACY_ACTIONS)[keyof typeof PRIVACY_ACTIONS];

/** One privacy audit row: category `privacy`, the acting user (none for the scheduler). */
export const INSERT_PRIVACY_EVENT =
  "INSERT INTO audit_events (created_at, category, action, outcome, status_code, actor_user_id, token_id) VALUES (?, 'privacy', ?, 'success', ?, ?, NULL)";

export function privacyEventValues(at: string, action: PrivacyAction, statusCode: number, actorUserId: string | null): [string, PrivacyAction, number, string | null] {
  return [at, action, statusCode, actorUserId];
}
