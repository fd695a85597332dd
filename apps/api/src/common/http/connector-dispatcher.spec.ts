import { describe, expect, it } from 'vitest';
import { CONNECTOR_ADDRESS_REFUSED, hostTableLookup } from './connector-dispatcher.js';
import { connectorAddressAllowed } from './connector-url.js';
import { guardedLookup } from './guarded-lookup.js';

type Callback = (error: NodeJS.ErrnoException | null, address?: unknown, family?: number) => void;

const table = hostTableLookup('grocy.lan=192.168.1.20;metadata.test=169.254.169.254;mixed.test=10.0.0.5,fe80::1;multi.test=224.0.0.1');
const connect = (hostname: string, options: { all?: boolean } = {}) =>
  new Promise<{ error: NodeJS.ErrnoException | null; address?: unknown }>((resolve) => {
    (guardedLookup(connectorAddressAllowed, CONNECTOR_ADDRESS_REFUSED, table) as unknown as (host: string, opts: object, cb: Callback) => void)(hostname, options, (error, address) =>
      resolve({ error, address }),
    );
  });

describe('the lookup the connectors connect with', () => {
  it('lets private and loopback answers through: Grocy on the LAN is the normal case', async () => {
    expect(await connect('grocy.lan')).toMatchObject({ error: null, address: '192.168.1.20' });
    expect((await connect('localhost', { all: true })).error).toBeNull();
  });

  it('refuses a name with a link-local, multicast or any refused answer among good ones', async () => {
    for (const name of ['metadata.test', 'mixed.test', 'multi.test']) expect((await connect(name)).error?.code).toBe(CONNECTOR_ADDRESS_REFUSED);
  });

  it('judges an answer as the same address written in the URL would be judged', () => {
    expect(['127.0.0.1', '::1', '10.1.2.3', 'fd00::1', '8.8.8.8'].every(connectorAddressAllowed)).toBe(true);
    expect(['169.254.169.254', 'fe80::1', '0.0.0.0', '::ffff:169.254.169.254', '240.0.0.1', 'not-an-address'].some(connectorAddressAllowed)).toBe(false);
  });
});
