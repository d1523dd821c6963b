// Receiving email (docs/inbound.md): the shapes the listeners, the API, the worker and the SDKs
// share. Only ids travel through Temporal; a received message's content stays in PostgreSQL
// (inbound_messages), kept for the shared content retention.

/** Where a received message came in: Postage's MX listener, or Amazon SES receiving (S3 + SNS). */
export type InboundSource = 'mx' | 'ses';

/** One sender-authentication result, as mailauth or SES reports it, lower-cased. */
export type AuthVerdict = 'pass' | 'fail' | 'softfail' | 'neutral' | 'none' | 'temperror' | 'permerror';
export const AUTH_VERDICTS: readonly AuthVerdict[] = [
  'pass',
  'fail',
  'softfail',
  'neutral',
  'none',
  'temperror',
  'permerror',
];

/** The sender checks of a received message (docs/inbound.md, "Authentication"). */
export interface AuthVerdicts {
  spf: AuthVerdict;
  dkim: AuthVerdict;
  dmarc: AuthVerdict;
  arc: AuthVerdict;
  /** SES receiving only: its spam and virus scans. */
  spam?: AuthVerdict;
  virus?: AuthVerdict;
}

/** How a rule matches the local part: `support`, `reply+*` (`reply` with or without a tag), `*`. */
export type InboundRuleKind = 'address' | 'tag' | 'catch_all';

export interface Mailbox {
  address: string;
  name: string;
}

/** An attachment as the event and the API describe it; its bytes only through `download_url`. */
export interface InboundAttachmentView {
  id: string;
  filename: string;
  /** What the bytes are (detected from their content); `application/octet-stream` when unknown. */
  content_type: string;
  /** What the sender declared: not trusted, shown for reference. */
  declared_content_type: string;
  size: number;
  sha256: string;
  content_id: string | null;
  /** Signed, expiring, no API key needed. */
  download_url: string;
  expires_at: string;
}

/**
 * `email.received`'s payload (docs/webhooks.md, "Events"; docs/inbound.md, "The event"), and the
 * body of GET /api/inbound/{id}. Unlike the outbound events it is structured: arrays, objects,
 * nulls. `message_id` names, as in every event, a message sent with Postage: the one this
 * message answers, or null.
 */
export interface ReceivedEmailPayload {
  inbound_id: string;
  message_id: string | null;
  domain: string;
  rule_id: string | null;
  received_at: string;
  envelope: { from: string; to: string };
  from: Mailbox | null;
  to: Mailbox[];
  cc: Mailbox[];
  reply_to: Mailbox[];
  subject: string;
  text: string | null;
  html: string | null;
  /** True when text or html was cut to MAX_EVENT_BODY_CHARS in the webhook (the API has them whole). */
  truncated: boolean;
  headers: { message_id: string | null; in_reply_to: string | null; references: string[] };
  authentication: AuthVerdicts;
  attachments: InboundAttachmentView[];
  size: number;
  source: InboundSource;
}

/** text and html each, in the webhook body. */
export const MAX_EVENT_BODY_CHARS = 256 * 1024;

/** The receive workflow's input: ids only. */
export interface ReceiveEmailInput {
  inboundId: string;
  accountId: string;
  source: InboundSource;
}

export function receiveWorkflowId(inboundId: string): string {
  return `receive-${inboundId}`;
}

/** Starts receive workflows; the API (SES receiving), the MX listener and the worker's relay use it. */
export interface InboundWorkflows {
  /** Starts `receive-<inbound id>`; an existing run (open or closed) is left alone: `exists`. Rejects after `deadline` (epoch ms). */
  startReceive(input: ReceiveEmailInput, deadline: number): Promise<'started' | 'exists'>;
}
