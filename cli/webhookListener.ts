// `webhook listen`: a receiver for trying webhooks locally. Like a real receiver it verifies a
// delivery before parsing it, as the SDKs do by default: the Standard Webhooks headers are
// required, `webhook-timestamp` must be within 5 minutes of now (a delivery played again later is
// refused) and `webhook-signature` must match the raw body. It answers 401 when the delivery does
// not verify, 400 when a verified body names no event type, 200 otherwise, and prints one line
// per request (one JSON object per line with --json). The event type is read from the signed body
// only (the envelope's `event_type`, or a flat test event's `status`), never from X-Service-Event.
import http from 'node:http';
import { signedEventType } from '../core/model/webhookEvents';
import { verifyStandardWebhook } from '../core/webhooks/standardWebhooks';

export interface ListenedRequest {
  /** The event type, from the signed body; null when the delivery did not verify or names none. */
  event: string | null;
  /** True when the Standard Webhooks headers, timestamp and signature all verified. */
  signatureValid: boolean;
  /** Why the delivery was refused (401 or 400), else null. */
  error: string | null;
  /** The `webhook-id` of a verified delivery, else null. */
  webhookId: string | null;
  path: string | null;
  userAgent: string | null;
  /** The parsed body of a verified delivery; the raw text otherwise. */
  body: unknown;
}

const header = (req: http.IncomingMessage, name: string): string | undefined => {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
};

/** Checks one request as a receiver should; its status code and what to print. */
export function checkListenedRequest(
  secret: string,
  req: http.IncomingMessage,
  raw: Buffer,
  now = new Date(),
): { statusCode: number; request: ListenedRequest } {
  const common = { path: req.url ?? null, userAgent: header(req, 'user-agent') ?? null };
  const check = verifyStandardWebhook(
    secret,
    raw,
    {
      id: header(req, 'webhook-id'),
      timestamp: header(req, 'webhook-timestamp'),
      signature: header(req, 'webhook-signature'),
    },
    now,
  );
  if (!check.ok)
    return {
      statusCode: 401,
      request: {
        event: null,
        signatureValid: false,
        error: check.detail,
        webhookId: null,
        ...common,
        body: raw.toString(),
      },
    };
  let body: unknown = raw.toString();
  try {
    body = JSON.parse(raw.toString());
  } catch {
    /* printed raw */
  }
  const event = signedEventType(body);
  return {
    statusCode: event ? 200 : 400,
    request: {
      event,
      signatureValid: true,
      error: event ? null : 'the signed body names no event type',
      webhookId: check.id,
      ...common,
      body,
    },
  };
}

export function createWebhookListener(opts: {
  secret: string;
  onRequest: (request: ListenedRequest) => void;
  now?: () => Date;
}): http.Server {
  return http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const { statusCode, request } = checkListenedRequest(opts.secret, req, Buffer.concat(chunks), opts.now?.());
      res.statusCode = statusCode;
      res.end();
      opts.onRequest(request);
    });
  });
}

/** One printed line: the JSON object, or `<time> <event> signature valid|INVALID (...) <body>`. */
export function listenedLine(request: ListenedRequest, json: boolean, at = new Date()): string {
  if (json) return JSON.stringify(request);
  const verdict = request.signatureValid
    ? request.error
      ? `signature valid, ${request.error} (answered 400)`
      : 'signature valid'
    : `signature INVALID: ${request.error} (answered 401)`;
  return `${at.toISOString()} ${request.event ?? '(no event)'} ${verdict} ${typeof request.body === 'string' ? request.body : JSON.stringify(request.body)}`;
}

export async function listenForWebhooks(opts: {
  secret: string;
  port: number;
  count?: number;
  json: boolean;
}): Promise<void> {
  let seen = 0;
  const server = createWebhookListener({
    secret: opts.secret,
    onRequest: (request) => {
      process.stdout.write(`${listenedLine(request, opts.json)}\n`);
      seen += 1;
      if (opts.count !== undefined && seen >= opts.count) server.close();
    },
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
