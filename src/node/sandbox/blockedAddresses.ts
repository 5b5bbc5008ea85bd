import * as os from 'node:os';
import { addressReach, reachedAddresses } from './addressReach';

/**
 * Addresses an allowed host name may not lead to: anything but public and private networks
 * (this machine and its own interfaces, link-local and cloud metadata endpoints, multicast,
 * reserved ranges), however the address is written. Whoever controls a name's DNS controls
 * where it points; these would open the machine's own services to the sandbox.
 */
export function isBlockedAddress(address: string): boolean {
  const reach = addressReach(address);
  if (reach !== 'public' && reach !== 'private') return true;
  const own = ownAddresses();
  return reachedAddresses(address).some((reached) => own.has(reached));
}

/** This machine's interface addresses, written as `reachedAddresses` writes them. */
function ownAddresses(): Set<string> {
  const addresses = new Set<string>();
  for (const entries of Object.values(os.networkInterfaces())) {
    for (const entry of entries ?? []) reachedAddresses(entry.address).forEach((reached) => addresses.add(reached));
  }
  return addresses;
}

/**
 * Private networks (RFC 1918, carrier-grade NAT, IPv6 unique local): not blocked for the sandbox's
 * proxy, whose commands may need a company registry, but `fetch_url` must not reach them unasked.
 */
export function isPrivateAddress(address: string): boolean {
  return addressReach(address) === 'private';
}
