// The OpenTelemetry SDK (docs/operations.md, "Traces"), loaded and started by startTracing
// (./tracing.ts) only when an OTLP endpoint is set. Each process imports its `tracing.ts` first
// (api/, worker/, smtp/, mx/), so the instrumentations are registered before the modules they
// patch are loaded: tsx and the compiled build both turn the imports into require() calls in order.
//
// Privacy: spans carry ids (Postage's message and account ids, Temporal's workflow ids), never a
// recipient, subject or body. What each instrumentation would record by default is switched off
// below, and every span is scrubbed before it leaves the process (`withoutAddresses`): addresses
// replaced, URL queries and capability tokens dropped, client URLs cut to their origin, error text
// cut to the error's name.
import { SpanKind, type Attributes, type Context } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { AwsInstrumentation } from '@opentelemetry/instrumentation-aws-sdk';
import { ExpressInstrumentation, ExpressLayerType } from '@opentelemetry/instrumentation-express';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { PinoInstrumentation } from '@opentelemetry/instrumentation-pino';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import { defaultResource, detectResources, envDetector, resourceFromAttributes } from '@opentelemetry/resources';
import { NodeSDK } from '@opentelemetry/sdk-node';
import {
  BatchSpanProcessor,
  type ReadableSpan,
  type Span as SdkSpan,
  type SpanProcessor,
} from '@opentelemetry/sdk-trace';
import { replaceAddresses } from './redaction';
import type { Tracing } from './tracing';

/** A URL's query can hold a webhook endpoint's token or an address: only its presence is kept. */
const URL_KEYS = new Set(['url.full', 'http.url', 'http.target', 'url.query']);
const withoutQuery = (url: string) => url.replace(/\?.*$/s, '?[query]');
/** Every attribute that can hold a request's path (the route template of a capability path names no token). */
const PATH_KEYS = new Set(['url.full', 'http.url', 'http.target', 'url.path', 'http.route']);
/**
 * The anonymous routes whose path segment is a capability (api/routes: /u/{token}, /t/o/{token},
 * /t/c/{token}, /inbound/attachments/{token}, /privacy/exports/{token}): an unsubscribe,
 * attachment or export token, or a click
 * token that carries the link's target URL from the message body. Matched at the path's start or
 * after a URL's origin.
 */
const TOKEN_PATH =
  /^((?:[a-z][a-z0-9+.-]*:\/\/[^/?#]*)?\/(?:u|t\/[oc]|inbound\/attachments|privacy\/exports)\/)[^/?#]+/i;
/** Who opened or clicked (a recipient's address and browser), recorded by the HTTP instrumentation. */
const VISITOR_KEYS = [
  'client.address',
  'http.client_ip',
  'net.peer.ip',
  'net.sock.peer.addr',
  'network.peer.address',
  'user_agent.original',
  'http.user_agent',
];
/** Where a client span went: a webhook endpoint's path and query often carry its secret. */
const CLIENT_PATH_KEYS = ['url.path', 'http.target', 'url.query', 'url.template'];

function scrubbed(key: string, value: string): string {
  let text = key === 'url.query' ? '[query]' : URL_KEYS.has(key) ? withoutQuery(value) : value;
  if (PATH_KEYS.has(key)) text = text.replace(TOKEN_PATH, '$1[token]');
  return replaceAddresses(text);
}

function scrub(attributes: Attributes): void {
  for (const [key, value] of Object.entries(attributes)) {
    if (typeof value === 'string') attributes[key] = scrubbed(key, value);
    else if (Array.isArray(value))
      attributes[key] = value.map((v: unknown) => (typeof v === 'string' ? scrubbed(key, v) : v)) as
        string[] | number[] | boolean[];
  }
}

/** A URL's origin only (`[url]` when it does not parse). */
function originOf(value: string): string {
  try {
    return new URL(value).origin;
  } catch {
    return '[url]';
  }
}

/**
 * Scrubs a finished span before it leaves the process: email addresses replaced in every
 * attribute, event and the status; a URL's query dropped; the token of a capability path replaced
 * and its visitor's address and user agent dropped; a client span's URL cut to its origin; and an
 * error's text (message, stack trace, status message: they can quote a refused message) cut to its
 * name. Then passes it on.
 */
export function withoutAddresses(next: SpanProcessor): SpanProcessor {
  return {
    onStart: (span: SdkSpan, context: Context) => next.onStart(span, context),
    onEnd(span: ReadableSpan) {
      // A finished span no longer takes setAttribute, but its attribute objects are still its own.
      const attributes = span.attributes;
      const capability = [...PATH_KEYS].some((k) => {
        const v = attributes[k];
        return typeof v === 'string' && TOKEN_PATH.test(v);
      });
      if (capability) for (const key of VISITOR_KEYS) delete attributes[key];
      if (span.kind === SpanKind.CLIENT) {
        for (const key of ['url.full', 'http.url'])
          if (typeof attributes[key] === 'string') attributes[key] = originOf(attributes[key]);
        for (const key of CLIENT_PATH_KEYS) delete attributes[key];
      }
      scrub(attributes);
      let errorName: string | undefined;
      for (const event of span.events) {
        if (!event.attributes) continue;
        if (event.name === 'exception') {
          const type = event.attributes['exception.type'];
          if (typeof type === 'string') errorName ??= type;
          delete event.attributes['exception.message'];
          delete event.attributes['exception.stacktrace'];
        }
        scrub(event.attributes);
      }
      // The instrumentations (aws-sdk, http, pg, Temporal's interceptors) set err.message here.
      if (span.status.message) span.status.message = replaceAddresses(errorName ?? 'Error');
      next.onEnd(span);
    },
    forceFlush: () => next.forceFlush(),
    shutdown: () => next.shutdown(),
  };
}

/** A non-negative integer from the environment, or the SDK's default. */
function envMs(env: NodeJS.ProcessEnv, name: string): number | undefined {
  const raw = env[name]?.trim();
  if (!raw) return undefined;
  const n = Number(raw);
  return Number.isInteger(n) && n >= 0 ? n : undefined;
}

/** The SDK, started (core/platform/tracing.ts's startTracing calls it when traces are on). */
export function startSdk(defaultServiceName: string, env: NodeJS.ProcessEnv = process.env): Tracing {
  // OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES (the env detector) over the process's own name.
  const resource = defaultResource()
    .merge(resourceFromAttributes({ 'service.name': defaultServiceName }))
    .merge(detectResources({ detectors: [envDetector] }));
  // OTLP over HTTP with JSON bodies (the one encoding this exporter writes; every OTLP/HTTP
  // receiver takes it); endpoint, headers and timeout (10 s) from the OTEL_EXPORTER_OTLP_* variables.
  const batch = new BatchSpanProcessor({
    exporter: new OTLPTraceExporter(),
    ...optional('scheduledDelayMillis', envMs(env, 'OTEL_BSP_SCHEDULE_DELAY')),
    ...optional('exportTimeoutMillis', envMs(env, 'OTEL_BSP_EXPORT_TIMEOUT')),
    ...optional('maxQueueSize', envMs(env, 'OTEL_BSP_MAX_QUEUE_SIZE')),
    ...optional('maxExportBatchSize', envMs(env, 'OTEL_BSP_MAX_EXPORT_BATCH_SIZE')),
  });
  const processor = withoutAddresses(batch);
  const sdk = new NodeSDK({
    resource,
    autoDetectResources: false,
    spanProcessors: [processor],
    // Traces only: metrics stay with Prometheus, logs with stdout (their lines carry the trace id).
    metricReaders: [],
    logRecordProcessors: [],
    instrumentations: [
      new HttpInstrumentation({
        // Probes and scrapes are not requests anyone follows.
        ignoreIncomingRequestHook: (req) => /^\/(healthz|readyz|metrics)(\?|$)/.test(req.url ?? ''),
        // No header is recorded unless named here: none is (API keys, signatures).
      }),
      // The route's span, not one per middleware (a dozen per request, each a span to export).
      new ExpressInstrumentation({ ignoreLayersType: [ExpressLayerType.MIDDLEWARE] }),
      new UndiciInstrumentation(),
      // The query text only ($1 placeholders), never its values; no spans outside a trace (pools, LISTEN).
      new PgInstrumentation({ enhancedDatabaseReporting: false, requireParentSpan: true, ignoreConnectSpans: true }),
      // The command name only: its arguments can be keys that name an account or an address.
      new IORedisInstrumentation({ requireParentSpan: true, dbStatementSerializer: (command) => command }),
      // SES and STS calls as one span each (no request parameters recorded for either service).
      new AwsInstrumentation({ suppressInternalInstrumentation: true }),
      // trace_id and span_id in each log line; lines are not sent over OTLP.
      new PinoInstrumentation({ disableLogSending: true }),
    ],
  });
  sdk.start();
  return { enabled: true, processor, resource, shutdown: () => withinDeadline(sdk.shutdown(), SHUTDOWN_DEADLINE_MS) };
}

/** How long shutdown waits for the last export: a slow collector must not hold a process past its grace period. */
const SHUTDOWN_DEADLINE_MS = 5_000;

/** `work`, or nothing once `ms` have passed (what it had not exported by then is dropped). */
export async function withinDeadline(work: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
    timer.unref();
  });
  try {
    await Promise.race([work.catch(() => undefined), deadline]);
  } finally {
    clearTimeout(timer);
  }
}

function optional<K extends string>(key: K, value: number | undefined): Partial<Record<K, number>> {
  return value === undefined ? {} : ({ [key]: value } as Record<K, number>);
}
