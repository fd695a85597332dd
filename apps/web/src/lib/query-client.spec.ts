import { onlineManager } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from './query-client';

describe('the query client on a page loaded without a network', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    onlineManager.setOnline(true);
  });

  it('starts offline when the browser is: queries wait instead of failing, and run once the network is back', async () => {
    vi.stubGlobal('navigator', { onLine: false });
    const client = createQueryClient();
    client.mount();
    expect(onlineManager.isOnline()).toBe(false);
    let calls = 0;
    const fetched = client.fetchQuery({ queryKey: ['stock'], queryFn: async () => (calls += 1) });
    await new Promise((settled) => setTimeout(settled, 0));
    expect([calls, client.getQueryState(['stock'])?.fetchStatus]).toEqual([0, 'paused']);
    onlineManager.setOnline(true);
    await expect(fetched).resolves.toBe(1);
    client.unmount();
  });

  it('starts online when the browser is', () => {
    onlineManager.setOnline(false);
    vi.stubGlobal('navigator', { onLine: true });
    createQueryClient();
    expect(onlineManager.isOnline()).toBe(true);
  });
});
