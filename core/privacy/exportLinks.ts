// Download links of address exports (docs/privacy.md, "Exporting an address's data"):
// `{BASE_URL}/privacy/exports/{token}`, anonymous, good for an hour and never past the export's
// own expiry. The token (core/platform/signedIdTokens.ts) is the export's id and the link's expiry
// under an HMAC with a key of its own, so it says nothing of the address and checking one reads
// nothing.
import { readIdToken, signIdToken } from '../platform/signedIdTokens';

/** How long a download link is good for, at most. */
export const EXPORT_LINK_TTL_SECONDS = 3600;

/** A link to download export `exportId` (a lower-case UUID) until the earlier of an hour from `now` (ms) and `until`. */
export function signExportLink(
  config: { secretKey: string; api: { baseUrl: string } },
  exportId: string,
  until: Date,
  now: number = Date.now(),
): { url: string; expiresAt: Date } {
  const expires = Math.min(Math.floor(now / 1000) + EXPORT_LINK_TTL_SECONDS, Math.floor(until.getTime() / 1000));
  const token = signIdToken(config.secretKey, 'privacy-export-link', exportId, expires);
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
  const read = readIdToken(secretKey, 'privacy-export-link', token, now);
  return read && { exportId: read.id };
}
