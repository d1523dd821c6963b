// Download links of received attachments (docs/inbound.md, "Attachments"):
// `{BASE_URL}/inbound/attachments/{token}`, anonymous, good until they expire. The token names the
// attachment and its expiry and carries an HMAC-SHA256 of both under a key of its own (derived
// from POSTAGE_SECRET_KEY for this purpose only), so checking one reads nothing but the attachment:
//
//   token = "v1." attachment id "." expires (unix seconds) "." base64url(HMAC(key, "v1|id|expires"))
//
// A tampered, expired or foreign token reads as no token at all (the route answers 404 for each).
import { createHmac } from 'node:crypto';
import type { Config } from '../platform/config';
import { constantTimeEqual, derivedKey } from '../platform/crypto';
import { isUuid } from '../platform/ids';

const VERSION = 'v1';
const TOKEN =
  /^v1\.([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([1-9][0-9]{0,11})\.([A-Za-z0-9_-]{43})$/;

function mac(secretKey: string, attachmentId: string, expires: number): string {
  return createHmac('sha256', derivedKey(secretKey, 'inbound-attachment'))
    .update(`${VERSION}|${attachmentId}|${expires}`)
    .digest('base64url');
}

/** A fresh link for one attachment, valid for INBOUND_ATTACHMENT_URL_TTL_SECONDS from `now` (ms). */
export function signAttachmentUrl(
  config: Pick<Config, 'secretKey' | 'api' | 'inbound'>,
  attachmentId: string,
  now: number = Date.now(),
): { url: string; expiresAt: Date } {
  if (!isUuid(attachmentId)) throw new Error('attachment link: the id is not a UUID');
  const id = attachmentId.toLowerCase();
  const expires = Math.floor(now / 1000) + config.inbound.attachmentUrlTtlSeconds;
  const token = `${VERSION}.${id}.${expires}.${mac(config.secretKey, id, expires)}`;
  return {
    url: `${config.api.baseUrl.replace(/\/+$/, '')}/inbound/attachments/${token}`,
    expiresAt: new Date(expires * 1000),
  };
}

/** The attachment a token names, while it has not expired (`now` in ms); null for anything else. */
export function readAttachmentToken(
  secretKey: string,
  token: string,
  now: number = Date.now(),
): { attachmentId: string } | null {
  const parts = TOKEN.exec(token);
  if (!parts) return null;
  const [, attachmentId, expiresText, given] = parts as unknown as [string, string, string, string];
  const expires = Number(expiresText);
  const expected = mac(secretKey, attachmentId, expires);
  if (!constantTimeEqual(Buffer.from(expected), Buffer.from(given))) return null;
  if (expires * 1000 <= now) return null;
  return { attachmentId };
}
