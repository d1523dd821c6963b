// The steps of an account notice (workflows/announceAccountNotice.ts; the notices in
// core/accounts/accountNotices.ts), and the start of its workflow for the notices just recorded.
import { Context } from '@temporalio/activity';
import type { Client } from '@temporalio/client';
import { dashboardLinks } from '../core/accounts/authEmails';
import { getNotice, markNoticeAnnounced, noticeRecipients, pendingNotices } from '../core/accounts/accountNotices';
import { confirmationWord } from '../core/accounts/accountDeletion';
import { accountNoticeEmail } from '../core/accounts/noticeEmails';
import { PostageError } from '../core/platform/errors';
import { sendSystemEmail, systemAccountId } from '../core/sending/systemEmail';
import { messageWorkflows, startAccountNotices } from '../workflows/client';
import type { ResolvedActivityDeps } from './deps';

/** The worker's Temporal client; none in an activity test's MockActivityEnvironment built without one. */
function workerClient(): Client | undefined {
  try {
    return Context.current().client;
  } catch {
    return undefined;
  }
}

/**
 * Starts the announcement of each notice of the account not yet announced (those just recorded,
 * and any whose start failed before): safe to run again, a notice's workflow starts once.
 */
export async function announcePendingNotices(deps: ResolvedActivityDeps, accountId: string): Promise<number> {
  const client = workerClient();
  if (!client) return 0;
  return startAccountNotices(
    client,
    deps.config.temporal.taskQueue,
    accountId,
    await pendingNotices(deps.db, accountId),
  );
}

/**
 * Emails the notice to the account's owner and admins, each once (an idempotency key per notice and
 * person). Without a system account (SYSTEM_EMAIL_FROM unset) or for an address Postage may not
 * email (suppressed), nothing goes to it and the webhook still fires.
 */
export function emailAccountNotice(deps: ResolvedActivityDeps) {
  return async function emailAccountNotice(input: { accountId: string; noticeId: string }): Promise<number> {
    const notice = await getNotice(deps.db, input.accountId, input.noticeId);
    const account = await deps.db('accounts').where({ id: input.accountId }).first<{ name: string; email: string }>();
    if (!notice || !account) return 0;
    if (!(await systemAccountId(deps.db, deps.config))) {
      deps.logger.warn({ accountId: input.accountId, event: notice.event }, 'no system account: notice not emailed');
      return 0;
    }
    const accept = {
      db: deps.db,
      config: deps.config,
      workflows: messageWorkflows(Context.current().client, deps.config.temporal.taskQueue),
    };
    const context = { accountName: confirmationWord(account), link: dashboardLinks(deps.config.api.baseUrl).signIn() };
    let sent = 0;
    for (const person of await noticeRecipients(deps.db, input.accountId)) {
      try {
        await sendSystemEmail(accept, accountNoticeEmail(person.email, notice, context), {
          idempotencyKey: `account-notice-${notice.id}-${person.userId}`,
        });
        sent += 1;
      } catch (err) {
        if (!(err instanceof PostageError && err.code === 'system_email_refused')) throw err;
        deps.logger.warn({ accountId: input.accountId, err: err.message }, 'account notice not emailed to one person');
      }
    }
    return sent;
  };
}

export function finishAccountNotice(deps: ResolvedActivityDeps) {
  return async function finishAccountNotice(input: { noticeId: string }): Promise<void> {
    await markNoticeAnnounced(deps.db, input.noticeId);
  };
}
