// Workflow inputs and signals. Only ids and flags travel through Temporal: message content and
// attachments stay in the claim-check store (core/staging.ts).
import type { TestOutcome } from '../core/addresses';
import type { SendingMode } from '../core/domains';
import type { MessageKind } from '../core/emailLog';
import type { MessageStatus } from '../core/outcomes';

export interface SendEmailInput {
  messageId: string;
  accountId: string;
  mode: SendingMode;
  kind: MessageKind;
  /** Set for test-domain recipients: the synthetic outcome to produce. */
  testOutcome?: TestOutcome;
  /** How long to wait for a provider outcome after SES accepted the message. */
  outcomeTimeoutSeconds: number;
}

export interface SendEmailResult {
  status: MessageStatus | 'not_accepted';
  providerMessageId?: string;
}

export function sendWorkflowId(messageId: string): string {
  return `send-${messageId}`;
}
