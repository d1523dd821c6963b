// One received message (docs/inbound.md, "How a message is received"): `receive-<inbound id>`,
// started once the message is stored (by the MX listener, SES receiving, or the worker's relay).
// It parses the stored bytes, checks the sender (or keeps SES's verdicts), records the message
// (and the reply it is to a message the account sent), then announces `email.received` to each
// endpoint the rule names, one attempt each. Only ids travel through its history: the content
// stays in PostgreSQL.
import { log } from '@temporalio/workflow';
import type { ReceiveEmailInput } from '../core/model/inbound';
import { receiveParsing, receivedEmailDelivery, receiveSteps } from './activityProxies';

export interface ReceiveEmailResult {
  /** Deleted before it was recorded: nothing was announced. */
  gone: boolean;
  malformed: boolean;
  /** The sent message it answers. */
  repliedMessageId: string | null;
  /** Endpoints `email.received` was posted to (each attempt is in the delivery log, whatever its answer). */
  webhooks: number;
}

export async function receiveEmail(input: ReceiveEmailInput): Promise<ReceiveEmailResult> {
  const { inboundId } = input;
  let malformed = false;
  try {
    const parsed = await receiveParsing.parseReceivedMessage({ inboundId });
    if (parsed.gone) return { gone: true, malformed: false, repliedMessageId: null, webhooks: 0 };
    malformed = parsed.malformed;
  } catch {
    // Its worker died on it every time: announced all the same, as a message with no parsed content.
    log.warn('received message not parsed; announced without its content', { inboundId });
  }
  await receiveSteps.checkSenderAuthentication({ inboundId });
  const recorded = await receiveSteps.recordReceivedMessage({ inboundId });
  if (recorded.gone) return { gone: true, malformed, repliedMessageId: null, webhooks: 0 };
  await Promise.all(
    recorded.endpointIds.map((endpointId) =>
      // One attempt per endpoint (docs/webhooks.md, "Delivery policy"); a failure is recorded, never the workflow's.
      receivedEmailDelivery()
        .deliverWebhook({ endpointId, messageId: inboundId, event: 'email.received' })
        .catch(() => undefined),
    ),
  );
  return { gone: false, malformed, repliedMessageId: recorded.repliedMessageId, webhooks: recorded.endpointIds.length };
}
