// One signed POST to one endpoint (docs/webhooks.md, "Delivery policy" and "Verifying"): 5 s
// deadline, 2xx or it failed, never retried. Outbound connections refuse private, loopback and
// link-local addresses after DNS resolution, except those explicitly allowed (local development and
// tests). A failure without an HTTP answer is reported by category only: the raw error text names
// resolved addresses and the network's behaviour, which would make test events a probe of any host
// (docs/decisions.md, "Test events are not a probe").
import { standardWebhookHeaders } from './standardWebhooks';
import http from 'node:http';
import https from 'node:https';
import { useAgent } from 'request-filtering-agent';
import { EVENT_HEADER, SIGNATURE_HEADER, signWebhookBody, WEBHOOK_USER_AGENT } from './webhookSignature';

/** Why no HTTP answer came. A non-2xx answer has none: its status code says it. */
export const WEBHOOK_FAILURES = [
  'timeout',
  'dns_failure',
  'connection_refused',
  'tls_error',
  'address_not_allowed',
  'cancelled',
  'network_error',
] as const;
export type WebhookFailure = (typeof WEBHOOK_FAILURES)[number];

export interface WebhookAttempt {
  statusCode: number | null;
  /** Measured; customers see it only for an HTTP answer (see webhookAttempts.ts). */
  latencyMs: number;
  succeeded: boolean;
  /** The category of a failure without an HTTP answer; null when the endpoint answered. */
  error: WebhookFailure | null;
  /** The underlying error code (ECONNREFUSED, ERR_TLS_...), for our logs only: never stored or shown. */
  cause?: string;
}

const TLS_CODES =
  /^(ERR_TLS_|ERR_SSL_|EPROTO$|CERT_|UNABLE_TO_|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|HOSTNAME_MISMATCH|ERR_OSSL_)/;

/** The category of a connection error (Node's error codes; request-filtering-agent's refusal has none). */
export function webhookFailureOf(err: unknown): { error: WebhookFailure; cause: string } {
  const code =
    typeof err === 'object' && err !== null && typeof (err as { code?: unknown }).code === 'string'
      ? (err as { code: string }).code
      : '';
  const message = err instanceof Error ? err.message : String(err);
  const cause = code || 'no code';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EAI_FAIL' || code === 'EAI_NODATA')
    return { error: 'dns_failure', cause };
  if (code === 'ECONNREFUSED') return { error: 'connection_refused', cause };
  if (code === 'ETIMEDOUT') return { error: 'timeout', cause };
  if (TLS_CODES.test(code)) return { error: 'tls_error', cause };
  if (!code && /is not allowed/.test(message))
    return { error: 'address_not_allowed', cause: 'request-filtering-agent' };
  return { error: 'network_error', cause };
}

export async function postSignedWebhook(opts: {
  url: string;
  signingSecret: string;
  event: string;
  body: string;
  timeoutMs: number;
  allowedPrivateAddresses: string[];
  /** The Standard Webhooks `webhook-id` of the event (standardWebhooks.ts). */
  eventId: string;
  /** A rotated secret still in its overlap: it signs the Standard Webhooks signature too. */
  previousSecret?: string;
  /** Aborts the exchange early (the activity was cancelled). */
  signal?: AbortSignal;
}): Promise<WebhookAttempt> {
  const started = Date.now();
  const url = new URL(opts.url);
  const agent = useAgent(opts.url, { allowIPAddressList: opts.allowedPrivateAddresses, keepAlive: false });
  const request = url.protocol === 'https:' ? https.request : http.request;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (attempt: Omit<WebhookAttempt, 'latencyMs'>) => {
      if (settled) return;
      settled = true;
      resolve({ ...attempt, latencyMs: Date.now() - started });
    };
    const req = request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          'Content-Type': 'application/json',
          [SIGNATURE_HEADER]: signWebhookBody(opts.signingSecret, opts.body),
          [EVENT_HEADER]: opts.event,
          'User-Agent': WEBHOOK_USER_AGENT,
          ...standardWebhookHeaders(
            opts.previousSecret ? [opts.signingSecret, opts.previousSecret] : [opts.signingSecret],
            opts.eventId,
            opts.body,
          ),
          'Content-Length': Buffer.byteLength(opts.body),
        },
      },
      (res) => {
        res.resume(); // the response body is irrelevant
        const code = res.statusCode ?? 0;
        const ok = code >= 200 && code < 300;
        finish({ statusCode: code, succeeded: ok, error: null });
      },
    );
    // One deadline for the whole exchange (DNS, connect, request, response headers), not an idle
    // timeout a slow-dripping endpoint could keep resetting.
    const deadline = setTimeout(() => {
      finish({ statusCode: null, succeeded: false, error: 'timeout' });
      req.destroy();
    }, opts.timeoutMs);
    const onAbort = () => {
      finish({ statusCode: null, succeeded: false, error: 'cancelled' });
      req.destroy();
    };
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    req.on('close', () => {
      clearTimeout(deadline);
      opts.signal?.removeEventListener('abort', onAbort);
    });
    req.on('error', (err) => finish({ statusCode: null, succeeded: false, ...webhookFailureOf(err) }));
    req.end(opts.body);
  });
}
