// The pipeline benchmarks' load: a closed loop that finds the ceiling (sends counted once their
// `email.delivered` webhook arrives), an open loop that offers a fixed rate on a schedule (a slow
// pipeline cannot slow the offered load), a burst of a fixed count, and the summary of a phase.
// Used by pipeline.ts, soak.ts and floor.ts.
import { performance } from 'node:perf_hooks';
import { awaitCompletion, quantile, sleep, type SendAnswer } from './stack';

export interface Sent {
  startedAt: number;
  acceptMs: number;
}

/** The sends of one phase: accepted ones by message id, and when the phase started. */
export interface Offered {
  sent: Map<string, Sent>;
  refused: number;
  start: number;
}

/** Sends the i-th message of a phase (its sender chosen from i). */
export type SendFn = (i: number) => Promise<SendAnswer>;

export interface PhaseResult {
  label: string;
  offered: number;
  accepted: number;
  refused: number;
  acceptP50: number;
  acceptP99: number;
  deliveredPerSecond: number;
  endToEndP50: number;
  endToEndP99: number;
  unfinished: number;
}

/** Waits (up to `graceMs`) for the webhooks of these messages, then summarises a phase of `seconds`. */
export async function summarise(
  label: string,
  { sent, refused, start }: Offered,
  arrivals: Map<string, number>,
  opts: { seconds: number; graceMs: number },
): Promise<PhaseResult> {
  await awaitCompletion([...sent.keys()], arrivals, opts.graceMs, 200);
  const endToEnd: number[] = [];
  let lastArrival = start + opts.seconds * 1000;
  for (const [id, s] of sent) {
    const at = arrivals.get(id);
    if (at === undefined) continue;
    endToEnd.push(at - s.startedAt);
    lastArrival = Math.max(lastArrival, at);
  }
  const accepts = [...sent.values()].map((s) => s.acceptMs);
  return {
    label,
    offered: sent.size + refused,
    accepted: sent.size,
    refused,
    acceptP50: quantile(accepts, 0.5),
    acceptP99: quantile(accepts, 0.99),
    // Sustained: every delivered webhook over the time from the first send to the last webhook
    // (a pipeline that falls behind takes longer than the window to drain, and this shows it).
    deliveredPerSecond: endToEnd.length / ((lastArrival - start) / 1000),
    endToEndP50: quantile(endToEnd, 0.5),
    endToEndP99: quantile(endToEnd, 0.99),
    unfinished: sent.size - endToEnd.length,
  };
}

/** The ceiling: `concurrency` clients send one after another for `seconds`; delivered/s counts the webhooks. */
export async function closedLoop(
  send: SendFn,
  arrivals: Map<string, number>,
  opts: { concurrency: number; seconds: number },
): Promise<PhaseResult> {
  const sent = new Map<string, Sent>();
  let refused = 0;
  let next = 0;
  const start = performance.now();
  const end = start + opts.seconds * 1000;
  await Promise.all(
    Array.from({ length: opts.concurrency }, async () => {
      while (performance.now() < end) {
        const startedAt = performance.now();
        const r = await send(next++).catch((): SendAnswer => ({ ms: 0, status: 0 }));
        if (r.id) sent.set(r.id, { startedAt, acceptMs: r.ms });
        else refused++;
      }
    }),
  );
  return summarise(`ceiling: closed loop, ${opts.concurrency} clients`, { sent, refused, start }, arrivals, {
    seconds: opts.seconds,
    graceMs: 60_000,
  });
}

/**
 * Offers `rate` sends a second for `seconds` on a fixed schedule (open loop). Accepted sends go
 * into `into.sent` as they are answered, so a caller can watch the phase while it runs.
 */
export async function offer(
  rate: number,
  seconds: number,
  send: SendFn,
  into: Offered = { sent: new Map(), refused: 0, start: performance.now() },
): Promise<Offered> {
  const total = Math.round(rate * seconds);
  into.start = performance.now();
  const inFlight = new Set<Promise<void>>();
  for (let i = 0; i < total; i++) {
    const wait = into.start + (i * 1000) / rate - performance.now();
    if (wait > 0) await sleep(wait);
    const startedAt = performance.now();
    const answered: Promise<void> = send(i)
      .then((r) => {
        if (r.id) into.sent.set(r.id, { startedAt, acceptMs: r.ms });
        else into.refused++;
      })
      .catch(() => void into.refused++)
      .finally(() => inFlight.delete(answered));
    inFlight.add(answered);
  }
  await Promise.all(inFlight);
  return into;
}

/** `count` sends by `concurrency` clients, each sending its next as soon as the last is answered. */
export async function burst(count: number, concurrency: number, send: SendFn): Promise<Offered> {
  const sent = new Map<string, Sent>();
  let refused = 0;
  let next = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const i = next++;
        const startedAt = performance.now();
        const r = await send(i).catch((): SendAnswer => ({ ms: 0, status: 0 }));
        if (r.id) sent.set(r.id, { startedAt, acceptMs: r.ms });
        else refused++;
      }
    }),
  );
  return { sent, refused, start };
}
