import assert from 'node:assert/strict';
import { addressReach } from '../../../../src/node/sandbox/addressReach';
import { isBlockedAddress, isPrivateAddress } from '../../../../src/node/sandbox/blockedAddresses';

describe('addressReach', () => {
  const table: Record<'public' | 'private' | 'local', string[]> = {
    public: ['93.184.216.34', '8.8.8.8', '2606:4700::1111', '::ffff:8.8.8.8', '64:ff9b::808:808', '2002:808:808::1'],
    private: ['10.1.2.3', '172.16.0.1', '192.168.1.1', '100.64.0.1', 'fd12::1', '::ffff:10.0.0.1', '::ffff:a00:1', '64:ff9b::a00:1', '2002:c0a8:101::1'],
    local: [
      '127.0.0.1', '127.255.0.9', '0.0.0.0', '169.254.169.254', '224.0.0.1', '240.0.0.1', '255.255.255.255', '192.0.2.1', '198.51.100.1',
      '203.0.113.1', '198.18.0.1', '192.0.0.8', '100.100.100.200', '168.63.129.16',
      '::', '::1', '::ffff:127.0.0.1', '::ffff:7f00:1', '::FFFF:7F00:0001', '::127.0.0.1', '::7f00:1', '64:ff9b::7f00:1', '2002:7f00:1::1',
      '2001:0:7f00:1:0:0:0:1', '2001:0:4136:e378:8000:63bf:80ff:fffe', 'fe80::1', 'fe80::1%eth0', 'fec0::1', 'ff02::1', '2001:db8::1',
      '100::1', 'fd00:ec2::254', '1::1', '[::1]',
    ],
  };

  for (const [reach, addresses] of Object.entries(table)) {
    it(`classifies ${reach} addresses by what they reach, unwrapping IPv4 carried in IPv6`, () => {
      for (const address of addresses) assert.equal(addressReach(address), reach, address);
    });
  }

  it('is undefined for a name, and the proxy blocks local but not private addresses', () => {
    assert.equal(addressReach('example.com'), undefined);
    assert.equal(isBlockedAddress('::ffff:7f00:1'), true);
    assert.equal(isBlockedAddress('2002:7f00:1::1'), true);
    assert.equal(isBlockedAddress('::ffff:a00:1'), false);
    assert.equal(isPrivateAddress('::ffff:a00:1'), true);
    assert.equal(isBlockedAddress('8.8.8.8'), false);
  });
});
