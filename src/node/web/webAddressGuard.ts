import * as net from 'node:net';
import { findAllowedHost, parseAllowedHosts } from '../sandbox/allowedHosts';
import { addressReach } from '../sandbox/addressReach';
import { isBlockedAddress } from '../sandbox/blockedAddresses';

/**
 * Why `fetch_url` may not connect to `address:port`, or undefined when it may. Only public (global
 * unicast) addresses are reached unasked, an IPv6 form of an IPv4 address judged as that address.
 * Checked on the address actually connected to, so a name that resolves (or re-resolves) to this
 * machine or a private network is refused too. An address entry of the sandbox's allowed hosts
 * (e.g. `127.0.0.1:8080`) lets it through.
 */
export function addressRefusal(address: string, port: number, allowedHosts: readonly string[]): string | undefined {
  const unbracketed = address.replace(/^\[|\]$/g, '');
  if (net.isIP(unbracketed) === 0) return `${address} is not an IP address`;
  if (addressReach(unbracketed) === 'public' && !isBlockedAddress(unbracketed)) return undefined;
  const allowed = findAllowedHost(parseAllowedHosts(allowedHosts).hosts, unbracketed, port);
  if (allowed?.isAddress === true) return undefined;
  return `${unbracketed} is a private, local or reserved address`;
}
