// Example Postage webhook receiver (Node 20, no dependencies). Run it with
//   WEBHOOK_SECRET=whsec_... PORT=4000 npx tsx docs/examples/webhookReceiver.ts
// It verifies X-Service-Signature over the raw body, in constant time, before parsing anything;
// answers 401 on a mismatch; and reads events in both shapes the interface shows: the envelope
// `{event_type, payload: {...}}` and the flat test shape with the fields at the top level.
// Deliveries are never retried and may occasionally repeat: handle them idempotently by
// message id (see handleEvent).
import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';

export interface ReceivedEvent {
  /** `email.delivered`, ... (from the envelope, else the X-Service-Event header). */
  eventType: string;
  /** Message id, or the provider id of a flat test event. */
  messageId: string;
  recipient: string;
  status: string;
  /** Every field of the event as sent, by name. */
  fields: Record<string, unknown>;
}

/** `sha256=<hex HMAC-SHA256 of the raw body>`, compared in constant time. */
export function signatureIsValid(secret: string, rawBody: Buffer, header: string | undefined): boolean {
  if (!header) return false;
  const expected = Buffer.from(`sha256=${createHmac('sha256', secret).update(rawBody).digest('hex')}`);
  const given = Buffer.from(header);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** Reads the envelope form and the flat form alike, by field name. */
export function readEvent(body: unknown, headerEvent: string | undefined): ReceivedEvent | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const outer = body as Record<string, unknown>;
  const fields = outer.payload && typeof outer.payload === 'object' ? (outer.payload as Record<string, unknown>) : outer;
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  const eventType = text(outer.event_type) || headerEvent || '';
  const messageId = text(fields.message_id) || text(fields.provider_message_id);
  if (!eventType || !messageId) return undefined;
  return { eventType, messageId, recipient: text(fields.recipient), status: text(fields.status), fields };
}

export function createWebhookReceiver(opts: { secret: string; handleEvent: (event: ReceivedEvent) => void | Promise<void> }): http.Server {
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
      if (!signatureIsValid(opts.secret, raw, req.headers['x-service-signature'] as string | undefined)) {
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
      const event = readEvent(body, req.headers['x-service-event'] as string | undefined);
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
  const seen = new Set<string>();
  const server = createWebhookReceiver({
    secret: process.env.WEBHOOK_SECRET ?? '',
    handleEvent(event) {
      const key = `${event.messageId}:${event.eventType}`;
      if (seen.has(key)) return; // a repeated delivery: already handled
      seen.add(key);
      console.log(`${event.eventType} ${event.messageId} -> ${event.status}`);
    },
  });
  server.listen(Number(process.env.PORT ?? 4000), () => console.log(`listening on :${process.env.PORT ?? 4000}`));
}
