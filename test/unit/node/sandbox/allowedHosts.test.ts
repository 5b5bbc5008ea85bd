import assert from 'node:assert/strict';
import { findAllowedHost, parseAllowedHosts } from '../../../../src/node/sandbox/allowedHosts';
import { isBlockedAddress } from '../../../../src/node/sandbox/blockedAddresses';

describe('allowed hosts', () => {
  it('reads names, wildcards, ports and addresses, and says what is wrong with the rest', () => {
    const parsed = parseAllowedHosts(['registry.npmjs.org', '*.github.com', 'example.com:8443', '127.0.0.1:3000', '[::1]:8080', 'https://x.org', '', 'a b', '*.1.2.3.4', 'host:99999']);
    assert.deepEqual(parsed.hosts.map((host) => [host.host, host.wildcard, host.port, host.isAddress]), [
      ['registry.npmjs.org', false, undefined, false],
      ['github.com', true, undefined, false],
      ['example.com', false, 8443, false],
      ['127.0.0.1', false, 3000, true],
      ['::1', false, 8080, true],
    ]);
    assert.equal(parsed.problems.length, 5);
    assert.match(parsed.problems[0] ?? '', /without a scheme/);
  });

  it('matches a wildcard only for subdomains, and a port only when it is the one', () => {
    const { hosts } = parseAllowedHosts(['*.github.com', 'example.com:8443']);
    assert.ok(findAllowedHost(hosts, 'api.github.com', 443));
    assert.ok(findAllowedHost(hosts, 'API.GitHub.com.', 443));
    assert.equal(findAllowedHost(hosts, 'github.com', 443), undefined);
    assert.equal(findAllowedHost(hosts, 'evilgithub.com', 443), undefined);
    assert.ok(findAllowedHost(hosts, 'example.com', 8443));
    assert.equal(findAllowedHost(hosts, 'example.com', 443), undefined);
  });

  it('blocks addresses of this machine and local-only ranges, including IPv4 inside IPv6', () => {
    for (const address of ['127.0.0.1', '127.1.2.3', '0.0.0.0', '::1', '::', '169.254.169.254', 'fe80::1', '::ffff:127.0.0.1', '224.0.0.1', '100.100.100.200']) {
      assert.equal(isBlockedAddress(address), true, address);
    }
    for (const address of ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946', '10.1.2.3']) assert.equal(isBlockedAddress(address), false, address);
  });
});
