import * as net from 'node:net';
import * as os from 'node:os';

/**
 * Addresses an allowed host name may not lead to: this machine (loopback, its own interfaces,
 * "any"), link-local and cloud metadata endpoints, multicast. Whoever controls a name's DNS
 * controls where it points; these would open the machine's own services to the sandbox.
 */
export function isBlockedAddress(address: string): boolean {
  const plain = unmapped(address);
  return ownAddresses().has(plain.toLowerCase()) || (listedIn(plain, blockedIpv4, blockedIpv6) ?? true);
}

const blockedIpv4 = new net.BlockList();
blockedIpv4.addSubnet('0.0.0.0', 8, 'ipv4');
blockedIpv4.addSubnet('127.0.0.0', 8, 'ipv4');
blockedIpv4.addSubnet('169.254.0.0', 16, 'ipv4');
blockedIpv4.addSubnet('224.0.0.0', 4, 'ipv4');
blockedIpv4.addAddress('255.255.255.255', 'ipv4');
blockedIpv4.addAddress('100.100.100.200', 'ipv4');
blockedIpv4.addAddress('168.63.129.16', 'ipv4');

const blockedIpv6 = new net.BlockList();
blockedIpv6.addAddress('::', 'ipv6');
blockedIpv6.addAddress('::1', 'ipv6');
blockedIpv6.addSubnet('fe80::', 10, 'ipv6');
blockedIpv6.addSubnet('ff00::', 8, 'ipv6');
blockedIpv6.addSubnet('fd00:ec2::', 32, 'ipv6');

/** An IPv4 address written as IPv6 (`::ffff:127.0.0.1`) is that IPv4 address. */
function unmapped(address: string): string {
  return /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1] ?? address;
}

/** Whether the address is in the list of its family; undefined when it is no IP address. */
function listedIn(address: string, ipv4: net.BlockList, ipv6: net.BlockList): boolean | undefined {
  if (net.isIPv4(address)) return ipv4.check(address, 'ipv4');
  if (net.isIPv6(address)) return ipv6.check(address, 'ipv6');
  return undefined;
}

function ownAddresses(): Set<string> {
  const addresses = new Set<string>();
  for (const entries of Object.values(os.networkInterfaces())) {
    for (const entry of entries ?? []) addresses.add(entry.address.toLowerCase());
  }
  return addresses;
}

/**
 * Private networks (RFC 1918, carrier-grade NAT, IPv6 unique local): not blocked for the sandbox's
 * proxy, whose commands may need a company registry, but `fetch_url` must not reach them unasked.
 */
export function isPrivateAddress(address: string): boolean {
  return listedIn(unmapped(address), privateIpv4, privateIpv6) ?? false;
}

const privateIpv4 = new net.BlockList();
privateIpv4.addSubnet('10.0.0.0', 8, 'ipv4');
privateIpv4.addSubnet('172.16.0.0', 12, 'ipv4');
privateIpv4.addSubnet('192.168.0.0', 16, 'ipv4');
privateIpv4.addSubnet('100.64.0.0', 10, 'ipv4');

const privateIpv6 = new net.BlockList();
privateIpv6.addSubnet('fc00::', 7, 'ipv6');
