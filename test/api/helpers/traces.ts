// What a send leaves behind for one account: usage counters, staged content, email log rows,
// idempotency keys, and workflows in Temporal (read through visibility, as an operator would).
import type { Client } from '@temporalio/client';
import { randomUUID } from 'node:crypto';
import type { Db } from '../../../core/platform/db';
import type { ServiceStack } from '../../helpers/serviceStack';
import { eventually } from '../../helpers/wait';

export interface AccountTraces {
  counted: number;
  staged: number;
  logRows: number;
  idempotencyKeys: number;
  workflows: number;
}

async function countRows(db: Db, table: string, accountId: string): Promise<number> {
  const [row] = await db(table).where({ account_id: accountId }).count<{ count: string }[]>({ count: '*' });
  return Number(row!.count);
}

/**
 * Workflows tagged with the account. Visibility is updated asynchronously and not strictly in
 * start order, so a probe workflow is started first and awaited (the visibility queue has caught
 * up to "now"), then the count must read the same twice, 250 ms apart.
 */
export async function workflowCount(temporal: Client, accountId: string): Promise<number> {
  const probeId = `visibility-probe-${randomUUID()}`;
  const probe = await temporal.workflow.start('visibilityProbe', {
    taskQueue: 'visibility-probe',
    workflowId: probeId,
    args: [],
  });
  await eventually('visibility to show the probe', async () =>
    (await temporal.workflow.count(`WorkflowId = '${probeId}'`)).count === 1 ? true : undefined,
  );
  await probe.terminate('visibility probe done');
  const read = async () => (await temporal.workflow.count(`PostageAccountId = '${accountId}'`)).count;
  let previous = await read();
  for (;;) {
    await new Promise((r) => setTimeout(r, 250));
    const current = await read();
    if (current === previous) return current;
    previous = current;
  }
}

export async function tracesOf(
  stack: Pick<ServiceStack, 'db' | 'temporal'>,
  accountId: string,
): Promise<AccountTraces> {
  const [counters, staged, logRows, idempotencyKeys, workflows] = await Promise.all([
    stack.db('usage_counters').where({ account_id: accountId }).sum<{ sum: string | null }[]>({ sum: 'count' }),
    countRows(stack.db, 'staged_messages', accountId),
    countRows(stack.db, 'email_log', accountId),
    countRows(stack.db, 'idempotency_keys', accountId),
    workflowCount(stack.temporal, accountId),
  ]);
  return { counted: Number(counters[0]?.sum ?? 0), staged, logRows, idempotencyKeys, workflows };
}

export const NO_TRACES: AccountTraces = { counted: 0, staged: 0, logRows: 0, idempotencyKeys: 0, workflows: 0 };
