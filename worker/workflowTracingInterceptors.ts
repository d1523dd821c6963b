// The workflow interceptors of traces (docs/operations.md, "Traces"), bundled into the workflow
// sandbox when traces are on: Temporal's own OpenTelemetry interceptors, with span and trace ids
// that never draw from the workflow's `Math.random`.
//
// In the sandbox `Math.random` is the workflow's seeded PRNG, the one `uuid4()` reads. The
// package's tracer (OpenTelemetry SDK 1.x) draws its ids from `Math.random`, so with it every
// `uuid4()` after a span would differ between a worker with traces on and one with them off, and
// a local activity re-run on the other kind of worker would not recognise its own write (the
// outcome's `recordedBy`). Its ids come from a generator of their own here, seeded from the run id:
// deterministic on replay, distinct between runs, and the workflow's sequence the same either way.
import {
  OpenTelemetryInboundInterceptor,
  OpenTelemetryInternalsInterceptor,
  OpenTelemetryOutboundInterceptor,
} from '@temporalio/interceptors-opentelemetry/lib/workflow';
import { workflowInfo, type WorkflowInterceptorsFactory } from '@temporalio/workflow';

/** OpenTelemetry SDK 1.x's IdGenerator (its package is the interceptors' own dependency, not ours). */
export interface IdGenerator {
  generateTraceId(): string;
  generateSpanId(): string;
}

/** A 128-bit seed from a string (cyrb128). */
function seedOf(text: string): [number, number, number, number] {
  let h1 = 1779033703,
    h2 = 3144134277,
    h3 = 1013904242,
    h4 = 2773480762;
  for (let i = 0; i < text.length; i++) {
    const k = text.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  return [(h1 ^ h2 ^ h3 ^ h4) >>> 0, (h2 ^ h1) >>> 0, (h3 ^ h1) >>> 0, (h4 ^ h1) >>> 0];
}

/** Span and trace ids from a private PRNG (sfc32) seeded from `seed`; never all zeros (an invalid id). */
export function seededIdGenerator(seed: string): IdGenerator {
  let [a, b, c, d] = seedOf(seed);
  const next = (): number => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return t >>> 0;
  };
  const hex = (words: number): string => {
    let id = '';
    for (let i = 0; i < words; i++) id += next().toString(16).padStart(8, '0');
    return /^0+$/.test(id) ? hex(words) : id;
  };
  return { generateTraceId: () => hex(4), generateSpanId: () => hex(2) };
}

export const interceptors: WorkflowInterceptorsFactory = () => {
  const inbound = new OpenTelemetryInboundInterceptor();
  // The tracer is the package's (one per workflow: the sandbox's module state is the workflow's
  // own) and takes no id generator: its SDK 1.x Tracer's is replaced. Should a new version of the
  // package rename the field, failing here is better than silently changing every uuid4().
  const tracer = (inbound as unknown as { tracer: { _idGenerator?: IdGenerator } }).tracer;
  if (!tracer || typeof tracer._idGenerator?.generateSpanId !== 'function')
    throw new Error('the OpenTelemetry workflow tracer has no _idGenerator to replace: check the package version');
  tracer._idGenerator = seededIdGenerator(workflowInfo().runId);
  return {
    inbound: [inbound],
    outbound: [new OpenTelemetryOutboundInterceptor()],
    internals: [new OpenTelemetryInternalsInterceptor()],
  };
};
