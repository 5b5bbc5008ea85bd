import * as dns from 'node:dns';
import type { LookupFunction } from 'node:net';
import { addressRefusal } from './webAddressGuard';

export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Resolves a host name to its addresses (dns.lookup by default; tests give their own). */
export type HostResolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: HostResolver = (hostname) => dns.promises.lookup(hostname, { all: true, verbatim: true });

/** Thrown through the connection when the name leads to an address fetch_url may not reach. */
export class RefusedAddressError extends Error {}

/**
 * The `lookup` of an HTTP request: resolves the name itself and hands the socket only an address that
 * passes the guard, so the address checked is the one connected to.
 */
export function guardedLookup(resolve: HostResolver, port: number, allowedHosts: readonly string[]): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (addresses) => {
        const refusals = addresses.map((entry) => addressRefusal(entry.address, port, allowedHosts));
        const usable = addresses.filter((_, index) => refusals[index] === undefined);
        const first = usable[0];
        if (first === undefined) {
          const why = refusals.find((refusal) => refusal !== undefined) ?? 'it has no address';
          callback(new RefusedAddressError(`${hostname} leads to ${why}`), '', 0);
          return;
        }
        if (options.all === true) callback(null, usable.map((entry) => ({ address: entry.address, family: entry.family })));
        else callback(null, first.address, first.family);
      },
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), '', 0),
    );
  };
}
