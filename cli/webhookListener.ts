// `webhook listen`: a receiver for trying webhooks locally. Like a real receiver it verifies the
// signature over the raw body before parsing (spec 6.2), answers 401 on a mismatch and 200
// otherwise, and prints one line per request (one JSON object per line with --json).
import http from 'node:http';
import { EVENT_HEADER, SIGNATURE_HEADER, verifyWebhookSignature } from '../core/webhooks/webhookSignature';

export async function listenForWebhooks(opts: { secret: string; port: number; count?: number; json: boolean }): Promise<void> {
  let seen = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      const signatureValid = verifyWebhookSignature(opts.secret, raw, req.headers[SIGNATURE_HEADER.toLowerCase()] as string | undefined);
      const event = (req.headers[EVENT_HEADER.toLowerCase()] as string | undefined) ?? null;
      let body: unknown = raw.toString();
      if (signatureValid) {
        try {
          body = JSON.parse(raw.toString());
        } catch {
          /* printed raw */
        }
      }
      res.statusCode = signatureValid ? 200 : 401;
      res.end();
      const line = opts.json
        ? JSON.stringify({ event, signatureValid, path: req.url, userAgent: req.headers['user-agent'] ?? null, body })
        : `${new Date().toISOString()} ${event ?? '(no event header)'} signature ${signatureValid ? 'valid' : 'INVALID (answered 401)'} ${typeof body === 'string' ? body : JSON.stringify(body)}`;
      process.stdout.write(`${line}\n`);
      seen += 1;
      if (opts.count !== undefined && seen >= opts.count) server.close();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, '127.0.0.1', () => resolve());
  });
  process.stderr.write(`Listening on http://127.0.0.1:${opts.port}/ (Ctrl-C to stop)\n`);
  process.once('SIGINT', () => server.close());
  process.once('SIGTERM', () => server.close());
  await new Promise<void>((resolve) => server.once('close', () => resolve()));
}
