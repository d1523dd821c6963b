// What the provider (or the test-recipient simulator) reports about a message, and the email-log
// status each outcome leads to. Shared by the SNS endpoint, the workflow and its activities.

export type BounceType = 'Permanent' | 'Transient' | 'Undetermined';

export type ProviderOutcome =
  | { type: 'delivered'; at: string; smtpResponse?: string }
  | { type: 'bounced'; at: string; bounceType: BounceType; bounceSubType: string; diagnostic?: string }
  | { type: 'complained'; at: string; feedbackType?: string }
  | { type: 'failed'; at: string; reason: string };

export type MessageStatus = 'queued' | 'sent' | 'delivered' | 'bounced' | 'complained' | 'failed';

export const FINAL_STATUSES: readonly MessageStatus[] = ['delivered', 'bounced', 'complained', 'failed'];

export function statusForOutcome(outcome: ProviderOutcome): MessageStatus {
  return outcome.type;
}

/** Fixed SMTP detail used for synthetic test-recipient outcomes (spec 4.1 rule 8). */
export const TEST_SMTP_RESPONSE = '250 2.0.0 OK (postage test recipient: nothing was transmitted)';

/** Only hard bounces and complaints put an address on the suppression list (spec 2.10). */
export function suppresses(outcome: ProviderOutcome): 'bounce' | 'complaint' | null {
  if (outcome.type === 'bounced' && outcome.bounceType === 'Permanent') return 'bounce';
  if (outcome.type === 'complained') return 'complaint';
  return null;
}
