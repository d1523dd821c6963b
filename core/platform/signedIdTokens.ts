// Capability tokens that name one row by its UUID until an expiry, under an HMAC-SHA256 with a key
// of their purpose's own (derived from POSTAGE_SECRET_KEY): received attachments' download links
// (core/inbound/attachmentUrls.ts) and address exports' (core/privacy/exportLinks.ts). Checking one
// reads nothing; a tampered, expired or foreign token reads as no token at all.
//
//   token = "v1." id "." expires (unix seconds) "." base64url(HMAC(key, "v1|id|expires"))
import { createHmac } from 'node:crypto';
import { constantTimeEqual, derivedKey, type EncryptionPurpose } from './crypto';

const TOKEN =
  /^v1\.([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([1-9][0-9]{0,11})\.([A-Za-z0-9_-]{43})$/;

function mac(secretKey: string, purpose: EncryptionPurpose, id: string, expires: number): string {
  return createHmac('sha256', derivedKey(secretKey, purpose)).update(`v1|${id}|${expires}`).digest('base64url');
}

/** The token naming `id` (a lower-case UUID) until `expires` (unix seconds). */
export function signIdToken(secretKey: string, purpose: EncryptionPurpose, id: string, expires: number): string {
  return `v1.${id}.${expires}.${mac(secretKey, purpose, id, expires)}`;
}

/** The id a token names while it has not expired (`now` in ms); null for anything else. */
export function readIdToken(
  secretKey: string,
  purpose: EncryptionPurpose,
  token: string,
  now: number = Date.now(),
): { id: string } | null {
  const parts = TOKEN.exec(token);
  if (!parts) return null;
  const [, id, expiresText, given] = parts as unknown as [string, string, string, string];
  const expires = Number(expiresText);
  if (!constantTimeEqual(Buffer.from(mac(secretKey, purpose, id, expires)), Buffer.from(given))) return null;
  if (expires * 1000 <= now) return null;
  return { id };
}
