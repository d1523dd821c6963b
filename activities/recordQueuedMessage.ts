import { insertQueuedLogRow } from '../core/sending/emailLog';
import type { MessageKind } from '../core/model/sendingModes';
import { deleteStagedMessage, loadStagedMessage } from '../core/sending/staging';
import { claimAcceptance } from '../core/sending/acceptOutbox';
import { scheduledSendState, writeScheduledLogRow } from '../core/sending/scheduledSends';
import type { ResolvedActivityDeps } from './deps';
import { withLiveStream } from './liveEndpoint';
import type { WebhookEventType } from '../core/model/webhookEvents';
import { subscribedEndpointIds } from '../core/webhooks/webhookEndpoints';

/**
 * Confirms the accepted message (the API commits it, then starts the workflow), then writes the
 * shared-mode log row as `queued`. A message not found was given back (or never committed) and is
 * not sent. With `webhookEndpointsFor` (a shared message queued now), it also returns the
 * endpoints subscribed to that event, so the workflow takes no step of its own to find them.
 */
export function recordQueuedMessage(deps: ResolvedActivityDeps) {
  return async function recordQueuedMessage(input: {
    messageId: string;
    kind: MessageKind;
    scheduledAt?: string;
    webhookEndpointsFor?: WebhookEventType;
  }): Promise<{ accepted: boolean; canceled?: true; webhookEndpointIds?: string[] }> {
    // Take the outbox row (core/sending/acceptOutbox.ts) so the API can no longer give the
    // message back, then read it. Two statements on purpose: the read must see a withdrawal that
    // won the race for the row. Staged without a row means confirmed earlier (a retry of this
    // activity, or the relay).
    await claimAcceptance(deps.db, input.messageId);
    const staged = await loadStagedMessage(deps.db, deps.config.secretKey, input.messageId);
    if (!staged) {
      // A scheduled message cancelled before its workflow got here: accepted, then called off.
      if (input.scheduledAt && (await scheduledSendState(deps.db, input.messageId)) === 'canceled')
        return { accepted: false, canceled: true };
      return { accepted: false };
    }
    if (staged.mode === 'shared') {
      const row = {
        messageId: staged.messageId,
        accountId: staged.accountId,
        recipient: staged.content.to.address,
        fromEmail: staged.content.from.address,
        subject: staged.content.subject,
        kind: input.kind,
        test: staged.content.test === true,
        attachments: staged.attachmentCount,
        tags: staged.content.tags ?? {},
        ...(staged.content.template ? { template: staged.content.template } : {}),
      };
      if (!input.scheduledAt) {
        const [, endpointIds] = await Promise.all([
          insertQueuedLogRow(deps.db, row),
          input.webhookEndpointsFor &&
            withLiveStream(
              deps,
              staged.accountId,
              subscribedEndpointIds(deps.db, staged.accountId, input.webhookEndpointsFor),
            ),
        ]);
        return { accepted: true, ...(endpointIds ? { webhookEndpointIds: endpointIds } : {}) };
      }
      // Moved or cancelled before the row existed: the row says so from the start (the content of
      // a cancelled message was kept for this row only, and goes now).
      if (
        (
          await writeScheduledLogRow(deps.db, staged.messageId, (trx) =>
            insertQueuedLogRow(trx, { ...row, scheduledAt: input.scheduledAt! }),
          )
        ).canceled
      ) {
        await deleteStagedMessage(deps.db, staged.messageId);
        return { accepted: false, canceled: true };
      }
    }
    return { accepted: true };
  };
}
