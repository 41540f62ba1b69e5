import { describe, expect, it } from 'vitest';
import { holds, parseAddress, parseCidr } from '../../../../channel-api/geo/cidr.ts';

/* CIDR blocks as numbers (the channel's table, the addresses no country has). */

const within = (cidr: string, ip: string) => holds(parseCidr(cidr)!, parseAddress(ip)!);

describe('CIDR blocks', () => {
  it('holds the addresses of an IPv4 block and no others', () => {
    expect(within('203.0.113.0/24', '203.0.113.0')).toBe(true);
    expect(within('203.0.113.0/24', '203.0.113.255')).toBe(true);
    expect(within('203.0.113.0/24', '203.0.114.0')).toBe(false);
    expect(within('0.0.0.0/0', '255.255.255.255')).toBe(true);
    expect(within('8.8.8.8', '8.8.8.8')).toBe(true);
    expect(within('8.8.8.8/32', '8.8.8.9')).toBe(false);
    // A block written with host bits set means its network.
    expect(within('203.0.113.77/24', '203.0.113.1')).toBe(true);
  });

  it('holds IPv6 addresses however they are written, an IPv4 tail too, and never mixes families', () => {
    expect(within('2001:db8::/32', '2001:0db8:0000:0000:0000:0000:0000:0001')).toBe(true);
    expect(within('2001:db8::/32', '2001:db9::1')).toBe(false);
    expect(within('::ffff:0:0/96', '::ffff:203.0.113.9')).toBe(true);
    expect(within('fe80::/10', 'fe80::1%eth0')).toBe(true);
    expect(within('::/0', '::1')).toBe(true);
    expect(within('0.0.0.0/0', '::1')).toBe(false);
    expect(within('::/0', '127.0.0.1')).toBe(false);
    expect(parseAddress('2001:db8::1')!.value).toBe(0x20010db8000000000000000000000001n);
  });

  it('refuses what is not a block', () => {
    for (const bad of ['', 'not-a-cidr', '10.0.0.0/33', '::/129', '10.0.0.0/-1', '10.0.0.0/8/8', '10.0.0/8', '10.0.0.0/x'])
      expect(parseCidr(bad), bad).toBeNull();
    for (const bad of ['', '999.1.1.1', '1.2.3', 'gggg::1']) expect(parseAddress(bad), bad).toBeNull();
  });
});
