import { dehydrate, QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { persistOptionsFor } from './offline-cache';

describe('the offline cache', () => {
  let signedIn = true;
  beforeEach(() => {
    signedIn = true;
    vi.stubGlobal('localStorage', { getItem: () => (signedIn ? '1' : null), setItem: () => undefined, removeItem: () => undefined });
  });
  afterEach(() => vi.unstubAllGlobals());

  const kept = (client: QueryClient) =>
    dehydrate(client, persistOptionsFor(client).dehydrateOptions)
      .queries.map((query) => query.queryKey.join('/'))
      .sort();

  it('keeps the receipts list and the receipt opened last, beside the lists it kept before', () => {
    const client = new QueryClient();
    client.setQueryData(['stock', 'overview'], []);
    client.setQueryData(['shopping', 'list'], []);
    client.setQueryData(['receipts', 'list'], [{ id: 'a' }, { id: 'b' }]);
    client.setQueryData(['receipts', 'one', 'a'], { id: 'a' }, { updatedAt: 1_000 });
    client.setQueryData(['receipts', 'one', 'b'], { id: 'b' }, { updatedAt: 2_000 });
    client.setQueryData(['receipts', 'candidates', 'b', 'line-1'], []);
    client.setQueryData(['settings', 'tokens'], []);
    expect(kept(client)).toEqual(['receipts/list', 'receipts/one/b', 'shopping/list', 'stock/overview']);
    // Opening another receipt makes it the one kept.
    client.setQueryData(['receipts', 'one', 'a'], { id: 'a' }, { updatedAt: 3_000 });
    expect(kept(client)).toEqual(['receipts/list', 'receipts/one/a', 'shopping/list', 'stock/overview']);
  });

  it('keeps nothing for a device nobody is signed in on', () => {
    const client = new QueryClient();
    client.setQueryData(['receipts', 'list'], []);
    signedIn = false;
    expect(kept(client)).toEqual([]);
  });
});
