// The operator endpoints of the worker and the SMTP relay, each on a small HTTP port of its own
// (WORKER_HEALTH_HOST:PORT, SMTP_HEALTH_HOST:PORT; loopback by default): /healthz (the process
// answers), /readyz (its dependencies), /metrics (Postage's own series; the worker's Temporal SDK
// series are on WORKER_SDK_METRICS_ADDRESS).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Readiness } from './readiness';
import type { Registry } from 'prom-client';

export async function startHealthServer(opts: {
  host: string;
  port: number;
  register: Registry;
  readiness: () => Promise<Readiness>;
  /** Names this process in a failed probe's answer. */ processName?: string;
}): Promise<{ port: number; close(): Promise<void> }> {
  const answer = (res: http.ServerResponse, status: number, body: unknown): void =>
    void res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (req.method !== 'GET') answer(res, 405, { success: false, error: 'method_not_allowed', detail: 'Use GET.' });
    else if (path === '/healthz') answer(res, 200, { ok: true });
    else if (path === '/readyz') {
      void opts.readiness().then(
        (r) => answer(res, r.ready ? 200 : 503, r),
        // Names and states only, as on the API (core/platform/readiness.ts logs the reasons).
        () => answer(res, 503, { ready: false, checks: { [opts.processName ?? 'worker']: 'unreachable' } }),
      );
    } else if (path === '/metrics') {
      void opts.register.metrics().then(
        (text) => void res.writeHead(200, { 'Content-Type': opts.register.contentType }).end(text),
        () => answer(res, 500, { success: false, error: 'internal_error', detail: 'Metrics unavailable.' }),
      );
    } else answer(res, 404, { success: false, error: 'not_found', detail: 'No such endpoint.' });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
