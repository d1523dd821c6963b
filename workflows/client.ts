// The typed client of the message workflows and of an account's deletion: every start and signal
// goes through here, with the workflow function itself (its arguments are checked), its id,
// conflict policy and the search attributes an operator filters by. Runs in the API, worker and
// tests, never in the sandbox.
import {
  WorkflowExecutionAlreadyStartedError,
  WorkflowIdConflictPolicy,
  WorkflowIdReusePolicy,
  WorkflowNotFoundError,
  type Client,
} from '@temporalio/client';
import type { Priority } from '@temporalio/common';
import { receiveWorkflowId, type InboundWorkflows, type ReceiveEmailInput } from '../core/model/inbound';
import type { ProviderOutcome } from '../core/model/outcomes';
import { ACCOUNT_ID, MESSAGE_STATUS, SENDING_MODE } from '../core/model/searchAttributes';
import { ATTR, inSpan } from '../core/platform/tracing';
import { canceledSignal, engagementSignal, providerOutcomeSignal, rescheduledSignal } from '../core/model/signals';
import {
  engagementWorkflowId,
  lateOutcomeWorkflowId,
  type EngagementEvent,
  sendWorkflowId,
  unsubscribeWorkflowId,
  type LateOutcomeInput,
  type MessageWorkflows,
  type SendEmailInput,
  type UnsubscribeAnnouncement,
} from '../core/model/workflowContract';
import type { StartErasure } from '../core/privacy/erasures';
import { eraseAddress } from './eraseAddress';
import { recordEngagement } from './recordEngagement';
import { announceUnsubscribe } from './announceUnsubscribe';
import { receiveEmail } from './receiveEmail';
import { recordLateOutcome } from './recordLateOutcome';
import { sendEmail } from './sendEmail';
import { accountDeletionWorkflowId, deleteAccount } from './accountDeletion';
import {
  accountNoticeWorkflowId,
  announceAccountNotice,
  type AnnounceAccountNoticeInput,
} from './announceAccountNotice';
import { provisionSes, provisionSesWorkflowId } from './provisionSes';

const ANNOUNCE_START_DEADLINE_MS = 10_000;

/**
 * Task-queue priority, inherited by the run's activities: a one-off send's tasks go ahead of other
 * work (3, the default) and a batch's or scheduled release's after it, accounts sharing each level,
 * on a server whose matcher honours priority and fairness (docs/decisions.md, "Pacing SES in
 * Redis"). Order at SES itself is the pacer's and does not depend on it.
 */
export function sendPriority(input: Pick<SendEmailInput, 'lane' | 'accountId'>): Priority {
  return { priorityKey: input.lane === 'bulk' ? 4 : 2, fairnessKey: input.accountId };
}

export function messageWorkflows(client: Client, taskQueue: string): MessageWorkflows {
  return {
    async startSend(input: SendEmailInput, deadline: number, opts: { onlyIfNew?: boolean } = {}) {
      try {
        await inSpan(
          'postage.start_send',
          { [ATTR.messageId]: input.messageId, [ATTR.accountId]: input.accountId },
          () =>
            client.withDeadline(deadline, () =>
              client.workflow.start(sendEmail, {
                taskQueue,
                workflowId: sendWorkflowId(input.messageId),
                // A duplicate start (a retried RPC) attaches to the running workflow instead of failing;
                // the relay must not run a message again whose workflow already closed.
                workflowIdConflictPolicy: opts.onlyIfNew
                  ? WorkflowIdConflictPolicy.FAIL
                  : WorkflowIdConflictPolicy.USE_EXISTING,
                workflowIdReusePolicy: WorkflowIdReusePolicy.REJECT_DUPLICATE,
                args: [input],
                priority: sendPriority(input),
                typedSearchAttributes: [
                  { key: ACCOUNT_ID, value: input.accountId },
                  { key: SENDING_MODE, value: input.mode },
                  // Older inputs start with `queued` (workflows/sendEmail.ts, setStatus).
                  ...(input.statusAttribute === 'where-needed'
                    ? []
                    : [{ key: MESSAGE_STATUS, value: 'queued' as const }]),
                ],
              }),
            ),
        );
        return 'started';
      } catch (err) {
        if (err instanceof WorkflowExecutionAlreadyStartedError) return 'exists';
        throw err;
      }
    },

    async signalOutcome(messageId: string, outcome: ProviderOutcome) {
      try {
        await client.workflow
          .getHandle<typeof sendEmail>(sendWorkflowId(messageId))
          .signal(providerOutcomeSignal, outcome);
        return 'signalled';
      } catch (err) {
        // Closed workflows refuse signals as "not found"; anything else (Temporal down) is the caller's.
        if (err instanceof WorkflowNotFoundError) return 'closed';
        throw err;
      }
    },

    async signalSchedule(messageId: string, change: { scheduledAt: string } | 'canceled') {
      try {
        const handle = client.workflow.getHandle<typeof sendEmail>(sendWorkflowId(messageId));
        await (change === 'canceled' ? handle.signal(canceledSignal) : handle.signal(rescheduledSignal, change));
        return 'signalled';
      } catch (err) {
        if (err instanceof WorkflowNotFoundError) return 'closed';
        throw err;
      }
    },

    async startLateOutcome(snsMessageId: string, input: LateOutcomeInput) {
      try {
        await client.workflow.start(recordLateOutcome, {
          taskQueue,
          workflowId: lateOutcomeWorkflowId(snsMessageId),
          workflowIdReusePolicy: WorkflowIdReusePolicy.REJECT_DUPLICATE,
          args: [input],
          typedSearchAttributes: [
            { key: ACCOUNT_ID, value: input.accountId },
            { key: SENDING_MODE, value: 'shared' },
            { key: MESSAGE_STATUS, value: input.outcome.type },
          ],
        });
        return 'started';
      } catch (err) {
        if (err instanceof WorkflowExecutionAlreadyStartedError) return 'duplicate';
        throw err;
      }
    },

    async signalEngagement(messageId: string, event: EngagementEvent, deadline: number) {
      await client.withDeadline(deadline, () =>
        client.workflow.signalWithStart(recordEngagement, {
          taskQueue,
          workflowId: engagementWorkflowId(messageId),
          args: [{ messageId }],
          signal: engagementSignal,
          signalArgs: [event],
          typedSearchAttributes: [{ key: SENDING_MODE, value: 'shared' }],
        }),
      );
    },
    async startUnsubscribeAnnouncement(input: UnsubscribeAnnouncement) {
      try {
        // Started after the POST answered: nobody waits, but the call still has a deadline.
        await client.withDeadline(Date.now() + ANNOUNCE_START_DEADLINE_MS, () =>
          client.workflow.start(announceUnsubscribe, {
            taskQueue,
            workflowId: unsubscribeWorkflowId(input.messageId, input.topic),
            workflowIdReusePolicy: WorkflowIdReusePolicy.REJECT_DUPLICATE,
            args: [input],
            typedSearchAttributes: [
              { key: ACCOUNT_ID, value: input.accountId },
              { key: SENDING_MODE, value: 'shared' },
            ],
          }),
        );
        return 'started';
      } catch (err) {
        if (err instanceof WorkflowExecutionAlreadyStartedError) return 'duplicate';
        throw err;
      }
    },
  };
}

/**
 * Starts the receive workflows (docs/inbound.md, "How a message is received"): `receive-<inbound
 * id>`, once. The MX listener, SES receiving and the worker's relay all start through here; a run
 * that exists (open or closed) is left alone, so a message is never announced twice.
 */
export function inboundWorkflows(client: Client, taskQueue: string): InboundWorkflows {
  return {
    async startReceive(input: ReceiveEmailInput, deadline: number) {
      try {
        await inSpan(
          'postage.start_receive',
          { [ATTR.inboundId]: input.inboundId, [ATTR.accountId]: input.accountId },
          () =>
            client.withDeadline(deadline, () =>
              client.workflow.start(receiveEmail, {
                taskQueue,
                workflowId: receiveWorkflowId(input.inboundId),
                workflowIdConflictPolicy: WorkflowIdConflictPolicy.FAIL,
                workflowIdReusePolicy: WorkflowIdReusePolicy.REJECT_DUPLICATE,
                args: [input],
                // Receiving is for shared-mode domains only; the account is what an operator filters by.
                typedSearchAttributes: [
                  { key: ACCOUNT_ID, value: input.accountId },
                  { key: SENDING_MODE, value: 'shared' },
                ],
              }),
            ),
        );
        return 'started';
      } catch (err) {
        if (err instanceof WorkflowExecutionAlreadyStartedError) return 'exists';
        throw err;
      }
    },
  };
}

/**
 * Starts the deletion's wait; asked again while it waits, attaches to it (a request repeated
 * after a failed start starts it).
 */
export async function startAccountDeletion(
  client: Client,
  taskQueue: string,
  input: { accountId: string; dueAt: Date },
): Promise<void> {
  await client.workflow.start(deleteAccount, {
    taskQueue,
    workflowId: accountDeletionWorkflowId(input.accountId),
    workflowIdConflictPolicy: WorkflowIdConflictPolicy.USE_EXISTING,
    args: [{ accountId: input.accountId, dueAt: input.dueAt.toISOString() }],
  });
}

/**
 * Ends the deletion's wait once the database says it is cancelled. Terminated, not cancelled: it
 * is closed when this returns, so a new request at once starts a new wait.
 */
export async function stopAccountDeletion(client: Client, accountId: string): Promise<void> {
  try {
    await client.workflow.getHandle(accountDeletionWorkflowId(accountId)).terminate('the owner cancelled the deletion');
  } catch (err) {
    if (!(err instanceof WorkflowNotFoundError)) throw err;
  }
}

/**
 * Starts `provision-ses-<account id>` (workflows/provisionSes.ts); while one runs, attaches to it.
 * A finished run may be followed by another: provisioning again finds everything there.
 */
export async function startSesProvisioning(client: Client, taskQueue: string, accountId: string): Promise<void> {
  await client.withDeadline(Date.now() + ANNOUNCE_START_DEADLINE_MS, () =>
    client.workflow.start(provisionSes, {
      taskQueue,
      workflowId: provisionSesWorkflowId(accountId),
      workflowIdConflictPolicy: WorkflowIdConflictPolicy.USE_EXISTING,
      args: [{ accountId }],
      typedSearchAttributes: [{ key: ACCOUNT_ID, value: accountId }],
    }),
  );
}

export function erasureWorkflowId(erasureId: string): string {
  return `erase-${erasureId}`;
}

/** Starts `erase-<erasure id>` (workflows/eraseAddress.ts): ids only, the account as its search attribute. */
export function erasureStarter(client: Client, taskQueue: string): StartErasure {
  return async ({ erasureId, accountId }) => {
    await client.withDeadline(Date.now() + ANNOUNCE_START_DEADLINE_MS, () =>
      client.workflow.start(eraseAddress, {
        taskQueue,
        workflowId: erasureWorkflowId(erasureId),
        args: [{ erasureId, accountId }],
        typedSearchAttributes: [{ key: ACCOUNT_ID, value: accountId }],
      }),
    );
  };
}

/** Starts the announcement of each of `notices` (an account's not yet announced); how many were new. */
export async function startAccountNotices(
  client: Client,
  taskQueue: string,
  accountId: string,
  notices: readonly { id: string; event: AnnounceAccountNoticeInput['event'] }[],
): Promise<number> {
  let started = 0;
  for (const notice of notices) {
    const result = await startAccountNotice(client, taskQueue, { accountId, noticeId: notice.id, event: notice.event });
    if (result === 'started') started += 1;
  }
  return started;
}

/**
 * Starts `account-notice-<notice id>` (workflows/announceAccountNotice.ts) once per notice: a start
 * for a notice already started, running or not, is refused by its id and changes nothing.
 */
export async function startAccountNotice(
  client: Client,
  taskQueue: string,
  input: AnnounceAccountNoticeInput,
): Promise<'started' | 'exists'> {
  try {
    await client.withDeadline(Date.now() + ANNOUNCE_START_DEADLINE_MS, () =>
      client.workflow.start(announceAccountNotice, {
        taskQueue,
        workflowId: accountNoticeWorkflowId(input.noticeId),
        workflowIdReusePolicy: WorkflowIdReusePolicy.REJECT_DUPLICATE,
        args: [input],
        typedSearchAttributes: [{ key: ACCOUNT_ID, value: input.accountId }],
      }),
    );
    return 'started';
  } catch (err) {
    if (err instanceof WorkflowExecutionAlreadyStartedError) return 'exists';
    throw err;
  }
}
