// A bounded closed-loop load driver: `concurrency` loops each run one operation after another
// until the time is up; every operation's latency is recorded. The same driver measures the API
// and the raw Temporal start, so their figures compare like for like.
import { performance } from 'node:perf_hooks';

export interface LoopResult {
  label: string;
  seconds: number;
  ok: number;
  failed: Record<string, number>;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
}

/** `operation` resolves to 'ok' or to a failure label (e.g. an HTTP status); throwing counts as 'error'. */
export async function runClosedLoop(
  label: string,
  opts: { concurrency: number; seconds: number },
  operation: (i: number) => Promise<string>,
): Promise<LoopResult> {
  const latencies: number[] = [];
  const failed: Record<string, number> = {};
  let ok = 0;
  let next = 0;
  const start = performance.now();
  const end = start + opts.seconds * 1000;
  await Promise.all(
    Array.from({ length: opts.concurrency }, async () => {
      while (performance.now() < end) {
        const t0 = performance.now();
        const outcome = await operation(next++).catch(
          (err: unknown) => `error: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`,
        );
        if (outcome === 'ok') {
          ok++;
          latencies.push(performance.now() - t0);
        } else failed[outcome] = (failed[outcome] ?? 0) + 1;
      }
    }),
  );
  const elapsed = (performance.now() - start) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    latencies.length ? latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]! : NaN;
  return { label, seconds: elapsed, ok, failed, perSecond: ok / elapsed, p50Ms: at(0.5), p99Ms: at(0.99) };
}

export function formatResults(results: LoopResult[]): string {
  const rows = results.map((r) => [
    r.label,
    r.perSecond.toFixed(0),
    r.p50Ms.toFixed(1),
    r.p99Ms.toFixed(1),
    String(r.ok),
    Object.entries(r.failed)
      .map(([k, v]) => `${k}: ${v}`)
      .join(', ') || '0',
  ]);
  return formatTable(['run', 'accepted/s', 'p50 ms', 'p99 ms', 'accepted', 'failures'], rows);
}

/** A plain-text table: the first column left-aligned, the others right-aligned. */
export function formatTable(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [line(header), ...rows.map(line)].join('\n');
}
