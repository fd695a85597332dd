import type { Dispatcher } from 'undici';
import { connectorAddressAllowed } from './connector-url.js';
import { guardedLookup, systemLookup, type AddressLookup } from './guarded-lookup.js';

/** The error code of a connection refused for its address; the connectors' failure messages name it. */
export const CONNECTOR_ADDRESS_REFUSED = 'ECONNECTORADDRESS';

/** What a connector says when its host name led to a refused address. */
export const CONNECTOR_ADDRESS_REASON = 'the host name resolves to a link-local, multicast, unspecified or reserved address, which is not allowed';

/**
 * `name=address[,address];…` (HINV_TEST_CONNECTOR_HOSTS) as a lookup table: tests give a host name
 * the answers they need (a link-local one), which no resolver on a test machine would give.
 */
export function hostTableLookup(spec: string | undefined, fallback: AddressLookup = systemLookup): AddressLookup {
  const table = new Map<string, string[]>();
  for (const entry of (spec ?? '').split(';')) {
    const [name, addresses] = entry.split('=');
    if (name?.trim() && addresses?.trim()) table.set(name.trim().toLowerCase(), addresses.split(',').map((address) => address.trim()));
  }
  if (table.size === 0) return fallback;
  return (hostname, callback) => {
    const answers = table.get(hostname.toLowerCase());
    if (!answers) return fallback(hostname, callback);
    callback(
      null,
      answers.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
    );
  };
}

/**
 * The HTTP agent the Grocy connector and the receipt provider connect through. The URL's IP
 * literal was checked when it was saved; a host name is checked here, on every connection, by
 * the same rule (`connectorAddressAllowed`: private and loopback answers are fine, since Grocy or
 * Ollama on the LAN is the normal case; link-local, multicast, unspecified and reserved are not),
 * so a name pointing at a cloud metadata service (169.254.169.254) or rebinding to one later is
 * refused before a byte, or the key, is sent.
 *
 * undici (about 5 MB of heap once loaded) is loaded by the first connection, not at start: most
 * households never connect Grocy or a receipt provider.
 */
export async function connectorDispatcher(testHosts?: string): Promise<Dispatcher> {
  const { Agent } = await import('undici');
  return new Agent({ connect: { lookup: guardedLookup(connectorAddressAllowed, CONNECTOR_ADDRESS_REFUSED, hostTableLookup(testHosts)) } });
}
