import * as net from 'node:net';

/** One entry of `elbow.sandbox.allowedHosts`: `example.com`, `*.example.com` (its subdomains), either with `:port`, or an IP address. */
export interface AllowedHost {
  /** Lower case; for a wildcard, the part after `*.`. */
  host: string;
  wildcard: boolean;
  /** Undefined: any port. */
  port?: number;
  /** The entry is an IP address, which allows that address even where names may not lead (loopback, this machine). */
  isAddress: boolean;
}

export interface ParsedAllowedHosts {
  hosts: AllowedHost[];
  /** Entries that could not be read, each with why. */
  problems: string[];
}

export function parseAllowedHosts(entries: readonly string[]): ParsedAllowedHosts {
  const parsed: ParsedAllowedHosts = { hosts: [], problems: [] };
  for (const entry of entries) {
    const host = parseAllowedHost(entry);
    if (typeof host === 'string') parsed.problems.push(`"${entry}": ${host}`);
    else parsed.hosts.push(host);
  }
  return parsed;
}

function parseAllowedHost(entry: string): AllowedHost | string {
  let text = entry.trim().toLowerCase();
  if (text === '') return 'empty';
  if (/^[a-z][a-z0-9+.-]*:\/\//.test(text)) return 'write the host name only, without a scheme (registry.npmjs.org, not https://registry.npmjs.org)';
  let port: number | undefined;
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(text);
  if (bracketed) {
    text = bracketed[1] as string;
    port = bracketed[2] === undefined ? undefined : Number(bracketed[2]);
    if (net.isIPv6(text) === false) return 'not an IPv6 address in brackets';
  } else {
    const withPort = /^([^:]+):(\d+)$/.exec(text);
    if (withPort) {
      text = withPort[1] as string;
      port = Number(withPort[2]);
    } else if (text.includes(':')) {
      return net.isIPv6(text) ? 'write an IPv6 address in brackets, e.g. [::1]:8080' : 'not a host name';
    }
  }
  if (port !== undefined && (!Number.isInteger(port) || port < 1 || port > 65535)) return 'the port must be between 1 and 65535';
  const wildcard = text.startsWith('*.');
  if (wildcard) text = text.slice(2);
  const isAddress = net.isIP(text) !== 0;
  if (isAddress && wildcard) return 'a wildcard needs a domain name';
  if (!isAddress && !/^[a-z0-9_]([a-z0-9_-]*[a-z0-9_])?(\.[a-z0-9_]([a-z0-9_-]*[a-z0-9_])?)*$/.test(text)) return 'not a host name';
  return { host: text, wildcard, port, isAddress };
}

/** The entry allowing `host:port`, if any (`host` as the client asked for it). */
export function findAllowedHost(hosts: readonly AllowedHost[], host: string, port: number): AllowedHost | undefined {
  const wanted = host.toLowerCase().replace(/^\[|\]$/g, '').replace(/\.$/, '');
  return hosts.find((entry) => {
    if (entry.port !== undefined && entry.port !== port) return false;
    if (entry.wildcard) return wanted.endsWith(`.${entry.host}`);
    return wanted === entry.host;
  });
}
