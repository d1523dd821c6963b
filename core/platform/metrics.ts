// Prometheus series of the API and the worker (prom-client), one registry per process so several
// apps in one test process do not collide. Names follow Prometheus conventions: counters end in
// `_total`, durations are `_seconds` histograms.
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

function registry(processName: 'api' | 'worker' | 'smtp' | 'mx'): Registry {
  const r = new Registry();
  r.setDefaultLabels({ process: processName });
  collectDefaultMetrics({ register: r, prefix: 'postage_' });
  return r;
}

export function createApiMetrics() {
  const register = registry('api');
  return {
    register,
    requests: new Counter({
      name: 'postage_http_requests_total',
      help: 'HTTP requests by route, method, status and outcome',
      labelNames: ['route', 'method', 'status', 'outcome'] as const,
      registers: [register],
    }),
    requestDuration: new Histogram({
      name: 'postage_http_request_duration_seconds',
      help: 'HTTP request latency by route and method',
      labelNames: ['route', 'method'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [register],
    }),
    sendsAccepted: new Counter({
      name: 'postage_sends_accepted_total',
      help: 'Messages accepted by POST /api/send/ and each item of POST /api/send/batch, by mode and recipient kind',
      labelNames: ['mode', 'kind'] as const,
      registers: [register],
    }),
    sendRefusals: new Counter({
      name: 'postage_send_refusals_total',
      help: 'Sends refused by a gate or after it, by error code',
      labelNames: ['code'] as const,
      registers: [register],
    }),
    rateLimitFallbacks: new Counter({
      name: 'postage_rate_limit_memory_fallbacks_total',
      help: 'Rate-limit decisions taken in process memory because Redis failed or was too slow',
      registers: [register],
    }),
    engagementEvents: new Counter({
      name: 'postage_engagement_events_total',
      help: 'Opens and clicks on tracked links (docs/sending.md, "Tracking opens and clicks") by kind and what became of them: recorded, rate_limited, or failed (Temporal could not be reached)',
      labelNames: ['kind', 'result'] as const,
      registers: [register],
    }),
    inboundRefused: new Counter({
      name: 'postage_inbound_refused_total',
      help: 'Recipients of messages SES receiving accepted that Postage dropped (docs/inbound.md, "Allowance"), by reason: not_inbound, no_rule, over_allowance, too_large, unexpected_bucket (the notification named a bucket not in INBOUND_S3_BUCKETS; nothing fetched)',
      labelNames: ['reason'] as const,
      registers: [register],
    }),
  };
}
export type ApiMetrics = ReturnType<typeof createApiMetrics>;

export function createWorkerMetrics() {
  const register = registry('worker');
  return {
    register,
    outcomes: new Counter({
      name: 'postage_outcomes_total',
      help: 'Outcomes recorded in the email log, by status',
      labelNames: ['status'] as const,
      registers: [register],
    }),
    sesErrors: new Counter({
      name: 'postage_ses_errors_total',
      help: 'SES send errors by class (retry, message, account) and error name',
      labelNames: ['class', 'type'] as const,
      registers: [register],
    }),
    sesThrottles: new Counter({
      name: 'postage_ses_throttles_total',
      help: "SES calls refused for the sending account's rate (each lowers its pace for a while), by sending account (shared, byoc)",
      labelNames: ['sending_account'] as const,
      registers: [register],
    }),
    sesPaceFallbacks: new Counter({
      name: 'postage_ses_pace_fallbacks_total',
      help: 'SES calls made without a turn because Redis did not answer (unpaced)',
      registers: [register],
    }),
    webhookDeliveries: new Counter({
      name: 'postage_webhook_deliveries_total',
      help: 'Webhook delivery attempts by result',
      labelNames: ['result'] as const,
      registers: [register],
    }),
    webhookDuration: new Histogram({
      name: 'postage_webhook_delivery_duration_seconds',
      help: 'Webhook delivery latency',
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 5],
      registers: [register],
    }),
    suspensions: new Counter({
      name: 'postage_account_suspensions_total',
      help: 'Accounts suspended by the reputation monitor',
      registers: [register],
    }),
    relayedAcceptances: new Counter({
      name: 'postage_accept_relayed_total',
      help: 'Accepted messages the outbox relay started (their API never confirmed the start)',
      registers: [register],
    }),
    relayedReceived: new Counter({
      name: 'postage_inbound_relayed_total',
      help: 'Received messages the relay started (stored, but their receive workflow never started)',
      registers: [register],
    }),
    possibleDuplicates: new Counter({
      name: 'postage_possible_duplicate_sends_total',
      help: 'Messages sent to SES again after an earlier SES call whose answer was lost (the recipient may get two copies), by mode',
      labelNames: ['mode'] as const,
      registers: [register],
    }),
  };
}
export type WorkerMetrics = ReturnType<typeof createWorkerMetrics>;

export function createSmtpMetrics() {
  const register = registry('smtp');
  return {
    register,
    connections: new Counter({
      name: 'postage_smtp_connections_total',
      help: 'SMTP connections opened, by port kind (submission, implicit_tls)',
      labelNames: ['port'] as const,
      registers: [register],
    }),
    openConnections: new Gauge({
      name: 'postage_smtp_open_connections',
      help: 'SMTP connections open now',
      registers: [register],
    }),
    authFailures: new Counter({
      name: 'postage_smtp_auth_failures_total',
      help: 'Failed SMTP AUTH attempts, by reason',
      labelNames: ['reason'] as const,
      registers: [register],
    }),
    accepted: new Counter({
      name: 'postage_smtp_messages_accepted_total',
      help: 'Messages (one per recipient) accepted over SMTP, by mode and recipient kind; replays of an idempotency key are counted as replayed',
      labelNames: ['mode', 'kind'] as const,
      registers: [register],
    }),
    refused: new Counter({
      name: 'postage_smtp_refusals_total',
      help: "SMTP refusals (per recipient at RCPT or DATA, per transaction otherwise), by reason (the API error code or the relay's own)",
      labelNames: ['reason', 'stage'] as const,
      registers: [register],
    }),
    rateLimitFallbacks: new Counter({
      name: 'postage_rate_limit_memory_fallbacks_total',
      help: 'Rate-limit decisions taken in process memory because Redis failed or was too slow',
      registers: [register],
    }),
  };
}
export type SmtpMetrics = ReturnType<typeof createSmtpMetrics>;

/** The MX listener's series (docs/inbound.md, "Settings of the MX listener"). */
export function createMxMetrics() {
  const register = registry('mx');
  return {
    register,
    connections: new Counter({
      name: 'postage_mx_connections_total',
      help: 'Connections to the MX listener accepted (refused ones are in postage_mx_refusals_total, stage="connect")',
      registers: [register],
    }),
    openConnections: new Gauge({
      name: 'postage_mx_open_connections',
      help: 'Connections to the MX listener open now',
      registers: [register],
    }),
    accepted: new Counter({
      name: 'postage_mx_messages_accepted_total',
      help: 'Received messages committed (one per accepted recipient), by outcome: accepted, or duplicate (a retry of a message already committed)',
      labelNames: ['outcome'] as const,
      registers: [register],
    }),
    refused: new Counter({
      name: 'postage_mx_refusals_total',
      help: 'MX refusals (per recipient at RCPT or DATA, per transaction or connection otherwise), by reason and stage (connect, mail, rcpt, data)',
      labelNames: ['reason', 'stage'] as const,
      registers: [register],
    }),
  };
}
export type MxMetrics = ReturnType<typeof createMxMetrics>;

/** The system account's real shared sends in the reputation window, and their rates. */
export interface SystemReputation {
  sends: number;
  bounceRate: number;
  complaintRate: number;
}

/**
 * The system account's bounce and complaint rates as gauges, read from the store when Prometheus
 * scrapes (one read per scrape): it is never suspended automatically, so an alert watches it
 * (README, "Alerts"). All 0 while SYSTEM_EMAIL_FROM names no account.
 */
export function watchSystemReputation(register: Registry, read: () => Promise<SystemReputation | undefined>): void {
  let current: { at: number; value: Promise<SystemReputation | undefined> } | undefined;
  const reading = () => {
    if (!current || Date.now() - current.at > 1000) current = { at: Date.now(), value: read().catch(() => undefined) };
    return current.value;
  };
  const gauge = (name: string, help: string, pick: (r: SystemReputation) => number) =>
    new Gauge({
      name,
      help,
      registers: [register],
      async collect() {
        const r = await reading();
        this.set(r ? pick(r) : 0);
      },
    });
  gauge(
    'postage_system_account_sends',
    "Real shared sends of the system account (Postage's own emails) in the reputation window",
    (r) => r.sends,
  );
  gauge(
    'postage_system_account_bounce_rate',
    'Hard-bounce rate of the system account over the reputation window (0 to 1)',
    (r) => r.bounceRate,
  );
  gauge(
    'postage_system_account_complaint_rate',
    'Complaint rate of the system account over the reputation window (0 to 1)',
    (r) => r.complaintRate,
  );
}

/**
 * The shared SES account's queue and pace, read from Redis at most once a second (scrapes of
 * several Prometheus servers share a read). BYOC accounts have a queue each and are not series:
 * their throttles are counted under `byoc`, their queues shown to each customer (GET /api/sending/queue).
 */
export function watchSesPace(
  register: Registry,
  read: () => Promise<{ waiting: { single: number; bulk: number }; pacePerSecond: number } | undefined>,
): void {
  let current: { at: number; value: ReturnType<typeof read> } | undefined;
  const reading = () => {
    if (!current || Date.now() - current.at > 1000) current = { at: Date.now(), value: read().catch(() => undefined) };
    return current.value;
  };
  new Gauge({
    name: 'postage_ses_waiting_messages',
    help: 'Messages waiting for their turn at the shared SES account, by lane (single: one-off sends and the SMTP relay; bulk: batches and scheduled releases)',
    labelNames: ['lane'] as const,
    registers: [register],
    async collect() {
      const r = await reading();
      this.set({ lane: 'single' }, r?.waiting.single ?? 0);
      this.set({ lane: 'bulk' }, r?.waiting.bulk ?? 0);
    },
  });
  new Gauge({
    name: 'postage_ses_pace_per_second',
    help: "The shared SES account's pace: SES's MaxSendRate (capped by SES_MAX_SEND_RATE), lower for a minute after a throttle",
    registers: [register],
    async collect() {
      const r = await reading();
      this.set(r?.pacePerSecond ?? 0);
    },
  });
}
