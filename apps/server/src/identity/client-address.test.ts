import { describe, expect, it } from 'vitest';
import { throttleAddress } from './client-address.js';

describe('throttleAddress: the client a throttle counts', () => {
  it('keeps an IPv4 address as it is, also when the socket reports it IPv4-mapped', () => {
    expect(throttleAddress('203.0.113.7')).toBe('203.0.113.7');
    expect(throttleAddress('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(throttleAddress('::FFFF:10.0.0.1')).toBe('10.0.0.1');
  });

  it('counts an IPv6 address by its /64, however it is written', () => {
    const key = '2001:db8:7:9::/64';
    expect(throttleAddress('2001:db8:7:9::1')).toBe(key);
    expect(throttleAddress('2001:0db8:0007:0009:abcd:ef01:2345:6789')).toBe(key);
    expect(throttleAddress('2001:DB8:7:9:ffff::')).toBe(key);
    expect(throttleAddress('2001:db8:7:a::1')).toBe('2001:db8:7:a::/64');
    expect(throttleAddress('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(throttleAddress('1::2:3:4:5:6:7')).toBe('1:0:2:3::/64');
    expect(throttleAddress('::1')).toBe('0:0:0:0::/64');
    expect(throttleAddress('64:ff9b:1:2::198.51.100.1')).toBe('64:ff9b:1:2::/64');
    expect(throttleAddress('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });

  it('leaves anything else alone', () => {
    expect(throttleAddress('')).toBe('');
    expect(throttleAddress('not-an-address')).toBe('not-an-address');
  });
});
