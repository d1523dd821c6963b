// The small webhook receiver `npm run dev` points the demo endpoint at. It verifies each delivery
// as a real receiver should (the Standard Webhooks signature over `id.timestamp.body`, and a
// `webhook-timestamp` within 5 minutes, so a replayed capture is refused), answers 401 when it
// does not verify, logs each event, and lists the last `keep` deliveries (2000) it received at
// GET /received, oldest first: a long session must not grow the dev command without end. The event type
// is read from the signed body only (the envelope's `event_type`, or a flat test event's
// `status`), never from the unsigned X-Service-Event header.
import http from 'node:http';
import { signedEventType } from '../core/model/webhookEvents';
import { verifyStandardWebhook } from '../core/webhooks/standardWebhooks';

export interface ReceivedWebhook {
  /** The event type the signed body names; null when the delivery did not verify. */
  event: string | null;
  signatureValid: boolean;
  /** Why the delivery was refused with 401, else null. */
  error: string | null;
  /** The `webhook-id` of a verified delivery, else null. */
  webhookId: string | null;
  body: unknown;
  receivedAt: string;
}

export const DEMO_WEBHOOK_PATH = '/demo-webhooks';

export function startDemoReceiver(opts: {
  port: number;
  signingSecret: () => string;
  log: (line: string) => void;
  keep?: number;
}): Promise<{ server: http.Server; received: ReceivedWebhook[] }> {
  const keep = opts.keep ?? 2000;
  const received: ReceivedWebhook[] = [];
  const server = http.createServer((req, res) => {
    if (req.method === 'GET' && req.url === '/received') {
      res.setHeader('Content-Type', 'application/json');
      res.end(JSON.stringify(received));
      return;
    }
    if (req.method !== 'POST' || req.url !== DEMO_WEBHOOK_PATH) {
      res.statusCode = 404;
      res.end();
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      const header = (name: string) => req.headers[name] as string | undefined;
      const check = verifyStandardWebhook(opts.signingSecret(), raw, {
        id: header('webhook-id'),
        timestamp: header('webhook-timestamp'),
        signature: header('webhook-signature'),
      });
      let body: unknown = null;
      try {
        body = JSON.parse(raw.toString());
      } catch {
        body = raw.toString();
      }
      const event = check.ok ? signedEventType(body) : null;
      received.push({
        event,
        signatureValid: check.ok,
        error: check.ok ? null : check.detail,
        webhookId: check.ok ? check.id : null,
        body,
        receivedAt: new Date().toISOString(),
      });
      if (received.length > keep) received.splice(0, received.length - keep);
      const fields = ((body as { payload?: unknown } | null)?.payload ?? body) as {
        message_id?: string | null;
        provider_message_id?: string;
        inbound_id?: string;
      } | null;
      // A received message is named by its inbound id (its message_id is the sent one it answers, if any).
      const names = fields?.inbound_id
        ? `inbound_id=${fields.inbound_id} message_id=${fields.message_id ?? 'null'}`
        : `message_id=${fields?.message_id ?? fields?.provider_message_id ?? '?'}`;
      opts.log(`${event ?? '?'} ${names} ${check.ok ? 'verified' : `REFUSED (401): ${check.detail}`}`);
      res.statusCode = check.ok ? 200 : 401;
      res.end();
    });
  });
  return new Promise((resolve) => server.listen(opts.port, '127.0.0.1', () => resolve({ server, received })));
}
