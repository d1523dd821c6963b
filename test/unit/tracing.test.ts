// The pure parts of traces (docs/operations.md, "Traces"): when they are on, the address scrub every
// span goes through, and how a span from the workflow sandbox (OpenTelemetry SDK 1.x shape) is
// read by the SDK 3 exporter.
import type { ReadableSpan, SpanProcessor } from '@opentelemetry/sdk-trace';
import { resourceFromAttributes } from '@opentelemetry/resources';
import type { SerializableSpan } from '@temporalio/interceptors-opentelemetry/lib/workflow';
import type { WorkflowInfo } from '@temporalio/workflow';
import { tracingEnabled } from '../../core/platform/tracing';
import { withoutAddresses } from '../../core/platform/tracingSdk';
import { fromSandbox } from '../../worker/workflowTracing';

test('traces are on only with an OTLP endpoint, and off again when the SDK is disabled or the exporter is none', () => {
  expect(tracingEnabled({})).toBe(false);
  expect(tracingEnabled({ OTEL_SERVICE_NAME: 'x' })).toBe(false);
  expect(tracingEnabled({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://localhost:4318' })).toBe(true);
  expect(tracingEnabled({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://localhost:4318/v1/traces' })).toBe(true);
  expect(tracingEnabled({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://h:4318', OTEL_SDK_DISABLED: 'TRUE' })).toBe(false);
  expect(tracingEnabled({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://h:4318', OTEL_TRACES_EXPORTER: 'none' })).toBe(false);
});

test('an address in an attribute, an event or the status, and a URL’s query, leave the process replaced, the rest kept', () => {
  const ended: ReadableSpan[] = [];
  const next: SpanProcessor = {
    onStart() {},
    onEnd: (span) => void ended.push(span),
    forceFlush: async () => {},
    shutdown: async () => {},
  };
  const span = {
    attributes: {
      'url.path': '/api/suppressions/Jane.Doe+x@example.org',
      'http.target': '/api/suppressions/jane%40example.org?x=1',
      'url.full': 'https://hooks.example.com/in?token=s3cret',
      'http.status_code': 200,
    },
    events: [{ name: 'exception', time: [0, 0], attributes: { 'exception.message': 'not verified: a@b.co, c@d.io' } }],
    status: { code: 2, message: 'refused <bob@corp.example>' },
  } as unknown as ReadableSpan; // only the fields the scrub reads
  withoutAddresses(next).onEnd(span);
  expect(ended[0]).toMatchObject({
    attributes: {
      'url.path': '/api/suppressions/[address]',
      'http.target': '/api/suppressions/[address]?[query]',
      'url.full': 'https://hooks.example.com/in?[query]',
      'http.status_code': 200,
    },
    events: [{ attributes: { 'exception.message': 'not verified: [address], [address]' } }],
    status: { message: 'refused <[address]>' },
  });
});

test('a sandbox span gets its parent as parentSpanContext, its scope, and the workflow’s ids (not its whole info)', () => {
  const serialized: SerializableSpan = {
    name: 'StartActivity:sendViaSes',
    kind: 0,
    spanContext: { traceId: 'a'.repeat(32), spanId: 'b'.repeat(16), traceFlags: 1, traceState: 'k=v' },
    parentSpanId: 'c'.repeat(16),
    startTime: [1, 0],
    endTime: [2, 0],
    status: { code: 1 },
    attributes: { own: 'yes' },
    links: [],
    events: [],
    duration: [1, 0],
    ended: true,
    droppedAttributesCount: 0,
    droppedEventsCount: 0,
    droppedLinksCount: 0,
    instrumentationLibrary: { name: '@temporalio/interceptor-workflow' },
  };
  const info = {
    workflowId: 'send-0b0f6d2e-0000-4000-8000-000000000001',
    runId: 'run-1',
    workflowType: 'sendEmail',
    searchAttributes: { PostageAccountId: ['acc-1'] },
    memo: { content: 'never copied' },
  } as unknown as WorkflowInfo; // the fields the sink reads, as they arrive from the sandbox
  const span = fromSandbox(serialized, info, resourceFromAttributes({ 'service.name': 'postage-worker' }));
  expect(span.parentSpanContext).toEqual({ traceId: 'a'.repeat(32), spanId: 'c'.repeat(16), traceFlags: 1 });
  expect(span.instrumentationScope).toEqual({ name: '@temporalio/interceptor-workflow' });
  expect(span.spanContext().traceState?.get('k')).toBe('v');
  expect(span.attributes).toEqual({
    own: 'yes',
    temporalWorkflowId: info.workflowId,
    run_id: 'run-1',
    temporalWorkflowType: 'sendEmail',
    'postage.message_id': '0b0f6d2e-0000-4000-8000-000000000001',
    'postage.account_id': 'acc-1',
  });
});
