// Download links of address exports (docs/privacy.md, "Exporting an address's data"):
// `{BASE_URL}/privacy/exports/{token}`, anonymous, good for an hour and never past the export's
// own expiry. As received attachments' links (core/inbound/attachmentUrls.ts), the token is the
// export's id and the link's expiry under an HMAC-SHA256 with a key of its own, so it says nothing
// of the address and checking one reads nothing:
//
//   token = "v1." export id "." expires (unix seconds) "." base64url(HMAC(key, "v1|export|id|expires"))
import { createHmac } from 'node:crypto';
import { constantTimeEqual, derivedKey } from '../platform/crypto';

/** How long a download link is good for, at most. */
export const EXPORT_LINK_TTL_SECONDS = 3600;

const TOKEN =
  /^v1\.([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([1-9][0-9]{0,11})\.([A-Za-z0-9_-]{43})$/;

const linkMac = (secretKey: string, exportId: string, expires: number) =>
  createHmac('sha256', derivedKey(secretKey, 'privacy-export'))
    .update(`v1|export|${exportId}|${expires}`)
    .digest('base64url');

/** A link to download export `exportId` (a lower-case UUID) until the earlier of an hour from `now` (ms) and `until`. */
export function signExportLink(
  config: { secretKey: string; api: { baseUrl: string } },
  exportId: string,
  until: Date,
  now: number = Date.now(),
): { url: string; expiresAt: Date } {
  const expires = Math.min(Math.floor(now / 1000) + EXPORT_LINK_TTL_SECONDS, Math.floor(until.getTime() / 1000));
  const token = `v1.${exportId}.${expires}.${linkMac(config.secretKey, exportId, expires)}`;
  return {
    url: `${config.api.baseUrl.replace(/\/+$/, '')}/privacy/exports/${token}`,
    expiresAt: new Date(expires * 1000),
  };
}

/** The export a token names while the link is good (`now` in ms); null for anything else. */
export function readExportToken(
  secretKey: string,
  token: string,
  now: number = Date.now(),
): { exportId: string } | null {
  const parts = TOKEN.exec(token);
  if (!parts) return null;
  const [, exportId, expiresText, given] = parts as unknown as [string, string, string, string];
  const expires = Number(expiresText);
  if (!constantTimeEqual(Buffer.from(linkMac(secretKey, exportId, expires)), Buffer.from(given))) return null;
  if (expires * 1000 <= now) return null;
  return { exportId };
}
