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
  | { type: 'failed'; at: string; reason: string }
  /**
   * Not final (docs/webhooks.md, "Events", `email.delivery_delayed`): SES could not deliver yet and
   * keeps trying until `expiresAt`. The message stays `sent` and its workflow keeps waiting.
   * `reason` is the receiving server's answer, redacted.
   */
  | { type: 'delayed'; at: string; delayType: string; reason?: string; expiresAt?: string };

/** The outcomes that end a message's story; a delay does not (it is followed by one of these). */
export type FinalOutcome = Exclude<ProviderOutcome, { type: 'delayed' }>;

export function isFinalOutcome(outcome: ProviderOutcome): outcome is FinalOutcome {
  return outcome.type !== 'delayed';
}

/** `scheduled`: accepted and counted, waiting for its time; `canceled`: a scheduled message called off before it went. */
export type MessageStatus =
  'scheduled' | 'canceled' | 'queued' | 'sent' | 'delivered' | 'bounced' | 'complained' | 'failed';

export type OutcomeEvent =
  'email.delivered' | 'email.bounced' | 'email.complained' | 'email.failed' | 'email.delivery_delayed';

export const OUTCOME_EVENT: Record<ProviderOutcome['type'], OutcomeEvent> = {
  delivered: 'email.delivered',
  bounced: 'email.bounced',
  complained: 'email.complained',
  failed: 'email.failed',
  delayed: 'email.delivery_delayed',
};

/** Fixed SMTP detail used for synthetic test-recipient outcomes (docs/test-recipients.md). */
export const TEST_SMTP_RESPONSE = '250 2.0.0 OK (postage test recipient: nothing was transmitted)';

/** Provider message id of a test send: `service-test-<uuid>` (docs/test-recipients.md). */
export function testProviderMessageId(uuid: string): string {
  return `service-test-${uuid}`;
}

/** The reason a `delayed@` test recipient's delay gives (docs/test-recipients.md). */
export const TEST_DELAY_REASON = '421 4.4.1 Try again later (postage test recipient: nothing was transmitted)';

/** The outcome a test-domain recipient produces (docs/test-recipients.md), timestamped `at`. */
export function syntheticTestOutcome(kind: Exclude<TestOutcome, 'delayed'>, at: string): ProviderOutcome {
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
 * When a test recipient's outcome happens: a millisecond after the row's `sent_at` (which keeps
 * microseconds the ISO string drops, and the outcome must not sort before `sent` in the timeline);
 * `now` when no row was marked sent.
 */
export function syntheticOutcomeAt(sentAt: string | null | undefined, now: Date): string {
  return sentAt ? new Date(Date.parse(sentAt) + 1).toISOString() : now.toISOString();
}

/** Every outcome a test-domain recipient produces, in order: `delayed@` is a delay, then the delivery a millisecond later. */
export function syntheticTestOutcomes(kind: TestOutcome, at: string): ProviderOutcome[] {
  if (kind !== 'delayed') return [syntheticTestOutcome(kind, at)];
  const later = new Date(Date.parse(at) + 1).toISOString();
  return [
    { type: 'delayed', at, delayType: 'General', reason: TEST_DELAY_REASON },
    { type: 'delivered', at: later, smtpResponse: TEST_SMTP_RESPONSE },
  ];
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
