// One signed POST to one endpoint (spec 6.1, 6.2): 5 s deadline, 2xx or it failed, never retried.
// Outbound connections refuse private, loopback and link-local addresses after DNS resolution,
// except those explicitly allowed (local development and tests).
import http from 'node:http';
import https from 'node:https';
import { useAgent } from 'request-filtering-agent';
import { EVENT_HEADER, SIGNATURE_HEADER, signWebhookBody, WEBHOOK_USER_AGENT } from './webhookSignature';

export interface WebhookAttempt {
  statusCode: number | null;
  latencyMs: number;
  succeeded: boolean;
  error: string | null;
}

export async function postSignedWebhook(opts: {
  url: string;
  signingSecret: string;
  event: string;
  body: string;
  timeoutMs: number;
  allowedPrivateAddresses: string[];
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
          'Content-Length': Buffer.byteLength(opts.body),
        },
      },
      (res) => {
        res.resume(); // the response body is irrelevant
        const code = res.statusCode ?? 0;
        const ok = code >= 200 && code < 300;
        finish({ statusCode: code, succeeded: ok, error: ok ? null : `endpoint answered HTTP ${code}` });
      },
    );
    // One deadline for the whole exchange (DNS, connect, request, response headers), not an idle
    // timeout a slow-dripping endpoint could keep resetting.
    const deadline = setTimeout(() => {
      finish({ statusCode: null, succeeded: false, error: `no response within ${opts.timeoutMs} ms` });
      req.destroy();
    }, opts.timeoutMs);
    const onAbort = () => {
      finish({ statusCode: null, succeeded: false, error: 'the delivery was cancelled' });
      req.destroy();
    };
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    req.on('close', () => {
      clearTimeout(deadline);
      opts.signal?.removeEventListener('abort', onAbort);
    });
    req.on('error', (err) => finish({ statusCode: null, succeeded: false, error: err.message }));
    req.end(opts.body);
  });
}
