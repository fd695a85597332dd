/** Query keys of the receipts feature. */
export const receiptKeys = {
  all: ['receipts'] as const,
  list: ['receipts', 'list'] as const,
  one: (id: string) => ['receipts', 'one', id] as const,
  candidates: (id: string, itemId: string) => ['receipts', 'candidates', id, itemId] as const,
};
