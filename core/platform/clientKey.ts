// What a per-client limit counts under: one host is usually given a whole IPv6 /64, so counting
// each of its addresses apart would give it as many "clients" as it likes.
import ipaddr from 'ipaddr.js';

/** The key of a client: its IPv4 address (an IPv4-mapped IPv6 one unwrapped), or the /64 of its IPv6 address. */
export function clientKey(ip: string | undefined): string {
  if (!ip || !ipaddr.isValid(ip)) return 'unknown';
  const parsed = ipaddr.process(ip);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  return `${(parsed as ipaddr.IPv6).toNormalizedString().split(':').slice(0, 4).join(':')}::/64`;
}
