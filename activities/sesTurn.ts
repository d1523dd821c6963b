// A message's turn at SES (core/sending/sesPacing.ts), taken by sendViaSes right before its call.
// A short wait (the next turn is within a second) is spent here, holding the worker slot; a longer
// one goes back to the workflow, which waits on a durable timer and runs the step again, so a
// backlog holds no worker slots and spends no retries.
import { CancelledFailure, Context } from '@temporalio/activity';
import type { SendingAccount, SendLane } from '../core/sending/sesPacing';
import type { ResolvedActivityDeps } from './deps';

/** A turn this close is waited for inside the attempt. */
const WAIT_HERE_MS = 1_000;
/**
 * A message sent back to its workflow asks again this much before its turn: a timer, the workflow
 * task and the step's dispatch take tens of milliseconds, and a message late for its turn leaves
 * SES's slot unused. It waits out the difference here.
 */
const EARLY_MS = 500;
/** At most this long in all inside one attempt, so the SES call keeps its time. */
const WAIT_HERE_TOTAL_MS = 3_000;
/** SES's rate is read again this often (GetAccount), by one worker for all. */
export const RATE_READ_EVERY_MS = 10 * 60_000;
const RATE_READ_DEADLINE_MS = 5_000;

/** `at`: when to make the call (epoch ms on this host); now or within the pacer's horizon. */
export type TurnAnswer = { go: true; at: number } | { go: false; waitMs: number };

export async function takeSesTurn(
  deps: ResolvedActivityDeps,
  sendingAccount: SendingAccount,
  request: { messageId: string; accountId: string; lane: SendLane },
  /** Reads SES's own rate for the sending account (core/ses/sendRate.ts). */
  readRate: (signal: AbortSignal) => Promise<number | undefined>,
): Promise<TurnAnswer> {
  const pacer = deps.pacer;
  if (!pacer) return { go: true, at: Date.now() };
  const cancelled = Context.current().cancellationSignal;
  const from = Date.now();
  for (;;) {
    let turn;
    try {
      turn = await pacer.take(sendingAccount, request);
    } catch (err) {
      // Redis away: sending goes on unpaced (SES's throttles are retried as before) rather than stopping.
      deps.metrics.sesPaceFallbacks.inc();
      deps.logger.warn({ err, sendingAccount }, 'SES pacing unavailable (Redis): sending without a turn');
      return { go: true, at: Date.now() };
    }
    if (turn.rateReadAt === null) await keepSendRate(deps, sendingAccount, readRate);
    else if (Date.now() - turn.rateReadAt > RATE_READ_EVERY_MS) void keepSendRate(deps, sendingAccount, readRate);
    if (turn.go) return { go: true, at: Date.now() + turn.inMs };
    if (turn.waitMs > WAIT_HERE_MS || Date.now() - from + turn.waitMs > WAIT_HERE_TOTAL_MS)
      return { go: false, waitMs: Math.max(turn.waitMs - EARLY_MS, 50) };
    await sleep(turn.waitMs, cancelled);
    // Not asking again: a turn taken now would go unused.
    if (cancelled.aborted) throw new CancelledFailure('cancelled while waiting for its turn at SES');
  }
}

/**
 * Reads the sending account's MaxSendRate from SES, capped for the shared account by
 * SES_MAX_SEND_RATE, and keeps it for every worker. One worker reads at a time; a failed read keeps
 * the last rate (or the fallback) and is tried again by the next claim.
 */
async function keepSendRate(
  deps: ResolvedActivityDeps,
  sendingAccount: SendingAccount,
  readRate: (signal: AbortSignal) => Promise<number | undefined>,
): Promise<void> {
  const pacer = deps.pacer!;
  try {
    if (!(await pacer.claimRateRead(sendingAccount, 60_000))) return;
    const read = await readRate(AbortSignal.timeout(RATE_READ_DEADLINE_MS));
    if (read === undefined) return;
    const cap = sendingAccount === 'shared' ? deps.config.ses.maxSendRate : 0;
    await pacer.setRate(sendingAccount, cap > 0 ? Math.min(cap, read) : read);
  } catch (err) {
    deps.logger.warn({ err, sendingAccount }, "could not read SES's send rate (GetAccount): the last one stands");
  }
}

/** Waits until `at` (epoch ms), or until `signal` fires. */
export function sleepUntil(at: number, signal: AbortSignal): Promise<void> {
  return sleep(at - Date.now(), signal);
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  if (ms <= 0 || signal.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
  });
}
