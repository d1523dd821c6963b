// An account's view of its messages waiting for their turn at SES (docs/sending.md, "Pace and fair
// shares"): at the shared account and, once it has saved a BYOC configuration, at its own. Only its
// own counts and the pace are shown; how many other accounts queue beside it is not
// (docs/decisions.md, "What an account sees of the shared queue").
import { getByocConfig } from '../byoc/byocConfig';
import type { Db } from '../platform/db';
import { sendingAccountOf, type SendingAccount, type SendingQueue, type SendLane, type SesPacer } from './sesPacing';

/** One queue as the account sees it: its own waiting messages, the pace and its expected wait. */
export type AccountQueue = Omit<SendingQueue, 'accountsWaiting'>;

export type SendingQueuesOutcome =
  | { ok: true; shared: AccountQueue; byoc: AccountQueue | null }
  /** Redis (where the queues live) did not answer: nothing can be said now. */
  | { ok: false; unavailable: unknown };

/** Throws only when the database is unavailable (reading the BYOC configuration). */
export async function sendingQueues(
  deps: { db: Db; pacer: SesPacer },
  accountId: string,
): Promise<SendingQueuesOutcome> {
  // Saved is enough: messages may still wait at its SES account after the role was found unusable.
  const byocSaved = (await getByocConfig(deps.db, accountId)) !== undefined;
  try {
    const [shared, byoc] = await Promise.all([
      deps.pacer.queue('shared', accountId),
      byocSaved ? deps.pacer.queue(sendingAccountOf('byoc', accountId), accountId) : undefined,
    ]);
    return { ok: true, shared: accountView(shared), byoc: byoc ? accountView(byoc) : null };
  } catch (err) {
    return { ok: false, unavailable: err };
  }
}

/** Whole seconds, rounded up: a finer figure would let a caller count others' messages one by one. */
function accountView({ accountsWaiting: _others, ...queue }: SendingQueue): AccountQueue {
  return { ...queue, expectedWaitSeconds: Math.ceil(queue.expectedWaitSeconds) };
}

/** A sending account's whole queue, for operators (postage-admin ses-pace): every account's messages. */
export interface SesPace {
  sendingAccount: SendingAccount;
  waiting: Record<SendLane, number>;
  accountsWaiting: number;
  pacePerSecond: number;
  sendRatePerSecond: number;
  lastThrottledAt: string | null;
}

export async function sesPace(pacer: SesPacer, sendingAccount: SendingAccount): Promise<SesPace> {
  // No account's own figures are wanted: `queue` of nobody gives the pace, the rate and the count.
  const [waiting, queue] = await Promise.all([pacer.waiting(sendingAccount), pacer.queue(sendingAccount, '')]);
  const { pacePerSecond, sendRatePerSecond, accountsWaiting, lastThrottledAt } = queue;
  return { sendingAccount, waiting, accountsWaiting, pacePerSecond, sendRatePerSecond, lastThrottledAt };
}
