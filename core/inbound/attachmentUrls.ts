// Download links of received attachments (docs/inbound.md, "Attachments"):
// `{BASE_URL}/inbound/attachments/{token}`, anonymous, good until they expire. The token
// (core/platform/signedIdTokens.ts) names the attachment and its expiry and carries an HMAC-SHA256
// of both under a key of its own (derived from POSTAGE_SECRET_KEY for this purpose only), so
// checking one reads nothing but the attachment. A tampered, expired or foreign token reads as no
// token at all (the route answers 404 for each).
import type { Config } from '../platform/config';
import { isUuid } from '../platform/ids';
import { readIdToken, signIdToken } from '../platform/signedIdTokens';

/** A fresh link for one attachment, valid for INBOUND_ATTACHMENT_URL_TTL_SECONDS from `now` (ms). */
export function signAttachmentUrl(
  config: Pick<Config, 'secretKey' | 'api' | 'inbound'>,
  attachmentId: string,
  now: number = Date.now(),
): { url: string; expiresAt: Date } {
  if (!isUuid(attachmentId)) throw new Error('attachment link: the id is not a UUID');
  const id = attachmentId.toLowerCase();
  const expires = Math.floor(now / 1000) + config.inbound.attachmentUrlTtlSeconds;
  const token = signIdToken(config.secretKey, 'inbound-attachment', id, expires);
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
  const read = readIdToken(secretKey, 'inbound-attachment', token, now);
  return read && { attachmentId: read.id };
}
