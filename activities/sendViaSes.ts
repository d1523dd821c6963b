import { ApplicationFailure } from '@temporalio/activity';
import { markLogRowSent } from '../core/emailLog';
import { sendEmailThroughSes } from '../core/ses';
import { deleteStagedMessage, loadStagedAttachments, loadStagedMessage } from '../core/staging';
import type { ActivityDeps } from './deps';

/** Sends the staged message through SES and records SES's message id the moment it returns. */
export function sendViaSes(deps: ActivityDeps) {
  return async function sendViaSes(input: { messageId: string }): Promise<{ providerMessageId: string }> {
    const staged = await loadStagedMessage(deps.db, deps.config.secretKey, input.messageId);
    if (!staged) throw ApplicationFailure.nonRetryable('the staged message is gone', 'PermanentSendFailure');
    const attachments = await loadStagedAttachments(deps.db, deps.config.secretKey, input.messageId);
    const providerMessageId = await sendEmailThroughSes(deps.sharedSes, staged.content, attachments);
    if (staged.mode === 'shared') {
      await deps.db('provider_messages')
        .insert({ provider_message_id: providerMessageId, message_id: staged.messageId, account_id: staged.accountId })
        .onConflict('provider_message_id')
        .ignore();
      await markLogRowSent(deps.db, staged.messageId, providerMessageId);
    } else {
      await deleteStagedMessage(deps.db, staged.messageId);
    }
    return { providerMessageId };
  };
}
