// What a session records of its sign-in and the label the sessions list shows for it
// (core/accounts/userSessions.ts; docs/teams.md, "Sign-up and sessions").
import { deviceLabel, sessionDevice, USER_AGENT_MAX_LENGTH } from '../../core/accounts/userSessions';

const CHROME_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const EDGE_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0';
const HEADLESS_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/130.0.0.0 Safari/537.36';

test.each([
  ['Chrome on macOS', CHROME_MAC, 'Chrome 126 on macOS'],
  ['Firefox on Windows', FIREFOX_WINDOWS, 'Firefox 128 on Windows'],
  ['Safari on an iPhone', SAFARI_IPHONE, 'Safari 17 on iOS'],
  ['Edge (not Chrome) on Windows', EDGE_WINDOWS, 'Microsoft Edge 126 on Windows'],
  ['headless Chromium on Linux', HEADLESS_LINUX, 'Chrome 130 on Linux'],
  ['a command-line client: its first product', 'curl/8.5.0', 'curl/8.5.0'],
  ['a client with a long first product: cut to 40 characters', 'x'.repeat(60), 'x'.repeat(40)],
  ['no User-Agent', null, 'Unknown device'],
  ['a blank User-Agent', '   ', 'Unknown device'],
])('the device label of %s', (_what, userAgent, label) => {
  expect(deviceLabel(userAgent)).toBe(label);
});

test.each([
  ['an IPv4 address', '203.0.113.9', '203.0.113.9'],
  ['an IPv4 client on a dual-stack socket, written as IPv4', '::ffff:203.0.113.9', '203.0.113.9'],
  ['an IPv6 address, compressed', '2001:db8:0:0:0:0:0:1', '2001:db8::1'],
  ['no address', undefined, null],
  ['something that is no address', 'unknown', null],
])('the recorded address of %s', (_what, address, recorded) => {
  expect(sessionDevice('curl/8.5.0', address).clientIp).toBe(recorded);
});

test('the recorded User-Agent is its first 300 characters, and none is null', () => {
  const long = `${CHROME_MAC} ${'x'.repeat(400)}`;
  expect(sessionDevice(long, '203.0.113.9').userAgent).toBe(long.slice(0, USER_AGENT_MAX_LENGTH));
  expect(sessionDevice(undefined, '203.0.113.9').userAgent).toBeNull();
});
