// Example Postage webhook receiver (Node 20 or later, no dependencies). Run it with
//   WEBHOOK_SECRET=whsec_... PORT=4000 npx tsx docs/examples/webhookReceiver.ts
// Before parsing anything it verifies the Standard Webhooks headers over the raw body:
// `webhook-signature` must be the HMAC of `webhook-id.webhook-timestamp.body`, compared in constant
// time, and `webhook-timestamp` within 5 minutes of now, so a delivery captured once cannot be
// played to it again later. Anything else gets 401. (A Standard Webhooks library does the same
// check: `new Webhook(secret).verify(rawBody, headers)` with the `standardwebhooks` package.)
// The event type comes from the signed body only, never from the unsigned X-Service-Event header:
// the envelope `{event_type, payload: {...}}`, or the flat test shape (fields at the top level),
// whose `status` names its type. Deliveries are never retried and may occasionally repeat: handle
// them idempotently, keyed by `webhook-id` (see the end of the file).
import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';

export interface ReceivedEvent {
  /** `webhook-id`: the same on every delivery of one event (a repeat, a replay). */
  webhookId: string;
  /** `email.delivered`, ... (from the signed body). */
  eventType: string;
  /** Message id, or the provider id of a flat test event. */
  messageId: string;
  recipient: string;
  status: string;
  /** Every field of the event as sent, by name. */
  fields: Record<string, unknown>;
}

const TOLERANCE_SECONDS = 5 * 60;

/** True when `webhook-signature` signs `id.timestamp.body` with the secret and the timestamp is within 5 minutes of now. */
export function deliveryIsValid(
  secret: string,
  rawBody: Buffer,
  headers: http.IncomingHttpHeaders,
  now = Date.now(),
): boolean {
  const { 'webhook-id': id, 'webhook-timestamp': timestamp, 'webhook-signature': signatures } = headers;
  if (typeof id !== 'string' || typeof timestamp !== 'string' || typeof signatures !== 'string') return false;
  if (!/^\d+$/.test(timestamp) || Math.abs(now / 1000 - Number(timestamp)) > TOLERANCE_SECONDS) return false;
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64'); // the text after whsec_ is the base64 key
  const expected = Buffer.from(
    createHmac('sha256', key).update(`${id}.${timestamp}.`).update(rawBody).digest('base64'),
  );
  // `v1,<base64>`; two of them, space-separated, for 24 hours after a secret rotation.
  return signatures.split(' ').some((s) => {
    const given = Buffer.from(s.startsWith('v1,') ? s.slice(3) : '');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

/** A flat test event names no type: its `status` does, one per type. */
const FLAT_TEST_EVENT_TYPES = new Map([
  ['queued', 'email.sent'],
  ['delivered', 'email.delivered'],
  ['bounced', 'email.bounced'],
  ['complaint', 'email.complained'],
  ['failed', 'email.failed'],
  ['delivery_delayed', 'email.delivery_delayed'],
  ['opened', 'email.opened'],
  ['clicked', 'email.clicked'],
  ['unsubscribed', 'email.unsubscribed'],
]);

/** Reads the envelope form and the flat form alike, by field name. */
export function readEvent(webhookId: string, body: unknown): ReceivedEvent | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const outer = body as Record<string, unknown>;
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  const enveloped = outer.payload !== null && typeof outer.payload === 'object';
  const fields = enveloped ? (outer.payload as Record<string, unknown>) : outer;
  const eventType = enveloped ? text(outer.event_type) : (FLAT_TEST_EVENT_TYPES.get(text(outer.status)) ?? '');
  const messageId = text(fields.message_id) || text(fields.provider_message_id);
  if (!eventType || !messageId) return undefined;
  return { webhookId, eventType, messageId, recipient: text(fields.recipient), status: text(fields.status), fields };
}

export function createWebhookReceiver(opts: {
  secret: string;
  handleEvent: (event: ReceivedEvent) => void | Promise<void>;
}): http.Server {
  return http.createServer((req, res) => {
    if (req.method !== 'POST') {
      res.writeHead(405).end();
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const raw = Buffer.concat(chunks);
      // Verify the exact bytes received, before any parsing.
      if (!deliveryIsValid(opts.secret, raw, req.headers)) {
        res.writeHead(401).end();
        return;
      }
      let body: unknown;
      try {
        body = JSON.parse(raw.toString('utf8'));
      } catch {
        res.writeHead(400).end();
        return;
      }
      const event = readEvent(req.headers['webhook-id'] as string, body);
      if (!event) {
        res.writeHead(400).end();
        return;
      }
      try {
        await opts.handleEvent(event);
        res.writeHead(204).end(); // answer within 5 seconds: do slow work after answering
      } catch {
        res.writeHead(500).end();
      }
    });
  });
}

if (require.main === module) {
  const seen = new Set<string>(); // a real receiver keeps these in its database
  const server = createWebhookReceiver({
    secret: process.env.WEBHOOK_SECRET ?? '',
    handleEvent(event) {
      if (seen.has(event.webhookId)) return; // a repeated delivery: already handled
      seen.add(event.webhookId);
      console.log(`${event.eventType} ${event.messageId} -> ${event.status}`);
    },
  });
  server.listen(Number(process.env.PORT ?? 4000), () => console.log(`listening on :${process.env.PORT ?? 4000}`));
}
