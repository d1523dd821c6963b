// Standard Webhooks (https://www.standardwebhooks.com): beside the spec's X-Service-Signature,
// every delivery carries `webhook-id`, `webhook-timestamp` and `webhook-signature`, so any
// Standard Webhooks library verifies it with the endpoint's secret as it is (`whsec_…`: the
// libraries take the text after `whsec_` as base64, and so do we). The id names the event, not
// the attempt: every delivery of one message's event (a retry after a worker died, a replay)
// carries the same one, which is what receivers deduplicate on.
import { createHash, createHmac, randomUUID } from 'node:crypto';

const SECRET_PREFIX = 'whsec_';

/** The signing key a Standard Webhooks library derives from `whsec_<base64>`. */
function keyOf(secret: string): Buffer {
  return Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, 'base64');
}

/** One message's event, whatever the delivery: `msg_` and 32 hex characters. */
export function webhookEventId(messageId: string | null, event: string): string {
  if (messageId === null) return `msg_test_${randomUUID().replace(/-/g, '')}`; // a test event is its own event
  return `msg_${createHash('sha256').update(`${messageId}:${event}`).digest('hex').slice(0, 32)}`;
}

/** `v1,<base64 HMAC-SHA256 of "id.timestamp.body">`, one per secret (space-separated while a rotated secret overlaps). */
export function standardWebhookHeaders(secrets: readonly string[], id: string, body: string, at = new Date()): Record<string, string> {
  const timestamp = String(Math.floor(at.getTime() / 1000));
  const signatures = secrets.map((secret) => `v1,${createHmac('sha256', keyOf(secret)).update(`${id}.${timestamp}.${body}`).digest('base64')}`);
  return { 'webhook-id': id, 'webhook-timestamp': timestamp, 'webhook-signature': signatures.join(' ') };
}
