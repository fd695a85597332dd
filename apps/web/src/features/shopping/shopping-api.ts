import type { ApiClient } from '@hinv/api-client';
import type { Item, QueuedChange, SendOutcome } from './shopping-queue';

interface Answer {
  data?: Item;
  error?: unknown;
  response: Response;
}

/**
 * One queued change sent with its own key, the answer classified the way the queue needs it: a
 * network failure, a 5xx, 408 or 429 stops the sync and keeps the change for the next attempt; a
 * 401 or 403 stops it for a (new) sign-in: changes queued by a member must not be dropped because a
 * viewer signed in on the same device next; any other refusal (404, 409, 422) is final for this change.
 */
export async function sendChange(api: ApiClient, change: QueuedChange): Promise<SendOutcome> {
  let answer: Answer;
  try {
    if (change.kind === 'add') {
      answer = await api.POST('/api/v1/shopping-list', {
        body: { product_id: change.productId, desired_quantity: change.desiredQuantity, notes: change.notes, client_mutation_id: change.clientMutationId },
      });
    } else {
      // The add this change depends on was refused: the queue dropped both already.
      if (!('itemId' in change.target)) return { ok: false, kind: 'refused', status: 404, code: 'shopping_item_not_found', detail: null };
      answer = await api.PATCH('/api/v1/shopping-list/{item_id}', {
        params: { path: { item_id: change.target.itemId } },
        body: { ...change.body, expected_updated_at: change.baseUpdatedAt, client_mutation_id: change.clientMutationId },
      });
    }
  } catch {
    return { ok: false, kind: 'network' };
  }
  const { data, error, response } = answer;
  if (response.ok && data) return { ok: true, item: data };
  if (response.status === 401 || response.status === 403) return { ok: false, kind: 'unauthorized' };
  if (response.status >= 500 || response.status === 408 || response.status === 429) return { ok: false, kind: 'network' };
  const body = (error ?? {}) as { code?: unknown; detail?: unknown };
  return {
    ok: false,
    kind: 'refused',
    status: response.status,
    code: typeof body.code === 'string' ? body.code : null,
    detail: typeof body.detail === 'string' && body.detail.length > 0 ? body.detail : null,
  };
}
