// The small webhook receiver `npm run dev` points the demo endpoint at. It verifies the
// signature on the raw body, logs each event, and lists what it received at GET /received.
import http from 'node:http';
import { verifyWebhookSignature } from '../core/webhooks/webhookSignature';

export interface ReceivedWebhook {
  event: string | undefined;
  signatureValid: boolean;
  body: unknown;
  receivedAt: string;
}

export const DEMO_WEBHOOK_PATH = '/demo-webhooks';

export function startDemoReceiver(opts: { port: number; signingSecret: () => string; log: (line: string) => void }): Promise<{ server: http.Server; received: ReceivedWebhook[] }> {
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
      const signatureValid = verifyWebhookSignature(opts.signingSecret(), raw, req.headers['x-service-signature'] as string | undefined);
      const event = req.headers['x-service-event'] as string | undefined;
      let body: unknown = null;
      try {
        body = JSON.parse(raw.toString());
      } catch {
        body = raw.toString();
      }
      received.push({ event, signatureValid, body, receivedAt: new Date().toISOString() });
      const payload = (body as { payload?: { message_id?: string } } | null)?.payload;
      opts.log(`${event ?? '?'} message_id=${payload?.message_id ?? '?'} signature ${signatureValid ? 'valid' : 'INVALID'}`);
      res.statusCode = signatureValid ? 200 : 401;
      res.end();
    });
  });
  return new Promise((resolve) => server.listen(opts.port, '127.0.0.1', () => resolve({ server, received })));
}
