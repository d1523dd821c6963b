// What the provider (or the test-recipient simulator) reports about a message, and the email-log
// status each outcome leads to. Shared by the SNS endpoint, the workflows and their activities.
// Pure: workflows import it.
import type { TestOutcome } from './addresses';

export type BounceType = 'Permanent' | 'Transient' | 'Undetermined';

// No addresses in here: outcomes travel through Temporal signals and history.
export type ProviderOutcome =
  | { type: 'delivered'; at: string; smtpResponse?: string }
  | { type: 'bounced'; at: string; bounceType: BounceType; bounceSubType: string }
  | { type: 'complained'; at: string; feedbackType?: string }
  | { type: 'failed'; at: string; reason: string };

/** `scheduled`: accepted and counted, waiting for its time; `canceled`: a scheduled message called off before it went. */
export type MessageStatus =
  'scheduled' | 'canceled' | 'queued' | 'sent' | 'delivered' | 'bounced' | 'complained' | 'failed';

export type OutcomeEvent = 'email.delivered' | 'email.bounced' | 'email.complained' | 'email.failed';

export const OUTCOME_EVENT: Record<ProviderOutcome['type'], OutcomeEvent> = {
  delivered: 'email.delivered',
  bounced: 'email.bounced',
  complained: 'email.complained',
  failed: 'email.failed',
};

/** Fixed SMTP detail used for synthetic test-recipient outcomes (docs/test-recipients.md). */
export const TEST_SMTP_RESPONSE = '250 2.0.0 OK (postage test recipient: nothing was transmitted)';

/** Provider message id of a test send: `service-test-<uuid>` (docs/test-recipients.md). */
export function testProviderMessageId(uuid: string): string {
  return `service-test-${uuid}`;
}

/** The outcome a test-domain recipient produces (docs/test-recipients.md), timestamped `at`. */
export function syntheticTestOutcome(kind: TestOutcome, at: string): ProviderOutcome {
  switch (kind) {
    case 'delivered':
    case 'opened':
    case 'clicked':
      return { type: 'delivered', at, smtpResponse: TEST_SMTP_RESPONSE };
    case 'bounced':
      return { type: 'bounced', at, bounceType: 'Permanent', bounceSubType: 'General' };
    case 'complained':
      return { type: 'complained', at };
  }
}

/**
 * Hard bounces and complaints put an address on the suppression list (docs/operations.md, "Provider
 * events (SES via SNS)") and count toward the account's reputation; soft and undetermined bounces
 * do neither.
 */
export function suppresses(outcome: ProviderOutcome): 'bounce' | 'complaint' | null {
  if (outcome.type === 'bounced' && outcome.bounceType === 'Permanent') return 'bounce';
  if (outcome.type === 'complained') return 'complaint';
  return null;
}
