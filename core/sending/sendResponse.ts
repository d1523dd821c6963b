// The 200 body of a send (docs/sending.md, "Send an email"). Core, not the HTTP layer: the same
// body is stored as the idempotent answer inside the accepting transaction and replayed as stored.
import type { Domain } from '../domains/domains';
import type { SendingMode } from '../model/sendingModes';

export const QUEUED_MESSAGES: Record<SendingMode, string> = {
  shared: 'Email queued for delivery.',
  byoc: 'Email queued for delivery through your own AWS account.',
};

export const TEST_SEND_WARNING =
  'Test send: it counts toward your monthly quota but never toward your bounce or complaint rates.';

export const TEST_KEY_WARNING =
  'Test key: the send is simulated and nothing is transmitted; it counts toward the test sends, not your monthly quota.';

/** What makes a send a test (docs/test-recipients.md): its test-domain recipient, or its test key. */
export type TestSendCause = 'recipient' | 'key';

const TEST_WARNINGS: Record<TestSendCause, string> = { recipient: TEST_SEND_WARNING, key: TEST_KEY_WARNING };

/** Shared mode only: advisory DNS records that are missing or unchecked (docs/domains.md, "The records"). */
export function deliverabilityWarnings(domain: Domain): string[] {
  if (domain.sendingMode !== 'shared') return [];
  const warnings: string[] = [];
  if (domain.spfOk !== true)
    warnings.push(`No SPF record authorising the service was found for ${domain.name}; delivery still happens.`);
  if (domain.dmarcOk !== true)
    warnings.push(`No DMARC record was found for _dmarc.${domain.name}; delivery still happens.`);
  if (domain.mailFromOk !== true) {
    const mailFrom = domain.mailFromDomain ?? `the MAIL FROM domain of ${domain.name}`;
    warnings.push(
      `No MX record for ${mailFrom} points at SES, so the custom MAIL FROM is not in use; delivery still happens.`,
    );
  }
  return warnings;
}

export interface SendResponseBody {
  success: true;
  message: string;
  message_id: string;
  mode: SendingMode;
  attachments: number;
  warnings?: string[];
  idempotency_key?: string;
  /** A scheduled send: when it goes (ISO 8601, UTC). */
  scheduled_at?: string;
}

export function buildSendResponse(input: {
  messageId: string;
  domain: Domain;
  attachments: number;
  testSend: TestSendCause | undefined;
  idempotencyKey?: string;
  scheduledAt?: string;
}): SendResponseBody {
  const mode = input.domain.sendingMode;
  const body: SendResponseBody = {
    success: true,
    message: QUEUED_MESSAGES[mode],
    message_id: input.messageId,
    mode,
    attachments: input.attachments,
  };
  if (mode === 'shared')
    body.warnings = [
      ...deliverabilityWarnings(input.domain),
      ...(input.testSend ? [TEST_WARNINGS[input.testSend]] : []),
    ];
  if (input.idempotencyKey !== undefined) body.idempotency_key = input.idempotencyKey;
  if (input.scheduledAt !== undefined) body.scheduled_at = input.scheduledAt;
  return body;
}
