// The pure parts of traces (docs/operations.md, "Traces"): when they are on, the address scrub every
// span goes through, and how a span from the workflow sandbox (OpenTelemetry SDK 1.x shape) is
// read by the SDK 3 exporter.
import { SpanKind } from '@opentelemetry/api';
import type { ReadableSpan, SpanProcessor } from '@opentelemetry/sdk-trace';
import { resourceFromAttributes } from '@opentelemetry/resources';
import type { SerializableSpan } from '@temporalio/interceptors-opentelemetry/lib/workflow';
import type { WorkflowInfo } from '@temporalio/workflow';
import { tracingEnabled } from '../../core/platform/tracing';
import { withinDeadline, withoutAddresses } from '../../core/platform/tracingSdk';
import { fromSandbox } from '../../worker/workflowTracing';

test('traces are on only with an OTLP endpoint, and off again when the SDK is disabled or the exporter is none', () => {
  expect(tracingEnabled({})).toBe(false);
  expect(tracingEnabled({ OTEL_SERVICE_NAME: 'x' })).toBe(false);
  expect(tracingEnabled({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://localhost:4318' })).toBe(true);
  expect(tracingEnabled({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://localhost:4318/v1/traces' })).toBe(true);
  expect(tracingEnabled({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://h:4318', OTEL_SDK_DISABLED: 'TRUE' })).toBe(false);
  expect(tracingEnabled({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://h:4318', OTEL_TRACES_EXPORTER: 'none' })).toBe(false);
});

function scrubbedOnce(span: Record<string, unknown>): ReadableSpan {
  const ended: ReadableSpan[] = [];
  const next: SpanProcessor = {
    onStart() {},
    onEnd: (s) => void ended.push(s),
    forceFlush: async () => {},
    shutdown: async () => {},
  };
  // Only the fields the scrub reads.
  withoutAddresses(next).onEnd({
    kind: SpanKind.SERVER,
    events: [],
    status: { code: 0 },
    ...span,
  } as unknown as ReadableSpan);
  return ended[0]!;
}

test('an address in an attribute, an event or the status, and a URL’s query, leave the process replaced, the rest kept', () => {
  const span = scrubbedOnce({
    attributes: {
      'url.path': '/api/suppressions/Jane.Doe+x@example.org',
      'http.target': '/api/suppressions/jane%40example.org?x=1',
      'url.full': 'https://api.example.com/in?token=s3cret',
      'http.status_code': 200,
    },
    events: [{ name: 'retry', time: [0, 0], attributes: { note: 'not verified: a@b.co, c@d.io' } }],
  });
  expect(span).toMatchObject({
    attributes: {
      'url.path': '/api/suppressions/[address]',
      'http.target': '/api/suppressions/[address]?[query]',
      'url.full': 'https://api.example.com/in?[query]',
      'http.status_code': 200,
    },
    events: [{ attributes: { note: 'not verified: [address], [address]' } }],
  });
});

test('the address scan is linear: a long value without an address passes at once, an address after it is still found', () => {
  const run = `${'a.'.repeat(100_000)}%4`;
  const started = performance.now();
  const span = scrubbedOnce({ attributes: { 'url.path': `/x/${run}`, note: `${run} then jane%40example.org` } });
  expect(performance.now() - started).toBeLessThan(1000); // the former pattern took minutes on this
  expect(span.attributes).toEqual({ 'url.path': `/x/${run}`, note: `${run} then [address]` });
});

test('the token of a tracking, unsubscribe, inbound attachment or export download path is replaced, with the visitor’s address and browser', () => {
  for (const [path, kept] of [
    ['/t/c/eyJ1cmwiOiJodHRwczovL3NlY3JldC5leGFtcGxlIn0', '/t/c/[token]'],
    ['/t/o/b3Blbi10b2tlbg.gif', '/t/o/[token]'],
    ['/u/dW5zdWItdG9rZW4', '/u/[token]'],
    ['/inbound/attachments/YXR0YWNoLXRva2Vu', '/inbound/attachments/[token]'],
    ['/privacy/exports/djEuZXhwb3J0LXRva2Vu', '/privacy/exports/[token]'],
  ] as const) {
    const span = scrubbedOnce({
      attributes: {
        'url.path': path,
        'http.target': `${path}?x=1`,
        'http.url': `http://links.customer.example${path}`,
        'url.full': `https://links.customer.example${path}`,
        'http.route': path.replace(/\/[^/]+$/, '/:token'),
        'client.address': '203.0.113.9',
        'http.client_ip': '203.0.113.9',
        'net.peer.ip': '203.0.113.9',
        'user_agent.original': 'Mozilla/5.0 (recipient)',
        'http.user_agent': 'Mozilla/5.0 (recipient)',
        'http.method': 'GET',
      },
    });
    expect(span.attributes).toEqual({
      'url.path': kept,
      'http.target': `${kept}?[query]`,
      'http.url': `http://links.customer.example${kept}`,
      'url.full': `https://links.customer.example${kept}`,
      'http.route': kept,
      'http.method': 'GET',
    });
  }
  // Other paths keep the visitor: an API client's address is an operator's to see.
  const api = scrubbedOnce({ attributes: { 'url.path': '/api/send', 'client.address': '198.51.100.1' } });
  expect(api.attributes).toEqual({ 'url.path': '/api/send', 'client.address': '198.51.100.1' });
});

test('a client span (a webhook POST) keeps only its URL’s origin', () => {
  const span = scrubbedOnce({
    kind: SpanKind.CLIENT,
    attributes: {
      'url.full': 'https://hooks.example.com/in/s3cret-path?token=s3cret-query',
      'http.url': 'https://hooks.example.com:8443/in/s3cret-path',
      'url.path': '/in/s3cret-path',
      'http.target': '/in/s3cret-path',
      'url.query': 'token=s3cret-query',
      'server.address': 'hooks.example.com',
    },
  });
  expect(span.attributes).toEqual({
    'url.full': 'https://hooks.example.com',
    'http.url': 'https://hooks.example.com:8443',
    'server.address': 'hooks.example.com',
  });
});

test('an error’s message and stack trace leave no span: the exception keeps its type, the status the error’s name', () => {
  const quoted = 'MessageRejected: Email address is not verified: Invoice 4411 for ann@corp.example';
  const span = scrubbedOnce({
    kind: SpanKind.CLIENT,
    attributes: { 'rpc.service': 'SESv2' },
    events: [
      {
        name: 'exception',
        time: [0, 0],
        attributes: {
          'exception.type': 'MessageRejected',
          'exception.message': quoted,
          'exception.stacktrace': `${quoted}\n    at x`,
        },
      },
    ],
    status: { code: 2, message: quoted },
  });
  expect(span.events[0]!.attributes).toEqual({ 'exception.type': 'MessageRejected' });
  expect(span.status).toEqual({ code: 2, message: 'MessageRejected' });
  // Without an exception event, the message is still not kept (pg and http set only the status).
  expect(scrubbedOnce({ attributes: {}, status: { code: 2, message: 'duplicate key: Invoice 4411' } }).status).toEqual({
    code: 2,
    message: 'Error',
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

test('shutdown waits for the last export, but not past its deadline (a collector that never answers)', async () => {
  let exported = false;
  await withinDeadline(new Promise<void>((r) => setTimeout(() => ((exported = true), r()), 10)), 1000);
  expect(exported).toBe(true);
  const started = Date.now();
  await withinDeadline(new Promise<void>(() => {}), 100);
  expect(Date.now() - started).toBeLessThan(1000);
  await expect(withinDeadline(Promise.reject(new Error('refused')), 100)).resolves.toBeUndefined();
});
