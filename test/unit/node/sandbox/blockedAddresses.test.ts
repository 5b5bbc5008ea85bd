import assert from 'node:assert/strict';
import * as os from 'node:os';
import { addressReach } from '../../../../src/node/sandbox/addressReach';
import { isBlockedAddress } from '../../../../src/node/sandbox/blockedAddresses';

/** The same address written another way: IPv4 inside IPv6, or IPv6 in capitals with a zero group spelled out. */
function writtenOtherwise(address: string): string {
  if (address.includes('.')) return `::ffff:${address}`;
  return address.toUpperCase().replace('::', ':0::');
}

describe('isBlockedAddress', () => {
  it('refuses this machine\'s own interface addresses however they are written', function () {
    const own = Object.values(os.networkInterfaces())
      .flatMap((entries) => entries ?? [])
      .filter((entry) => !entry.internal && (entry.scopeid ?? 0) === 0)
      .map((entry) => entry.address)
      .filter((address) => ['public', 'private'].includes(addressReach(address) ?? ''));
    if (own.length === 0) this.skip();
    for (const address of own) {
      assert.equal(isBlockedAddress(address), true, address);
      assert.equal(isBlockedAddress(writtenOtherwise(address)), true, writtenOtherwise(address));
    }
  });

  it('lets a private network address that is not this machine through', () => {
    assert.equal(isBlockedAddress('10.255.255.254'), false);
    assert.equal(isBlockedAddress('[::ffff:127.0.0.1]'), true);
  });
});
