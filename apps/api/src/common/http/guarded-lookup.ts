import { lookup as dnsLookup, type LookupAddress, type LookupOneOptions } from 'node:dns';
import type { LookupFunction } from 'node:net';

/** The name lookup a guarded socket uses: the system resolver, or a fixed table in tests. */
export type AddressLookup = (hostname: string, callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void) => void;

export const systemLookup: AddressLookup = (hostname, callback) => dnsLookup(hostname, { all: true, verbatim: true }, callback);

/**
 * A DNS lookup for the socket itself that refuses a host name when any of its answers fails
 * `accept`, so the address checked is the address connected to: a DNS answer that changes between
 * a check and the connection (rebinding) cannot slip through. The refusal is an error with `code`,
 * which the caller's failure message shows.
 */
export function guardedLookup(accept: (address: string) => boolean, code: string, resolve: AddressLookup = systemLookup): LookupFunction {
  return ((hostname: string, options: LookupOneOptions & { all?: boolean }, callback: (...args: unknown[]) => void) => {
    resolve(hostname, (error, found) => {
      if (error) return callback(error);
      const addresses = options.family === 4 || options.family === 6 ? found.filter((entry) => entry.family === options.family) : found;
      if (addresses.length === 0 || !found.every((entry) => accept(entry.address))) {
        return callback(Object.assign(new Error(`${hostname} resolves to an address that is not allowed here`), { code }));
      }
      if (options.all) return callback(null, addresses);
      return callback(null, addresses[0].address, addresses[0].family);
    });
  }) as LookupFunction;
}
