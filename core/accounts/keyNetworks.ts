// The networks an API key may be used from (docs/teams.md, "Keys bound to networks"): IPv4 and IPv6
// ranges in CIDR notation, set when the key is made. Empty: anywhere. A request or SMTP session from
// an address outside every range is refused with 403 `network_not_allowed` (the relay's 535), whose
// text never says which ranges the key has.
import ipaddr from 'ipaddr.js';
import { PostageError } from '../platform/errors';

/** More than a person lists by hand; a key's row and every check stay small. */
export const MAX_KEY_NETWORKS = 50;

// What /openapi.json publishes for one entry, and what the code accepts: the same expression, so a
// client generated from the contract and the API never disagree. Dotted-decimal IPv4 without
// leading zeros (ipaddr.js alone would read `010` as octal), IPv6 in hexadecimal groups, each with
// an optional prefix length.
const OCTET = '(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])';
const IPV4 = `${OCTET}(?:\\.${OCTET}){3}`;
const H = '[0-9a-fA-F]{1,4}';
const IPV6 = [
  `(?:${H}:){7}${H}`,
  `(?:${H}:){1,7}:`,
  `(?:${H}:){1,6}:${H}`,
  `(?:${H}:){1,5}(?::${H}){1,2}`,
  `(?:${H}:){1,4}(?::${H}){1,3}`,
  `(?:${H}:){1,3}(?::${H}){1,4}`,
  `(?:${H}:){1,2}(?::${H}){1,5}`,
  `${H}:(?::${H}){1,6}`,
  `:(?:(?::${H}){1,7}|:)`,
].join('|');
export const NETWORK_PATTERN = `^(?:${IPV4}(?:/(?:3[0-2]|[12]?[0-9]))?|(?:${IPV6})(?:/(?:12[0-8]|1[01][0-9]|[1-9]?[0-9]))?)$`;
const NETWORK = new RegExp(NETWORK_PATTERN);

type Address = ipaddr.IPv4 | ipaddr.IPv6;

/** The range an entry names (a bare address: its own, /32 or /128), or undefined when it is none. */
function parseRange(text: string): [Address, number] | undefined {
  if (!NETWORK.test(text)) return undefined;
  const [address, bits] = text.includes('/')
    ? ipaddr.parseCIDR(text)
    : [ipaddr.parse(text), text.includes(':') ? 128 : 32];
  // 10.1.2.3/8 is read as the range it lies in, 10.0.0.0/8 (the listing shows it so).
  const network =
    address instanceof ipaddr.IPv4
      ? ipaddr.IPv4.networkAddressFromCIDR(`${address.toString()}/${bits}`)
      : ipaddr.IPv6.networkAddressFromCIDR(`${address.toString()}/${bits}`);
  return [network, bits];
}

function inRange(address: Address, [base, bits]: [Address, number]): boolean {
  if (address instanceof ipaddr.IPv4) return base instanceof ipaddr.IPv4 && address.match(base, bits);
  return base instanceof ipaddr.IPv6 && address.match(base, bits);
}

/**
 * The ranges as stored: each checked, written canonically (`10.0.0.0/8`, `2001:db8::/32`; a bare
 * address with its full mask; host bits cleared), duplicates dropped, in the order given. A bad
 * entry is a 400 on `networks` naming it.
 */
export function checkedNetworks(entries: readonly string[]): string[] {
  if (entries.length > MAX_KEY_NETWORKS)
    throw new PostageError('invalid_networks', `a key lists at most ${MAX_KEY_NETWORKS} networks`, 'networks');
  const out: string[] = [];
  for (const entry of entries) {
    const range = parseRange(entry);
    if (!range)
      throw new PostageError(
        'invalid_networks',
        `not an IPv4 or IPv6 address or CIDR range: ${JSON.stringify(entry.slice(0, 60))}`,
        'networks',
      );
    const canonical = `${range[0].toString()}/${range[1]}`;
    if (!out.includes(canonical)) out.push(canonical);
  }
  return out;
}

/**
 * True when every range of `wanted` lies within one of `held`: a key bound to networks may make
 * keys bound within them only (never an unbound one); an unbound caller may make any.
 */
export function networksCover(held: readonly string[], wanted: readonly string[]): boolean {
  if (held.length === 0) return true;
  if (wanted.length === 0) return false;
  const heldRanges = held.map(parseRange).filter((r) => r !== undefined);
  return wanted.every((n) => {
    const range = parseRange(n);
    return range !== undefined && heldRanges.some((h) => range[1] >= h[1] && inRange(range[0], h));
  });
}

/**
 * Whether a client at `address` may use a key bound to `networks` (empty: anywhere). An IPv4
 * client seen on a dual-stack socket (`::ffff:127.0.0.1`) is matched as IPv4; an address that
 * cannot be read matches nothing.
 */
export function networkAllows(networks: readonly string[], address: string | undefined): boolean {
  if (networks.length === 0) return true;
  if (!address || !ipaddr.isValid(address)) return false;
  const client = ipaddr.process(address);
  return networks.some((network) => {
    const range = parseRange(network);
    return range !== undefined && inRange(client, range);
  });
}
