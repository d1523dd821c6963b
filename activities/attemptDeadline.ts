// The time an attempt of an ordinary activity has left. Temporal times an attempt out
// startToCloseTimeout after it started and schedules the retry, but does not tell a worker that
// does not heartbeat: a call still running then overlaps the next attempt (for SendEmail, a second
// copy of the email). So every outbound call of `sendViaSes` and `resolveByocCredentials` ends
// before the attempt does, however long the reads and the STS call before it took.
import { Context } from '@temporalio/activity';
import { SEND_ATTEMPT_TIMEOUT_MS } from '../core/model/sendFailures';

/**
 * Kept free at the end of every attempt: recording SES's answer (heartbeat, one transaction) must
 * still fit, and the attempt's start as the worker sees it is a little after the server's.
 */
export const ATTEMPT_MARGIN_MS = 5_000;
/** Less than this left: a call is not started at all (it could not complete). */
const SHORTEST_CALL_MS = 1_000;

export class AttemptDeadline {
  /** `startedAt`: when the activity function began; `timeoutMs`: the attempt's start-to-close timeout. */
  constructor(
    private readonly startedAt: number,
    private readonly timeoutMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** The current attempt's, from its start-to-close timeout (measured from now: call it first thing). */
  static ofCurrentAttempt(): AttemptDeadline {
    const timeout = Context.current().info.startToCloseTimeoutMs;
    return new AttemptDeadline(Date.now(), Number.isFinite(timeout) && timeout > 0 ? timeout : SEND_ATTEMPT_TIMEOUT_MS);
  }

  /** Milliseconds one more call may take: the attempt's remaining time less the margin, at most `capMs`. */
  callBudgetMs(capMs: number): number {
    return Math.min(capMs, this.startedAt + this.timeoutMs - ATTEMPT_MARGIN_MS - this.now());
  }

  /**
   * A signal that aborts a call at `callBudgetMs(capMs)` or when `cancelled` fires, or undefined
   * when too little time is left to start one (the caller gives the attempt up, to be retried).
   */
  callSignal(capMs: number, cancelled?: AbortSignal): AbortSignal | undefined {
    const budget = this.callBudgetMs(capMs);
    if (budget < SHORTEST_CALL_MS) return undefined;
    const timeout = AbortSignal.timeout(budget);
    return cancelled ? AbortSignal.any([cancelled, timeout]) : timeout;
  }
}
