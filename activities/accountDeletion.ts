// The steps of an account's deletion once its grace period is over (workflows/accountDeletion.ts;
// the rules in core/accounts/accountDeletion.ts).
import { Context } from '@temporalio/activity';
import { WorkflowNotFoundError } from '@temporalio/client';
import {
  BATCHED_TABLES,
  deleteAccountRedisKeys,
  deleteAccountRow,
  deleteAccountRowsBatch,
  deletionIsDue,
  DELETION_BATCH_SIZE,
} from '../core/accounts/accountDeletion';
import { ACCOUNT_ID } from '../core/model/searchAttributes';
import type { ResolvedActivityDeps } from './deps';
import { whileBeating } from './heartbeat';

export interface AccountDataDeleted {
  /** Rows deleted batch by batch, by table (the rest went with the account's row). */
  rows: Record<string, number>;
  /** Members left without any account, deleted with it. */
  people: number;
  redisKeys: number;
}

/** Whether the grace period is over and the deletion still stands (not cancelled, not done already). */
export function checkAccountDeletionDue(deps: ResolvedActivityDeps) {
  return async function checkAccountDeletionDue(input: { accountId: string }): Promise<boolean> {
    return deletionIsDue(deps.db, input.accountId);
  };
}

/**
 * Terminates the account's running workflows (scheduled sends, sends under way, received mail,
 * found by their PostageAccountId search attribute), not the deletion's own; how many. Terminated,
 * not cancelled: their clean-up steps would write rows of an account being deleted.
 */
export function stopAccountWorkflows(deps: ResolvedActivityDeps) {
  return async function stopAccountWorkflows(input: { accountId: string }): Promise<number> {
    const { client, info } = Context.current();
    const running = client.workflow.list({
      query: `${ACCOUNT_ID.name} = '${input.accountId}' AND ExecutionStatus = 'Running'`,
    });
    let stopped = 0;
    for await (const workflow of running) {
      if (workflow.workflowId === info.workflowExecution?.workflowId) continue;
      try {
        await client.workflow.getHandle(workflow.workflowId, workflow.runId).terminate('the account was deleted');
        stopped += 1;
      } catch (err) {
        if (!(err instanceof WorkflowNotFoundError)) throw err;
      }
    }
    deps.logger.info({ account: input.accountId, stopped }, 'account deletion: workflows terminated');
    return stopped;
  };
}

/** Deletes the account's rows (the large tables batch by batch), its members left with no account, and its Redis keys. */
export function deleteAccountData(deps: ResolvedActivityDeps) {
  return async function deleteAccountData(input: { accountId: string }): Promise<AccountDataDeleted> {
    const rows: Record<string, number> = {};
    return whileBeating(
      async () => {
        for (const table of BATCHED_TABLES) {
          rows[table] = 0;
          for (let deleted = DELETION_BATCH_SIZE; deleted === DELETION_BATCH_SIZE;) {
            deleted = await deleteAccountRowsBatch(deps.db, table, input.accountId);
            rows[table] += deleted;
          }
        }
        const { people } = await deleteAccountRow(deps.db, input.accountId);
        const redisKeys = deps.redis ? await deleteAccountRedisKeys(deps.redis, input.accountId) : 0;
        deps.logger.info({ account: input.accountId, rows, people, redisKeys }, 'account deleted');
        return { rows, people, redisKeys };
      },
      () => rows,
    );
  };
}
