// docs/webhooks.md, "Verifying": X-Service-Signature is `sha256=` + lowercase hex HMAC-SHA256 of the raw body.
import { constantTimeEqual, hmacSha256Hex } from '../platform/crypto';

export const SIGNATURE_HEADER = 'X-Service-Signature';
export const EVENT_HEADER = 'X-Service-Event';
export const WEBHOOK_USER_AGENT = 'Service-Webhook/1.0';

export function signWebhookBody(signingSecret: string, rawBody: string | Buffer): string {
  return `sha256=${hmacSha256Hex(signingSecret, rawBody)}`;
}

/** What a receiver does: recompute over the raw bytes, compare in constant time. */
export function verifyWebhookSignature(
  signingSecret: string,
  rawBody: string | Buffer,
  header: string | undefined,
): boolean {
  if (!header) return false;
  const expected = Buffer.from(signWebhookBody(signingSecret, rawBody));
  return constantTimeEqual(expected, Buffer.from(header));
}
