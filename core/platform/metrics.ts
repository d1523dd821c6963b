// Prometheus series of the API and the worker (prom-client), one registry per process so several
// apps in one test process do not collide. Names follow Prometheus conventions: counters end in
// `_total`, durations are `_seconds` histograms.
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

function registry(processName: 'api' | 'worker'): Registry {
  const r = new Registry();
  r.setDefaultLabels({ process: processName });
  collectDefaultMetrics({ register: r, prefix: 'postage_' });
  return r;
}

export function createApiMetrics() {
  const register = registry('api');
  return {
    register,
    requests: new Counter({ name: 'postage_http_requests_total', help: 'HTTP requests by route, method, status and outcome', labelNames: ['route', 'method', 'status', 'outcome'] as const, registers: [register] }),
    requestDuration: new Histogram({
      name: 'postage_http_request_duration_seconds',
      help: 'HTTP request latency by route and method',
      labelNames: ['route', 'method'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [register],
    }),
    sendsAccepted: new Counter({ name: 'postage_sends_accepted_total', help: 'Messages accepted by POST /api/send/, by mode and recipient kind', labelNames: ['mode', 'kind'] as const, registers: [register] }),
    sendRefusals: new Counter({ name: 'postage_send_refusals_total', help: 'Sends refused by a gate or after it, by error code', labelNames: ['code'] as const, registers: [register] }),
    rateLimitFallbacks: new Counter({ name: 'postage_rate_limit_memory_fallbacks_total', help: 'Rate-limit decisions taken in process memory because Redis failed or was too slow', registers: [register] }),
  };
}
export type ApiMetrics = ReturnType<typeof createApiMetrics>;

export function createWorkerMetrics() {
  const register = registry('worker');
  return {
    register,
    outcomes: new Counter({ name: 'postage_outcomes_total', help: 'Outcomes recorded in the email log, by status', labelNames: ['status'] as const, registers: [register] }),
    sesErrors: new Counter({ name: 'postage_ses_errors_total', help: 'SES send errors by class (retry, message, account) and error name', labelNames: ['class', 'type'] as const, registers: [register] }),
    webhookDeliveries: new Counter({ name: 'postage_webhook_deliveries_total', help: 'Webhook delivery attempts by result', labelNames: ['result'] as const, registers: [register] }),
    webhookDuration: new Histogram({ name: 'postage_webhook_delivery_duration_seconds', help: 'Webhook delivery latency', buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 5], registers: [register] }),
    suspensions: new Counter({ name: 'postage_account_suspensions_total', help: 'Accounts suspended by the reputation monitor', registers: [register] }),
    relayedAcceptances: new Counter({ name: 'postage_accept_relayed_total', help: 'Accepted messages the outbox relay started (their API never confirmed the start)', registers: [register] }),
  };
}
export type WorkerMetrics = ReturnType<typeof createWorkerMetrics>;
