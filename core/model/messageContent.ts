// A message's content as the API accepts it and the relay sends it (docs/sending.md): staged by
// core/sending, composed into MIME by core/ses. Types only, shared by both folders.

export interface MessageContent {
  to: { address: string; name: string };
  from: { address: string; name: string };
  subject: string;
  text?: string;
  html?: string;
  replyTo?: string;
  /** Up to 10 name/value pairs (MESSAGE_TAG), passed to SES as message tags; kept with the log row in shared mode only. */
  tags?: Record<string, string>;
  /** Custom headers, by name, already checked by core/model/customHeaders.ts (docs/sending.md, "Custom headers"). */
  headers?: Record<string, string>;
  /** The sender's own `Message-ID` (`<id@host>`), kept when a message arrives over SMTP with a well-formed one; otherwise the composer makes one. */
  messageIdHeader?: string;
  /** The template and version it was rendered from (recorded on the log row in shared mode); version null: its draft (a test send). */
  template?: { id: string; version: number | null };
  /** Shared mode only (docs/sending.md, "Tracking opens and clicks"): rewrite the HTML's links and/or add the open pixel; `host` is the base URL of the tracking links. */
  tracking?: { opens: boolean; clicks: boolean; host: string };
  /** Asks for RFC 8058 one-click unsubscribe headers (docs/sending.md, "One-click unsubscribe"); `topic` absent: all mail. */
  unsubscribe?: { topic?: string };
  /** Sent with a test key (docs/test-recipients.md, "Test keys"): its log row is marked `test`. */
  test?: true;
}

/** Text that ends up in a mail header: no CR, LF or other control characters (TAB allowed). */
export const HEADER_SAFE = '^[^\\x00-\\x08\\x0A-\\x1F\\x7F]*$';
/** Bodies may hold line breaks, never NUL (it cannot be stored or sent as text). */
export const NO_NUL = '^[^\\x00]*$';
/** The longest subject: one header line of RFC 5322. */
export const MAX_SUBJECT_LENGTH = 998;

/** A tag's name and value: what SES accepts as a message tag (ASCII letters, digits, `_`, `-`; 1 to 256). */
export const MESSAGE_TAG = '^[A-Za-z0-9_-]{1,256}$';
export const MAX_MESSAGE_TAGS = 10;

/** A topic of `unsubscribe.topic` and of suppressions (docs/sending.md, "One-click unsubscribe"): lower-case letters, digits, `_`, `.`, `-`; 1 to 64. */
export const UNSUBSCRIBE_TOPIC = '^[a-z0-9][a-z0-9_.-]{0,63}$';
const topicPattern = new RegExp(UNSUBSCRIBE_TOPIC);

export function isUnsubscribeTopic(value: string): boolean {
  return topicPattern.test(value);
}

export interface Attachment {
  filename: string;
  contentType: string;
  // Buffer is a global type (no import): core/model stays free of Node modules.
  data: Buffer;
}
