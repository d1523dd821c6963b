// Standard Webhooks (https://www.standardwebhooks.com): beside X-Service-Signature
// (docs/webhooks.md, "Verifying"), every delivery carries `webhook-id`, `webhook-timestamp` and
// `webhook-signature`, so any Standard Webhooks library verifies it with the endpoint's secret as
// it is (`whsec_…`: the libraries take the text after `whsec_` as base64, and so do we). The id
// names the event, not the attempt: every delivery of one message's event (a retry after a worker
// died, a replay) carries the same one, which is what receivers deduplicate on.
import { createHash, createHmac, randomUUID } from 'node:crypto';
import { constantTimeEqual } from '../platform/crypto';

const SECRET_PREFIX = 'whsec_';

/** The signing key a Standard Webhooks library derives from `whsec_<base64>`. */
function keyOf(secret: string): Buffer {
  return Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, 'base64');
}

/**
 * One message's event, whatever the delivery: `msg_` and 32 hex characters. An open or click
 * (`engagement`) is one of many of its message, so its own identity goes in: when it happened
 * (the ISO time the workflow carries and the timeline keeps), machine or not, and the link.
 */
export function webhookEventId(
  messageId: string | null,
  event: string,
  engagement?: { at: string; machine: boolean; linkIndex?: number },
): string {
  if (messageId === null) return `msg_test_${randomUUID().replace(/-/g, '')}`; // a test event is its own event
  const identity = engagement
    ? `${messageId}:${event}:${engagement.at}:${engagement.machine}:${engagement.linkIndex ?? ''}`
    : `${messageId}:${event}`;
  return `msg_${createHash('sha256').update(identity).digest('hex').slice(0, 32)}`;
}

/** `v1,<base64 HMAC-SHA256 of "id.timestamp.body">`, one per secret (space-separated while a rotated secret overlaps). */
export function standardWebhookHeaders(
  secrets: readonly string[],
  id: string,
  body: string,
  at = new Date(),
): Record<string, string> {
  const timestamp = String(Math.floor(at.getTime() / 1000));
  const signatures = secrets.map(
    (secret) => `v1,${createHmac('sha256', keyOf(secret)).update(`${id}.${timestamp}.${body}`).digest('base64')}`,
  );
  return { 'webhook-id': id, 'webhook-timestamp': timestamp, 'webhook-signature': signatures.join(' ') };
}

/** How far a receiver lets `webhook-timestamp` be from its clock, either way: 5 minutes, as the Standard Webhooks libraries do. */
export const STANDARD_WEBHOOK_TOLERANCE_SECONDS = 300;

export type StandardWebhookCheck =
  | { ok: true; id: string; signedAt: Date }
  | { ok: false; reason: 'missing_headers' | 'timestamp_out_of_tolerance' | 'invalid_signature'; detail: string };

/**
 * What a receiver does (`postage-admin webhook listen`), as the SDKs do by default: the three
 * headers required, `webhook-timestamp` within the tolerance of now (so a delivery captured once
 * cannot be played again later), and one of the `v1` signatures made with the secret over
 * `id.timestamp.body`, compared in constant time.
 */
export function verifyStandardWebhook(
  secret: string,
  rawBody: Buffer,
  headers: { id: string | undefined; timestamp: string | undefined; signature: string | undefined },
  now = new Date(),
  toleranceSeconds = STANDARD_WEBHOOK_TOLERANCE_SECONDS,
): StandardWebhookCheck {
  const { id, timestamp, signature } = headers;
  if (!id || !timestamp || !signature)
    return {
      ok: false,
      reason: 'missing_headers',
      detail: 'no webhook-id, webhook-timestamp or webhook-signature header',
    };
  if (!/^\d{1,15}$/.test(timestamp.trim()))
    return { ok: false, reason: 'timestamp_out_of_tolerance', detail: 'webhook-timestamp is not a Unix time' };
  const seconds = Number(timestamp.trim());
  const age = now.getTime() / 1000 - seconds;
  if (age > toleranceSeconds)
    return {
      ok: false,
      reason: 'timestamp_out_of_tolerance',
      detail: `webhook-timestamp is ${Math.round(age)} s old (more than ${toleranceSeconds} s)`,
    };
  if (-age > toleranceSeconds)
    return {
      ok: false,
      reason: 'timestamp_out_of_tolerance',
      detail: `webhook-timestamp is ${Math.round(-age)} s in the future (more than ${toleranceSeconds} s)`,
    };
  const expected = Buffer.from(
    createHmac('sha256', keyOf(secret)).update(`${id}.${timestamp.trim()}.`).update(rawBody).digest('base64'),
  );
  let match = false;
  for (const part of signature.split(' '))
    if (part.startsWith('v1,')) match = constantTimeEqual(expected, Buffer.from(part.slice(3))) || match;
  return match
    ? { ok: true, id, signedAt: new Date(seconds * 1000) }
    : { ok: false, reason: 'invalid_signature', detail: 'no webhook-signature matches the body and secret' };
}
