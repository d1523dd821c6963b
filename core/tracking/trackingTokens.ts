// Signed tracking tokens (docs/sending.md, "Tracking opens and clicks"): everything the open pixel
// and the click redirect need travels in the token itself, signed, so answering one reads nothing
// from the database and the redirect's target can only be a URL Postage itself put in the message
// (no open redirect).
//
// payload = version(1) | kind(1) | message id(16) | issued at(uint32 seconds)
//           [ | link index(uint16) | target URL (UTF-8) ]   (clicks only)
// token   = base64url(payload) "." base64url(HMAC-SHA256(key, len(host) | host | payload)[0..16])
//
// `host` is the lower-case hostname of the tracking host the link was made for (the service's
// BASE_URL or a customer's verified tracking subdomain) and is checked against the request's: a
// token is no good on another customer's branded name (no open redirect from their domain).
import { createHmac, timingSafeEqual } from 'node:crypto';
import { derivedKey } from '../platform/crypto';

// 2: the MAC covers the tracking hostname (version 1 did not; such tokens are refused).
const VERSION = 2;
const KIND_OPEN = 1;
const KIND_CLICK = 2;
const MAC_BYTES = 16;
const HEADER_BYTES = 1 + 1 + 16 + 4;
/** Longer URLs are left as they are (never tracked): a link that long would make a token too long for some clients. */
export const MAX_TRACKED_URL_BYTES = 2048;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

export type TrackingEvent =
  | { kind: 'open'; messageId: string; issuedAt: number }
  | { kind: 'click'; messageId: string; issuedAt: number; linkIndex: number; url: string };

/** The key tokens are signed with, derived from POSTAGE_SECRET_KEY for this purpose only. */
export function trackingKey(secretKey: string): Buffer {
  return derivedKey(secretKey, 'tracking-token');
}

/** The hostname a token is bound to: of a tracking base URL (`https://track.example.com`), or of a request (`req.hostname`). */
export function trackingHostname(hostOrBaseUrl: string): string {
  const text = hostOrBaseUrl.includes('://') ? new URL(hostOrBaseUrl).hostname : hostOrBaseUrl;
  return text.toLowerCase().replace(/\.$/, '');
}

function mac(key: Buffer, hostname: string, payload: Buffer): Buffer {
  const host = Buffer.from(trackingHostname(hostname), 'utf8');
  return createHmac('sha256', key)
    .update(Buffer.from([Math.min(host.length, 255)]))
    .update(host)
    .update(payload)
    .digest()
    .subarray(0, MAC_BYTES);
}

/** A token for `event`, good only on `hostname` (see trackingHostname). */
export function signTrackingToken(key: Buffer, hostname: string, event: TrackingEvent): string {
  if (!UUID.test(event.messageId)) throw new Error('tracking token: message id is not a UUID');
  const header = Buffer.alloc(HEADER_BYTES);
  header[0] = VERSION;
  header[1] = event.kind === 'open' ? KIND_OPEN : KIND_CLICK;
  Buffer.from(event.messageId.replace(/-/g, ''), 'hex').copy(header, 2);
  header.writeUInt32BE(event.issuedAt >>> 0, 18);
  let payload = header;
  if (event.kind === 'click') {
    const index = Buffer.alloc(2);
    index.writeUInt16BE(event.linkIndex, 0);
    payload = Buffer.concat([header, index, Buffer.from(event.url, 'utf8')]);
  }
  return `${payload.toString('base64url')}.${mac(key, hostname, payload).toString('base64url')}`;
}

function uuidOf(bytes: Buffer): string {
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The event a token names, or null when it is malformed, forged, tampered with, of an unknown version or made for another hostname. */
export function verifyTrackingToken(key: Buffer, hostname: string, token: string): TrackingEvent | null {
  const parts = token.split('.');
  if (parts.length !== 2 || !BASE64URL.test(parts[0]!) || !BASE64URL.test(parts[1]!)) return null;
  const payload = Buffer.from(parts[0]!, 'base64url');
  const given = Buffer.from(parts[1]!, 'base64url');
  // Re-encoding must give the same text: one token per payload.
  if (payload.toString('base64url') !== parts[0] || given.toString('base64url') !== parts[1]) return null;
  if (given.length !== MAC_BYTES || payload.length < HEADER_BYTES) return null;
  if (!timingSafeEqual(mac(key, hostname, payload), given)) return null;
  if (payload[0] !== VERSION) return null;
  const messageId = uuidOf(payload.subarray(2, 18));
  const issuedAt = payload.readUInt32BE(18);
  if (payload[1] === KIND_OPEN) return payload.length === HEADER_BYTES ? { kind: 'open', messageId, issuedAt } : null;
  if (payload[1] !== KIND_CLICK || payload.length < HEADER_BYTES + 3) return null;
  const linkIndex = payload.readUInt16BE(HEADER_BYTES);
  const url = payload.subarray(HEADER_BYTES + 2).toString('utf8');
  if (!isTrackableUrl(url)) return null;
  return { kind: 'click', messageId, issuedAt, linkIndex, url };
}

/**
 * Whether a verified click may still redirect (docs/sending.md, "Tracking opens and clicks"). On
 * the service's own host (BASE_URL's, the origin of the API and the dashboard), for `days` after
 * the send only, so no account can keep a redirect there; on a customer's tracking subdomain,
 * their own name, always.
 */
export function clickStillRedirects(
  click: { issuedAt: number },
  hostname: string,
  service: { baseUrl: string; days: number },
  nowMs: number = Date.now(),
): boolean {
  if (trackingHostname(hostname) !== trackingHostname(service.baseUrl)) return true;
  return nowMs / 1000 - click.issuedAt < service.days * 86_400;
}

/** An absolute http(s) URL short enough to carry: the only links that are rewritten (and the only redirect targets). */
export function isTrackableUrl(value: string): boolean {
  if (Buffer.byteLength(value, 'utf8') > MAX_TRACKED_URL_BYTES) return false;
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}
