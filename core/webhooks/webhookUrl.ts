// Webhook endpoint URLs (docs/webhooks.md; `url` of `POST /api/webhooks` in the API reference):
// HTTP or HTTPS, and never an address in private, loopback, link-local or other non-public space
// unless WEBHOOK_ALLOWED_PRIVATE_ADDRESSES allows it. The rule is the one the delivery agent
// (request-filtering-agent) applies at connection time, so an endpoint accepted here is one
// deliveries can reach, and one refused here would be refused there.
import { lookup } from 'node:dns/promises';
import net from 'node:net';
import ipaddr from 'ipaddr.js';
import { PostageError } from '../platform/errors';

const MAX_URL_LENGTH = 2048;

function inList(address: ipaddr.IPv4 | ipaddr.IPv6, raw: string, allowed: string[]): boolean {
  return allowed.some((entry) => {
    if (net.isIP(entry)) return entry === raw;
    try {
      const [range, bits] = ipaddr.parseCIDR(entry);
      return address.kind() === range.kind() && address.match([range, bits]);
    } catch {
      return false; // not an IP or CIDR: allows nothing
    }
  });
}

/** Why an address may not receive webhooks, or null when it may. */
export function refusedAddressReason(raw: string, allowedPrivateAddresses: string[]): string | null {
  const address = ipaddr.parse(raw);
  if (inList(address, raw, allowedPrivateAddresses)) return null;
  const range = address.range();
  return range === 'unicast' ? null : `${raw} is a ${range} address`;
}

/** Parses and checks a webhook URL; resolves its host the way the delivery agent will. */
export async function validateWebhookUrl(input: string, opts: { allowedPrivateAddresses: string[] }): Promise<string> {
  const text = input.trim();
  if (text.length > MAX_URL_LENGTH)
    throw new PostageError('invalid_url', `the URL is longer than ${MAX_URL_LENGTH} characters`);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new PostageError('invalid_url', `${JSON.stringify(input)} is not a URL`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new PostageError('invalid_url', 'the URL must start with https:// (recommended) or http://');
  // Endpoint URLs are listed and audited; credentials in them would leak there.
  if (url.username || url.password)
    throw new PostageError(
      'invalid_url',
      'the URL must not contain a user name or password; verify requests by their signature instead',
    );
  url.hash = '';

  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  // One answer whatever went wrong (no such name, a resolver error, a private address): which
  // names resolve inside our network, and to what, is not the caller's to learn.
  const unreachable = new PostageError(
    'invalid_url',
    `${host} does not resolve to a public address; webhooks go to public addresses only`,
  );
  let addresses: string[];
  if (net.isIP(host)) addresses = [host];
  else {
    try {
      addresses = (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);
    } catch {
      throw unreachable;
    }
  }
  if (
    addresses.length === 0 ||
    addresses.some((address) => refusedAddressReason(address, opts.allowedPrivateAddresses))
  )
    throw unreachable;
  return url.toString();
}
