import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { applyLiveChange } from './live-updates';
import { sharedKeys } from './query-keys';

describe('applyLiveChange', () => {
  const setUp = () => {
    const client = new QueryClient();
    client.setQueryData(sharedKeys.shoppingList, [{ id: 'milk', updated_at: 'v2' }]);
    client.setQueryData(sharedKeys.storeOrder('rewe'), { store_id: 'rewe' });
    client.setQueryData(sharedKeys.storeOrder('aldi'), { store_id: 'aldi' });
    return client;
  };
  const stale = (client: QueryClient, key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated ?? false;

  it('skips a change this device has already (its own, adopted answer)', () => {
    const client = setUp();
    applyLiveChange(client, { topic: 'shopping', id: 'milk', version: 'v2' });
    expect(stale(client, sharedKeys.shoppingList)).toBe(false);
  });

  it('asks the list again for a newer version or another item', () => {
    const client = setUp();
    applyLiveChange(client, { topic: 'shopping', id: 'milk', version: 'v3' });
    expect(stale(client, sharedKeys.shoppingList)).toBe(true);
  });

  it('asks only the changed store order again', () => {
    const client = setUp();
    applyLiveChange(client, { topic: 'store-order', id: 'rewe', version: 'x' });
    expect([stale(client, sharedKeys.storeOrder('rewe')), stale(client, sharedKeys.storeOrder('aldi'))]).toEqual([true, false]);
  });
});
