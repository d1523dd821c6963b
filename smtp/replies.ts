// The one table of the relay's refusals: every send refusal of the use case (an error code of
// docs/errors-and-limits.md) and the relay's own, each with the SMTP reply a client library
// understands. The retry guidance of docs/errors-and-limits.md decides the class: "no" (fix
// something first) is a permanent 5xx, "yes" (the same message may go through in a moment) a
// transient 4xx. The table in docs/smtp.md lists the same rows (test/unit/smtpReplies.test.ts
// compares them).
import type { SendRefusalCode } from '../core/sending/sendMessage';

export interface SmtpReply {
  code: number;
  /** RFC 3463 enhanced status code, written at the start of the reply text. */
  enhanced: string;
  text: string;
}

/** The relay's own refusals, beside the use case's codes. */
export type RelayRefusal =
  | 'auth_failed'
  | 'auth_locked'
  | 'network_not_allowed'
  | 'rate_limited'
  | 'sender_invalid'
  | 'recipient_invalid'
  | 'unknown_test_address'
  | 'too_many_recipients'
  | 'message_too_big'
  | 'message_invalid'
  | 'sender_mismatch'
  | 'service_unavailable'
  | 'too_much_in_flight'
  | 'shutting_down'
  | 'too_many_connections';

export type SmtpRefusal = SendRefusalCode | RelayRefusal;

const reply = (code: number, enhanced: string, text: string): SmtpReply => ({ code, enhanced, text });

export const SMTP_REPLIES = {
  // Fix something first (the "Retry?" column of docs/errors-and-limits.md: "no", or after an action
  // of the customer): permanent.
  domain_not_registered: reply(550, '5.7.1', 'The sender domain is not registered in this account'),
  domain_not_allowed: reply(550, '5.7.1', 'This API key may not send from the sender domain'),
  unauthorized: reply(
    550,
    '5.7.1',
    'Not allowed: account unverified, shared mode without a subscription, or a test recipient on a BYOC domain',
  ),
  sending_suspended: reply(550, '5.7.1', 'Sending is suspended for this account after a bounce or complaint threshold'),
  account_deletion_pending: reply(
    550,
    '5.7.1',
    'The account is scheduled for deletion: it sends nothing unless its owner cancels',
  ),
  domain_not_verified: reply(550, '5.7.1', 'The sender domain ownership is not verified yet'),
  dkim_not_verified: reply(550, '5.7.1', 'DKIM for the sender domain is not verified yet'),
  domain_mode_mismatch: reply(550, '5.7.1', "The account's plan does not include the sender domain's mode"),
  recipient_suppressed: reply(550, '5.7.1', 'Recipient suppressed after a hard bounce or complaint'),
  idempotency_key_reused: reply(550, '5.7.0', 'X-Postage-Idempotency-Key was already used with a different message'),
  // The same message may go through later: transient.
  usage_limit_exceeded: reply(452, '4.3.1', 'Monthly quota of the sending mode used up (next UTC month, or upgrade)'),
  byoc_not_configured: reply(
    451,
    '4.7.0',
    'BYOC sending is not available: no validated configuration, or the role stopped working',
  ),
  attachment_upload_failed: reply(451, '4.3.0', 'The message could not be staged in time; nothing queued, retry later'),
  queue_error: reply(451, '4.3.0', 'The delivery queue is unavailable; nothing queued, retry later'),
  idempotency_key_in_progress: reply(
    451,
    '4.3.0',
    'A message with this X-Postage-Idempotency-Key is still being processed; retry shortly',
  ),
  // The relay's own.
  auth_failed: reply(535, '5.7.8', 'Authentication credentials invalid'),
  // The key is valid, the client outside the networks it is bound to (never saying which).
  network_not_allowed: reply(535, '5.7.1', 'This API key may not be used from this network'),
  auth_locked: reply(454, '4.7.0', 'Too many failed authentication attempts from this address; try again later'),
  rate_limited: reply(451, '4.7.0', 'Rate limit of the API key reached; retry in a minute'),
  sender_invalid: reply(553, '5.1.7', 'The sender must be one valid address'),
  recipient_invalid: reply(553, '5.1.3', 'The recipient must be one valid address'),
  unknown_test_address: reply(
    550,
    '5.1.1',
    'Unknown test address: use delivered, bounce, complaint, delayed, opened or clicked (or their aliases)',
  ),
  too_many_recipients: reply(452, '4.5.3', 'Too many recipients in this transaction; send the rest in another one'),
  message_too_big: reply(552, '5.3.4', 'Message exceeds the maximum size'),
  message_invalid: reply(550, '5.6.0', 'The message cannot be sent as it is'),
  sender_mismatch: reply(550, '5.7.1', 'The From header must be on the domain of MAIL FROM'),
  service_unavailable: reply(451, '4.3.0', 'Temporarily unavailable; nothing queued, retry later'),
  // SMTP_MAX_BYTES_IN_FLIGHT: this process holds as much mail as it may; the client retries.
  too_much_in_flight: reply(451, '4.3.0', 'Too much mail in progress; nothing queued, retry later'),
  shutting_down: reply(421, '4.3.2', 'The relay is restarting; retry'),
  too_many_connections: reply(421, '4.7.0', 'Too many connections from this address; close one and retry'),
} as const satisfies Record<SmtpRefusal, SmtpReply>;

/** The error smtp-server answers with: `<code> <enhanced> <text>[: detail]`. */
export function smtpError(refusal: SmtpRefusal, detail?: string): Error & { responseCode: number } {
  const r = SMTP_REPLIES[refusal];
  // Replies are one line: the library also strips control characters, this keeps details short.
  const extra = detail ? `: ${detail.replace(/[\r\n]+/g, ' ').slice(0, 300)}` : '';
  return Object.assign(new Error(`${r.enhanced} ${r.text}${extra}`), { responseCode: r.code });
}

export const isTransient = (refusal: SmtpRefusal): boolean => SMTP_REPLIES[refusal].code < 500;
