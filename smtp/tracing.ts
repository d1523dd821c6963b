// smtp/main.ts's first import: traces start (when an OTLP endpoint is set) before anything they
// instrument is loaded (core/platform/tracing.ts).
import { startTracing } from '../core/platform/tracing';

export const tracing = startTracing('postage-smtp');
