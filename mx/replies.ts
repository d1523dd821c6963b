// The one table of the MX listener's refusals (docs/inbound.md, "What is refused"), each with the
// SMTP reply a sending mail server understands: 5xx when sending the same message again cannot
// help (it bounces to its sender at once), 4xx when it may pass later (the sender queues it and
// retries). The enhanced status code (RFC 3463) starts the reply text.

export interface MxReply {
  code: number;
  enhanced: string;
  text: string;
}

export type MxRefusal =
  | 'not_inbound'
  | 'no_rule'
  | 'over_allowance'
  | 'too_many_recipients'
  | 'too_many_refused_recipients'
  | 'message_too_big'
  | 'message_invalid'
  | 'service_unavailable'
  | 'too_much_in_flight'
  | 'rate_limited'
  | 'too_many_connections'
  | 'shutting_down';

const reply = (code: number, enhanced: string, text: string): MxReply => ({ code, enhanced, text });

export const MX_REPLIES = {
  // The recipient's domain is not an inbound domain of any account (never an open relay), or no
  // rule of its inbound domain matches: one reply, so a sender cannot tell inbound domains apart.
  not_inbound: reply(550, '5.1.1', 'No such mailbox'),
  no_rule: reply(550, '5.1.1', 'No such mailbox'),
  // Temporary: more allowance (next month, a larger plan) lets the retry in. The reply of a store
  // outage, so a sender cannot tell that an account's allowance is spent.
  over_allowance: reply(451, '4.3.0', 'Temporarily unavailable; nothing kept, retry later'),
  too_many_recipients: reply(452, '4.5.3', 'Too many recipients in this transaction; send the rest in another one'),
  // A client that keeps naming recipients nobody here takes (probing addresses or domains): 421 closes the connection.
  too_many_refused_recipients: reply(421, '4.7.0', 'Too many refused recipients'),
  message_too_big: reply(552, '5.3.4', 'Message exceeds the maximum size'),
  message_invalid: reply(550, '5.6.0', 'Malformed message'),
  // Storage or Temporal away before the commit: nothing was kept, the sender retries.
  service_unavailable: reply(451, '4.3.0', 'Temporarily unavailable; nothing kept, retry later'),
  // MX_MAX_BYTES_IN_FLIGHT: this process holds as much mail as it may; the sender retries.
  too_much_in_flight: reply(451, '4.3.0', 'Too much mail in progress; nothing kept, retry later'),
  rate_limited: reply(450, '4.7.1', 'Too many messages from this address; retry later'),
  too_many_connections: reply(421, '4.7.0', 'Too many connections from this address; close one and retry'),
  shutting_down: reply(421, '4.3.2', 'The listener is restarting; retry'),
} as const satisfies Record<MxRefusal, MxReply>;

/** The error smtp-server answers with: `<code> <enhanced> <text>[: detail]`. */
export function mxError(refusal: MxRefusal, detail?: string): Error & { responseCode: number } {
  const r = MX_REPLIES[refusal];
  // One line: smtp-server also strips control characters; this keeps a detail short.
  const extra = detail ? `: ${detail.replace(/[\r\n]+/g, ' ').slice(0, 200)}` : '';
  return Object.assign(new Error(`${r.enhanced} ${r.text}${extra}`), { responseCode: r.code });
}
