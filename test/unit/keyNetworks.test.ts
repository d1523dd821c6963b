// The ranges an API key may be bound to (core/accounts/keyNetworks.ts): what is accepted and how
// it is stored, which client addresses a range admits, and which ranges a bound key may hand out.
import { checkedNetworks, networkAllows, networksCover, NETWORK_PATTERN } from '../../core/accounts/keyNetworks';

test.each([
  ['10.1.2.3/8', '10.0.0.0/8'],
  ['192.0.2.9', '192.0.2.9/32'],
  ['2001:DB8:0:0::1/32', '2001:db8::/32'],
  ['::1', '::1/128'],
  ['0.0.0.0/0', '0.0.0.0/0'],
])('%s is stored as %s', (entry, stored) => {
  expect(checkedNetworks([entry])).toEqual([stored]);
});

test('duplicates, after canonical form, are kept once, in the order given', () => {
  expect(checkedNetworks(['10.0.0.0/8', '192.0.2.1', '10.9.9.9/8'])).toEqual(['10.0.0.0/8', '192.0.2.1/32']);
});

test.each([
  '',
  ' 10.0.0.1',
  '010.0.0.1',
  '10.0.0.0/33',
  '10.0.0',
  '::1/129',
  'fe80::1%eth0',
  '::ffff:192.0.2.1',
  'example.com',
])('%j is refused, as the published pattern refuses it', (entry) => {
  expect(() => checkedNetworks([entry])).toThrow(
    expect.objectContaining({ code: 'invalid_networks', field: 'networks' }),
  );
  expect(new RegExp(NETWORK_PATTERN).test(entry)).toBe(false);
});

test('more than 50 ranges are refused', () => {
  const many = Array.from({ length: 51 }, (_, i) => `10.0.${i}.0/24`);
  expect(() => checkedNetworks(many)).toThrow(expect.objectContaining({ code: 'invalid_networks' }));
});

test.each([
  [[], undefined, true],
  [['127.0.0.0/8'], '127.0.0.1', true],
  [['127.0.0.0/8'], '::ffff:127.0.0.1', true],
  [['10.0.0.0/8'], '127.0.0.1', false],
  [['::1/128'], '::1', true],
  [['::/0'], '127.0.0.1', false],
  [['0.0.0.0/0'], '::1', false],
  [['2001:db8::/32'], '2001:db8:ffff::9', true],
  [['10.0.0.0/8'], undefined, false],
  [['10.0.0.0/8'], 'not an address', false],
])('bound to %j, a client at %s is admitted: %s', (networks, address, admitted) => {
  expect(networkAllows(networks, address)).toBe(admitted);
});

test.each([
  [[], [], true],
  [[], ['10.0.0.0/8'], true],
  [['10.0.0.0/8'], [], false],
  [['10.0.0.0/8'], ['10.1.0.0/16', '10.2.3.4/32'], true],
  [['10.0.0.0/8'], ['0.0.0.0/0'], false],
  [['10.0.0.0/8'], ['10.0.0.0/7'], false],
  [['10.0.0.0/8', '2001:db8::/32'], ['2001:db8:1::/48'], true],
  [['2001:db8::/32'], ['10.0.0.0/8'], false],
])('a caller bound to %j may make a key bound to %j: %s', (held, wanted, covers) => {
  expect(networksCover(held, wanted)).toBe(covers);
});
