/**
 * Query keys of the scanner's own server state (the shared ones are in app/query-keys.ts).
 * Master data sits under 'catalog', so a change there refreshes the review's choices too.
 */
export const scannerKeys = {
  masterData: ['catalog', 'master-data'] as const,
};
