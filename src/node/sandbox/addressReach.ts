import * as net from 'node:net';

/**
 * What an IP address reaches: the public internet, a private network (a company registry may
 * live there), or something else (this machine, the local link, multicast, a reserved or
 * documentation range, cloud metadata). Only global unicast counts as public; an IPv6 address
 * that carries an IPv4 address (mapped, compatible, NAT64, 6to4, Teredo) is judged by that
 * IPv4 address, whichever way it is written. Undefined when the text is no IP address.
 */
export type AddressReach = 'public' | 'private' | 'local';

export function addressReach(address: string): AddressReach | undefined {
  const plain = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (net.isIPv4(plain)) return ipv4Reach(plain);
  if (!net.isIPv6(plain)) return undefined;
  const groups = ipv6Groups(plain);
  if (groups === undefined) return 'local';
  const embedded = embeddedIpv4(groups);
  if (embedded !== undefined) return worst(embedded.map(ipv4Reach));
  const text = groupsText(groups);
  if (ipv6Local.check(text, 'ipv6')) return 'local';
  if (ipv6Private.check(text, 'ipv6')) return 'private';
  return ipv6Global.check(text, 'ipv6') ? 'public' : 'local';
}

/**
 * The addresses a connection to `address` reaches, written plainly: the IPv4 addresses an IPv6
 * address carries, else the address itself (IPv6 in its full form), for comparing with a list.
 */
export function reachedAddresses(address: string): string[] {
  const plain = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (!net.isIPv6(plain)) return [plain];
  const groups = ipv6Groups(plain);
  if (groups === undefined) return [plain.toLowerCase()];
  return embeddedIpv4(groups) ?? [groupsText(groups)];
}

function ipv4Reach(address: string): AddressReach {
  if (ipv4Local.check(address, 'ipv4')) return 'local';
  return ipv4Private.check(address, 'ipv4') ? 'private' : 'public';
}

function worst(reaches: readonly AddressReach[]): AddressReach {
  if (reaches.includes('local')) return 'local';
  return reaches.includes('private') ? 'private' : 'public';
}

function blockList(family: 'ipv4' | 'ipv6', subnets: readonly string[]): net.BlockList {
  const list = new net.BlockList();
  for (const subnet of subnets) {
    const [network, prefix] = subnet.split('/') as [string, string | undefined];
    if (prefix === undefined) list.addAddress(network, family);
    else list.addSubnet(network, Number(prefix), family);
  }
  return list;
}

/** IANA's special-purpose IPv4 ranges that are not private networks, plus cloud metadata addresses. */
const ipv4Local = blockList('ipv4', [
  '0.0.0.0/8', '127.0.0.0/8', '169.254.0.0/16', '192.0.0.0/24', '192.0.2.0/24', '192.88.99.0/24',
  '198.18.0.0/15', '198.51.100.0/24', '203.0.113.0/24', '224.0.0.0/4', '240.0.0.0/4',
  '100.100.100.200', '168.63.129.16',
]);
const ipv4Private = blockList('ipv4', ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '100.64.0.0/10']);

/** Global unicast is 2000::/3; inside it, these are documentation, benchmarking, ORCHID and the like. */
const ipv6Global = blockList('ipv6', ['2000::/3']);
const ipv6Local = blockList('ipv6', [
  '2001::/23', '2001:db8::/32', '3fff::/20', 'fd00:ec2::/32', '100::/64', 'fe80::/10', 'fec0::/10', 'ff00::/8',
]);
const ipv6Private = blockList('ipv6', ['fc00::/7', '64:ff9b:1::/48']);

/** The IPv4 addresses an IPv6 address carries (both ends of a Teredo address), if any. */
function embeddedIpv4(groups: readonly number[]): string[] | undefined {
  const [g0, g1, g2, g3, g4, g5, g6, g7] = groups as [number, number, number, number, number, number, number, number];
  const low = ipv4Of(g6, g7);
  const upperZero = g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0;
  if (upperZero && (g5 === 0xffff || g5 === 0)) return g5 === 0 && g6 === 0 && g7 <= 1 ? undefined : [low];
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) return [low];
  if (g0 === 0x2002) return [ipv4Of(g1, g2)];
  if (g0 === 0x2001 && g1 === 0) return [ipv4Of(g2, g3), ipv4Of(g6 ^ 0xffff, g7 ^ 0xffff)];
  return undefined;
}

function ipv4Of(high: number, low: number): string {
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}

function groupsText(groups: readonly number[]): string {
  return groups.map((group) => group.toString(16)).join(':');
}

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, a trailing dotted IPv4 split). */
function ipv6Groups(address: string): number[] | undefined {
  let text = address.toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted !== null) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const parse = (part: string): number[] => (part === '' ? [] : part.split(':').map((group) => Number.parseInt(group, 16)));
  const front = parse(head);
  const back = tail === undefined ? [] : parse(tail);
  const missing = 8 - front.length - back.length;
  const groups = tail === undefined ? front : [...front, ...new Array<number>(missing).fill(0), ...back];
  return groups.length === 8 && groups.every((group) => Number.isInteger(group) && group >= 0 && group <= 0xffff) ? groups : undefined;
}
