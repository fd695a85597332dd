import { createApiClient } from '@hinv/api-client';
import { describe, expect, it } from 'vitest';
import { sendChange } from './shopping-api';
import type { QueuedChange } from './shopping-queue';

const answering = (status: number, body: unknown = {}) =>
  createApiClient({ baseUrl: 'http://api.test', fetch: async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }) });

const check = {
  kind: 'update',
  id: 'c1',
  clientMutationId: 'shop_check_0001',
  action: 'check',
  target: { itemId: 'milk' },
  baseUpdatedAt: '2026-01-01T00:00:00.000Z',
  body: { desired_quantity: 1, checked: true, notes: '' },
} as unknown as QueuedChange;

describe('sending one queued shopping change', () => {
  it.each([
    [401, 'unauthorized'],
    // A viewer signed in after a member on the same device: the member's changes wait for them.
    [403, 'unauthorized'],
    [500, 'network'],
    [429, 'network'],
    [404, 'refused'],
    [409, 'refused'],
    [422, 'refused'],
  ])('classifies %i as %s', async (status, kind) => {
    expect(await sendChange(answering(status, { code: 'x', detail: 'y' }), check)).toMatchObject({ ok: false, kind });
  });
});
