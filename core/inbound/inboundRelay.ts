// The relay of received messages (docs/inbound.md, "How a message is received"): a message is
// accepted once its row commits, and its workflow starts after that; when the start failed (or its
// process died in between) the row has no `started_at`. The worker's relay loop
// (worker/acceptRelay.ts) starts `receive-<id>` for such rows older than a start could take. A
// start is idempotent by workflow id (`exists` is fine): the workflow's first step sets
// `started_at`, and a message is never announced twice.
import type { InboundSource, InboundWorkflows } from '../model/inbound';
import type { Db } from '../platform/db';

/**
 * Starts the workflows of rows without `started_at` older than `olderThanSeconds`. No row is
 * locked: the workflow's first step writes the row, and two workers starting the same id start one
 * workflow. A start that fails ends the round: Temporal is away, the rest wait for the next one.
 * Returns how many it started (`exists` not counted).
 */
export async function relayUnstartedReceived(
  db: Db,
  workflows: InboundWorkflows,
  opts: { olderThanSeconds: number; limit: number; startTimeoutMs: number },
): Promise<number> {
  const rows = await db('inbound_messages')
    .whereNull('started_at')
    .where('received_at', '<', db.raw(`now() - make_interval(secs => ?)`, [opts.olderThanSeconds]))
    .orderBy('received_at')
    .limit(opts.limit)
    .select<{ id: string; account_id: string; source: InboundSource }[]>('id', 'account_id', 'source');
  let started = 0;
  for (const row of rows) {
    try {
      const result = await workflows.startReceive(
        { inboundId: row.id, accountId: row.account_id, source: row.source },
        Date.now() + opts.startTimeoutMs,
      );
      if (result === 'started') started += 1;
    } catch {
      break; // Temporal is away: this row and the rest wait for the next round
    }
  }
  return started;
}
