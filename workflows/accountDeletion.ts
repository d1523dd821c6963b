// `delete-account-<id>`: started when the owner asks (docs/privacy.md, "Deleting the account"),
// it waits out the grace period on a durable timer, then deletes the account. Cancelling the
// deletion terminates it while it waits; past the grace period the database refuses the cancel,
// and the steps run to the end, whatever happens to this run.
import { CancellationScope, sleep } from '@temporalio/workflow';
import type { AccountDataDeleted } from '../activities/accountDeletion';
import { accountDeletion } from './activityProxies';

export interface DeleteAccountInput {
  accountId: string;
  /** The end of the grace period, ISO 8601. */
  dueAt: string;
}

export type DeleteAccountResult =
  { deleted: false } | ({ deleted: true; workflowsStopped: number } & AccountDataDeleted);

export const accountDeletionWorkflowId = (accountId: string) => `delete-account-${accountId}`;

export async function deleteAccount(input: DeleteAccountInput): Promise<DeleteAccountResult> {
  await sleep(Math.max(0, Date.parse(input.dueAt) - Date.now()));
  return CancellationScope.nonCancellable(async () => {
    // Cancelled meanwhile (the row's due time cleared), or deleted by an earlier run.
    if (!(await accountDeletion.checkAccountDeletionDue({ accountId: input.accountId }))) return { deleted: false };
    const stopped = await accountDeletion.stopAccountWorkflows({ accountId: input.accountId });
    const data = await accountDeletion.deleteAccountData({ accountId: input.accountId });
    // A workflow that started while the first sweep ran finds no account now; it is stopped too.
    const late = await accountDeletion.stopAccountWorkflows({ accountId: input.accountId });
    return { deleted: true, workflowsStopped: stopped + late, ...data };
  });
}
