// What a per-client limit counts under (the sign-in and anonymous limits, the MX listener's
// connections and messages): one host's IPv6 /64 is one client, an IPv4 address is itself.
import { clientKey } from '../../core/platform/clientKey';

test('IPv6 addresses of one /64 are one client; another /64 is another', () => {
  const key = clientKey('2001:db8:1:2::1');
  expect(key).toBe('2001:db8:1:2::/64');
  for (const ip of ['2001:db8:1:2::ffff', '2001:0db8:0001:0002:abcd:ef01:2345:6789', '2001:DB8:1:2:0:0:0:9'])
    expect(clientKey(ip)).toBe(key);
  expect(clientKey('2001:db8:1:3::1')).not.toBe(key);
});

test('IPv4 is the address itself, an IPv4-mapped IPv6 address included; anything else is "unknown"', () => {
  expect(clientKey('203.0.113.9')).toBe('203.0.113.9');
  expect(clientKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
  expect(clientKey('203.0.113.10')).not.toBe(clientKey('203.0.113.9'));
  for (const ip of [undefined, '', 'not an address']) expect(clientKey(ip)).toBe('unknown');
});
