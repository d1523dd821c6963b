// OpenTelemetry traces (docs/operations.md, "Traces"), the parts every process and the CLI can
// import cheaply: whether traces are on, Postage's own spans and attributes. The SDK itself is in
// tracingSdk.ts, loaded by startTracing (each process's first import: api/tracing.ts and the like)
// only when traces are on.
import { SpanStatusCode, trace, type Attributes, type Span } from '@opentelemetry/api';
import type { Resource } from '@opentelemetry/resources';
import type { SpanProcessor } from '@opentelemetry/sdk-trace';
import type { Logger } from 'pino';
import type { Config } from './config';
import type * as TracingSdk from './tracingSdk';

export interface Tracing {
  enabled: boolean;
  /** What the worker hands spans made in the workflow sandbox to (undefined when off). */
  processor?: SpanProcessor;
  resource?: Resource;
  /** Exports what is buffered and stops; 5 s at most, whatever the collector does. */
  shutdown(): Promise<void>;
}

/** On only with an OTLP endpoint, and not when OTEL_SDK_DISABLED or OTEL_TRACES_EXPORTER=none says no. */
export function tracingEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  if (!env.OTEL_EXPORTER_OTLP_ENDPOINT && !env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) return false;
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return false;
  return !(env.OTEL_TRACES_EXPORTER ?? '').split(',').some((e) => e.trim() === 'none');
}

const OFF: Tracing = { enabled: false, shutdown: async () => {} };

/**
 * Starts the OpenTelemetry SDK (tracingSdk.ts) when traces are on, named `defaultServiceName`
 * unless OTEL_SERVICE_NAME names the service. Off, nothing of the SDK is even loaded (some 50 MiB).
 */
export function startTracing(defaultServiceName: string): Tracing {
  if (!tracingEnabled()) return OFF;
  // require(), not import: synchronous, so the instrumentations are in place before the caller's
  // next import loads what they patch; and only now, so a process without traces never loads it.
  const sdk = require('./tracingSdk') as typeof TracingSdk;
  return sdk.startSdk(defaultServiceName);
}

/** Says at start-up where traces go (or that they are off). */
export function logTracing(tracing: Tracing, config: Pick<Config, 'ops'>, logger: Logger): void {
  if (!tracing.enabled) return;
  const { otlpEndpoint, otlpTracesEndpoint } = config.ops;
  logger.info({ endpoint: otlpTracesEndpoint ?? `${otlpEndpoint}/v1/traces` }, 'traces exported over OTLP/HTTP');
}

const tracer = () => trace.getTracer('postage');

/**
 * `fn` inside a span of its own (a no-op span when traces are off), ended when its promise settles;
 * a failure is recorded by its name only (an error message can quote what a client sent).
 */
export async function inSpan<T>(name: string, attributes: Attributes, fn: (span: Span) => Promise<T>): Promise<T> {
  return tracer().startActiveSpan(name, { attributes }, async (span) => {
    try {
      return await fn(span);
    } catch (err) {
      span.setStatus({ code: SpanStatusCode.ERROR, message: err instanceof Error ? err.name : 'error' });
      throw err;
    } finally {
      span.end();
    }
  });
}

/** Postage's own span attributes. */
export const ATTR = {
  messageId: 'postage.message_id',
  accountId: 'postage.account_id',
  inboundId: 'postage.inbound_id',
} as const;
