// The worker's half of traces (docs/operations.md, "Traces"), with Temporal's own
// @temporalio/interceptors-opentelemetry: the workflow interceptors in the workflow bundle (a span
// per workflow run and per activity it schedules, their context carried in the activities'
// headers), the sink that brings the workflow's spans out of the sandbox, and a span per activity
// execution with Postage's ids. Installed only when traces are on.
import fs from 'node:fs';
import path from 'node:path';
import { createTraceState, trace, type Attributes, type SpanContext } from '@opentelemetry/api';
import type { Resource } from '@opentelemetry/resources';
import type { ReadableSpan, SpanProcessor } from '@opentelemetry/sdk-trace';
import {
  OpenTelemetryActivityInboundInterceptor,
  OpenTelemetryActivityOutboundInterceptor,
} from '@temporalio/interceptors-opentelemetry/lib/worker';
import type { OpenTelemetrySinks, SerializableSpan } from '@temporalio/interceptors-opentelemetry/lib/workflow';
import type {
  ActivityExecuteInput,
  ActivityInboundCallsInterceptor,
  InjectedSinks,
  Next,
  WorkerInterceptors,
} from '@temporalio/worker';
import type { WorkflowInfo } from '@temporalio/workflow';
import { ACCOUNT_ID } from '../core/model/searchAttributes';
import { ATTR, type Tracing } from '../core/platform/tracing';

/**
 * The workflow interceptors' module, bundled with the workflows when traces are on: the package's,
 * with ids that leave the workflow's random sequence alone (./workflowTracingInterceptors.ts).
 */
export const WORKFLOW_TRACING_MODULE = path.resolve(
  __dirname,
  `workflowTracingInterceptors${path.extname(__filename)}`,
);

/** The tracer name the interceptors give their spans, which a bundle built with them contains. */
const WORKFLOW_TRACER_NAME = '@temporalio/interceptor-workflow';

/** Whether a pre-built workflow bundle (WORKFLOW_BUNDLE_PATH) has the tracing interceptors in it. */
export function bundleHasTracing(bundlePath: string): boolean {
  try {
    return fs.readFileSync(bundlePath, 'utf8').includes(WORKFLOW_TRACER_NAME);
  } catch {
    return false; // the worker's own start reports an unreadable bundle
  }
}

/** Postage's ids from a workflow id (`send-<message id>`, `receive-<inbound id>`, ...) and its search attributes. */
function workflowAttributes(info: WorkflowInfo): Attributes {
  const attributes: Attributes = {
    temporalWorkflowId: info.workflowId,
    run_id: info.runId,
    temporalWorkflowType: info.workflowType,
  };
  const id = /^(send|engagement|receive)-(.+)$/.exec(info.workflowId);
  if (id) attributes[id[1] === 'receive' ? ATTR.inboundId : ATTR.messageId] = id[2];
  // The untyped form: the info crossed from the sandbox as plain data (no TypedSearchAttributes methods).
  const account = info.searchAttributes?.[ACCOUNT_ID.name]?.[0];
  if (typeof account === 'string') attributes[ATTR.accountId] = account;
  return attributes;
}

/**
 * A span from the workflow sandbox as the SDK 3 exporter reads it. The interceptors package is
 * built on OpenTelemetry SDK 1.x, whose spans name their parent by `parentSpanId` and their origin
 * `instrumentationLibrary`; SDK 3 reads `parentSpanContext` and `instrumentationScope` (without the
 * first a workflow span has no parent and the trace falls apart; without the second the OTLP
 * serializer throws). Its attributes are the span's own and the workflow's ids, not the whole
 * WorkflowInfo the package's own exporter copies in (memo, last result, last failure).
 */
export function fromSandbox(span: SerializableSpan, info: WorkflowInfo, resource: Resource): ReadableSpan {
  const { traceState, ...context } = span.spanContext;
  const spanContext: SpanContext = { ...context, ...(traceState ? { traceState: createTraceState(traceState) } : {}) };
  return {
    name: span.name,
    kind: span.kind,
    spanContext: () => spanContext,
    ...(span.parentSpanId
      ? { parentSpanContext: { traceId: context.traceId, spanId: span.parentSpanId, traceFlags: context.traceFlags } }
      : {}),
    startTime: span.startTime,
    endTime: span.endTime,
    // Copied: the address scrub (core/platform/tracingSdk.ts) edits what it is given.
    status: { ...span.status },
    attributes: { ...span.attributes, ...workflowAttributes(info) },
    links: span.links,
    events: span.events.map((e) => ({ ...e, ...(e.attributes ? { attributes: { ...e.attributes } } : {}) })),
    duration: span.duration,
    ended: span.ended,
    resource,
    instrumentationScope: span.instrumentationLibrary,
    droppedAttributesCount: span.droppedAttributesCount,
    droppedEventsCount: span.droppedEventsCount,
    droppedLinksCount: span.droppedLinksCount,
  };
}

function workflowSpanSinks(processor: SpanProcessor, resource: Resource): InjectedSinks<OpenTelemetrySinks> {
  return {
    exporter: {
      export: {
        // A replayed task's spans were exported when it first ran (the default: not called on replay).
        fn: (info, spans) => spans.forEach((span) => processor.onEnd(fromSandbox(span, info, resource))),
      },
    },
  };
}

/** Postage's ids, when an activity's input names them (never any other field of it). */
class PostageIdsInbound implements ActivityInboundCallsInterceptor {
  async execute(input: ActivityExecuteInput, next: Next<ActivityInboundCallsInterceptor, 'execute'>): Promise<unknown> {
    const first: unknown = input.args[0];
    const span = trace.getActiveSpan();
    if (span && typeof first === 'object' && first !== null) {
      const { messageId, accountId, inboundId } = first as Record<string, unknown>;
      if (typeof messageId === 'string') span.setAttribute(ATTR.messageId, messageId);
      if (typeof accountId === 'string') span.setAttribute(ATTR.accountId, accountId);
      if (typeof inboundId === 'string') span.setAttribute(ATTR.inboundId, inboundId);
    }
    return next(input);
  }
}

/** The worker options traces add (none when they are off). */
export function workflowTracingOptions(tracing: Tracing): {
  interceptors?: WorkerInterceptors;
  sinks?: InjectedSinks<OpenTelemetrySinks>;
} {
  if (!tracing.enabled || !tracing.processor || !tracing.resource) return {};
  return {
    interceptors: {
      workflowModules: [WORKFLOW_TRACING_MODULE],
      // The package's span first (outermost), so the ids land on it.
      activity: [
        (ctx) => ({
          inbound: new OpenTelemetryActivityInboundInterceptor(ctx),
          outbound: new OpenTelemetryActivityOutboundInterceptor(ctx),
        }),
        () => ({ inbound: new PostageIdsInbound() }),
      ],
    },
    sinks: workflowSpanSinks(tracing.processor, tracing.resource),
  };
}
