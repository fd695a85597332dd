import { describe, expect, it } from 'vitest';
import { guardedLookup } from './push-sender.js';

type Callback = (error: NodeJS.ErrnoException | null, address?: unknown, family?: number) => void;

const lookupWith = (allowLoopback: boolean, hostname: string, options: { all?: boolean }) =>
  new Promise<{ error: NodeJS.ErrnoException | null; address?: unknown; family?: number }>((resolve) => {
    (guardedLookup({ allowLoopback }) as unknown as (host: string, opts: object, cb: Callback) => void)(hostname, options, (error, address, family) =>
      resolve({ error, address, family }),
    );
  });

describe('the lookup a push request connects with', () => {
  it('refuses a host name that resolves to a loopback address', async () => {
    const { error } = await lookupWith(false, 'localhost', {});
    expect(error?.code).toBe('EPUSHADDRESS');
  });

  it('lets loopback through only with the test setting, in both answer shapes', async () => {
    const one = await lookupWith(true, 'localhost', {});
    expect(one.error).toBeNull();
    expect(['127.0.0.1', '::1']).toContain(one.address);
    const all = await lookupWith(true, 'localhost', { all: true });
    expect(all.error).toBeNull();
    expect(Array.isArray(all.address)).toBe(true);
  });
});
