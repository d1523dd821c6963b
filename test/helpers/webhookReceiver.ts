// An independent webhook receiver for tests: it recomputes X-Service-Signature itself with
// node:crypto (not with the service's signing code) and records everything it receives.
import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  headers: http.IncomingHttpHeaders;
  rawBody: string;
  json: unknown;
  signatureValid: boolean;
}

export interface WebhookReceiver {
  url: string;
  received: ReceivedRequest[];
  setSecret(secret: string): void;
  /** Status code to answer with (default 200). */
  respondWith(status: number, delayMs?: number): void;
  waitFor(predicate: (r: ReceivedRequest) => boolean, timeoutMs?: number): Promise<ReceivedRequest>;
  close(): Promise<void>;
}

export async function startWebhookReceiver(path = '/hooks'): Promise<WebhookReceiver> {
  let secret = '';
  let status = 200;
  let delayMs = 0;
  const received: ReceivedRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      const expected = Buffer.from(`sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`);
      const given = Buffer.from(String(req.headers['x-service-signature'] ?? ''));
      const signatureValid = expected.length === given.length && timingSafeEqual(expected, given);
      let json: unknown = undefined;
      try {
        json = JSON.parse(raw.toString());
      } catch {
        /* recorded as raw */
      }
      received.push({ headers: req.headers, rawBody: raw.toString(), json, signatureValid });
      setTimeout(() => {
        res.statusCode = status;
        res.end();
      }, delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`;
  return {
    url,
    received,
    setSecret: (s) => void (secret = s),
    respondWith: (s, d = 0) => {
      status = s;
      delayMs = d;
    },
    async waitFor(predicate, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const hit = received.find(predicate);
        if (hit) return hit;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(
        `no matching webhook within ${timeoutMs} ms; received ${received.length}: ${received.map((r) => r.headers['x-service-event']).join(', ')}`,
      );
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
