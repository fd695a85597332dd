/**
 * Query keys of the budget. They sit under the receipts' key on purpose: whatever refreshes
 * receipts (an upload, an import, a mapping) refreshes the budget with them.
 */
export const budgetKeys = {
  overview: (months: number) => ['receipts', 'budget', months] as const,
};

/** How many months the screen's chart shows. */
export const CHART_MONTHS = 12;
