// Workflow inputs and results. Only ids, flags and outcomes travel through Temporal: message
// content and attachments stay in the claim-check store (core/staging.ts).
import type { TestOutcome } from '../core/addresses';
import type { SendingMode } from '../core/domains';
import type { MessageKind } from '../core/emailLog';
import type { MessageStatus, ProviderOutcome } from '../core/outcomes';

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
  /** Why the message failed (redacted: never a recipient, subject or body). */
  reason?: string;
}

/** A provider outcome that arrived after the message's send workflow had closed. */
export interface LateOutcomeInput {
  messageId: string;
  accountId: string;
  kind: MessageKind;
  outcome: ProviderOutcome;
}

export function sendWorkflowId(messageId: string): string {
  return `send-${messageId}`;
}

/** One late-outcome workflow per SNS notification: SNS redelivering it starts nothing new. */
export function lateOutcomeWorkflowId(snsMessageId: string): string {
  return `late-outcome-${snsMessageId}`;
}
