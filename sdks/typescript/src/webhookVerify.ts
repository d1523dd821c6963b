// Verifying a webhook delivery (Postage's docs/webhooks.md, "Verifying"; this package's README,
// "Webhook verification"), with Web Crypto (crypto.subtle):
//
//   - Standard Webhooks (required by default; every Postage delivery carries them): `webhook-id`,
//     `webhook-timestamp` and `webhook-signature`, which holds `v1,<base64 HMAC-SHA256 of
//     "<webhook-id>.<webhook-timestamp>.<body>">` (two, space-separated, for 24 hours after a
//     secret rotation), keyed with the bytes of the base64 text after `whsec_`;
//     `webhook-timestamp` must be within the tolerance (5 minutes) of now, so a delivery captured
//     once cannot be played again later.
//   - X-Service-Signature: `sha256=` + lowercase hex HMAC-SHA256 of the raw body, keyed with the
//     signing secret as it is (its UTF-8 bytes, `whsec_` included). It has no timestamp, so it is
//     checked only for a delivery without the Standard Webhooks headers, and only when the caller
//     opts in with `insecureSignatureOnly` (giving up replay protection). Beside the Standard
//     Webhooks headers it is not checked: `webhook-signature` covers the same body with the same
//     secret, and the id and timestamp as well.
//
// Signatures are compared in constant time, over the raw bytes, before anything is parsed. The
// body is then read as one typed event, from the envelope `{event_type, payload}` or from the flat
// test-event shape (fields at the top level; docs/webhooks.md, "Payloads"). The type is only ever
// read from the signed body: the envelope's `event_type`, or a flat body's `status`
// (FLAT_EVENT_TYPES); never from the X-Service-Event header, which no signature covers.
import type { components } from './generated/openapi.js';
import { PostageError } from './errors.js';
import { webCrypto } from './platform.js';

/** The event types of the API (those an endpoint subscribes to). */
export type WebhookEventType = components['schemas']['CreateWebhookRequest']['events'][number];

/** The raw body, exactly as received: a Buffer/Uint8Array, an ArrayBuffer, or the text. Never a re-serialised object. */
export type WebhookBody = string | Uint8Array | ArrayBuffer;

/** The request headers: a fetch `Headers`, or a plain object such as Node's `req.headers` (names in any case). */
export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;

export interface VerifyWebhookOptions {
  /** How far `webhook-timestamp` may be from now, either way, in seconds (default 300: 5 minutes, as the Standard Webhooks libraries allow). */
  toleranceSeconds?: number;
  /**
   * INSECURE, off by default: also accept a delivery that carries none of the Standard Webhooks
   * headers (`webhook-id`, `webhook-timestamp`, `webhook-signature`) on its X-Service-Signature
   * alone. That signature has no timestamp, so such a delivery, captured once, can be played to
   * you again at any time and still verify: this gives up replay protection. Only for a receiver
   * behind something that strips the `webhook-*` headers. A delivery that carries them is checked
   * in full all the same.
   */
  insecureSignatureOnly?: boolean;
  /**
   * @deprecated The Standard Webhooks headers are required by default. `true` still refuses a
   * delivery without them even when `insecureSignatureOnly` is set; `false` changes nothing.
   */
  requireTimestamp?: boolean;
  /** The time to compare `webhook-timestamp` with (default: now). */
  now?: Date;
}

/**
 * The fields of an event, by name: `payload` of the envelope, or the top level of the flat test
 * shape. For the events about messages you send, all values are strings except `tags` and
 * `bounced_recipients`; `email.received`'s payload is structured (read it typed as
 * `WebhookEvent.received`).
 */
export interface WebhookEventData {
  /** The send's message id (envelope events); in `email.received`, the sent message it answers, or null. */
  message_id?: string | null;
  /** A flat test event's synthetic provider id (`service-test-...`). */
  provider_message_id?: string;
  recipient?: string;
  /** `queued`, `delivered`, `bounced`, `complaint`, `failed`, `delivery_delayed` or `unsubscribed` (opens and clicks have none in the envelope; a flat test event's is `opened` or `clicked`). */
  status?: string;
  subject?: string;
  mode?: string;
  /** `Permanent` (address suppressed) or `Transient`. */
  bounce_type?: string;
  bounce_subtype?: string;
  bounced_recipients?: string[];
  /** Why an `email.failed` message failed; for `email.delivery_delayed`, the receiving server's answer (addresses replaced by `[address]`), when SES gave one. */
  reason?: string;
  /** `email.delivery_delayed`: SES's delay type (`MailboxFull`, `SpamDetected`, ...; any other reads `Undetermined`). */
  delay_type?: string;
  /** `email.delivery_delayed`: when SES stops trying (ISO 8601), when known. */
  expiration_time?: string;
  /** `email.opened`, `email.clicked`, `email.unsubscribed`: when it happened (ISO 8601). */
  occurred_at?: string;
  /** `email.opened`, `email.clicked`: `"true"` for scanners, prefetches and privacy proxies (marked, never left out), else `"false"`. A string, like every payload value. */
  machine?: string;
  /** `email.opened`, `email.clicked`: the User-Agent of the request. */
  user_agent?: string;
  /** `email.clicked`: the original URL of the link. */
  url?: string;
  /** `email.clicked`: the link's position in the message, from `"0"` (a string). */
  link_index?: string;
  /** `email.unsubscribed`: the topic of the link; absent when it was for all mail. */
  topic?: string;
  /** The send's tags, when it had some. */
  tags?: Record<string, string>;
  idempotency_key?: string;
  timestamp?: string;
  [field: string]: unknown;
}

/** A sender-authentication result (docs/inbound.md, "Authentication"); any other string is one this version does not know. */
export type ReceivedEmailVerdict =
  'pass' | 'fail' | 'softfail' | 'neutral' | 'none' | 'temperror' | 'permerror' | (string & {});

/** A mailbox of a received message's headers: `name` is `""` when the header gives none. */
export interface ReceivedEmailMailbox {
  address: string;
  name: string;
}

/** An attachment of a received message. Its bytes only through `download_url` (docs/inbound.md, "Attachments"). */
export interface ReceivedEmailAttachment {
  id: string;
  filename: string;
  /** What the bytes are, detected from them; `application/octet-stream` when not recognised. */
  content_type: string;
  /** What the sender declared: not to be trusted. */
  declared_content_type: string;
  /** Bytes. */
  size: number;
  /** Hex SHA-256 of the bytes. */
  sha256: string;
  /** An inline part's Content-ID (what the HTML's `cid:` refers to), else null. */
  content_id: string | null;
  /** Signed, expiring, no API key needed; always served as `application/octet-stream`. */
  download_url: string;
  /** When `download_url` stops working (ISO 8601). */
  expires_at: string;
}

/** The sender checks of a received message; `spam` and `virus` through SES receiving only. */
export interface ReceivedEmailAuthentication {
  spf: ReceivedEmailVerdict;
  dkim: ReceivedEmailVerdict;
  dmarc: ReceivedEmailVerdict;
  arc: ReceivedEmailVerdict;
  spam?: ReceivedEmailVerdict;
  virus?: ReceivedEmailVerdict;
}

/**
 * A received message: the payload of `email.received` (docs/inbound.md, "The email.received
 * event"), and, with its `id`, what `GET /api/inbound/{id}` gives.
 */
export interface ReceivedEmail {
  inbound_id: string;
  /** The message you sent with Postage that this one answers, or null. */
  message_id: string | null;
  /** The inbound domain it was received at. */
  domain: string;
  /** The rule that routed it (null once that rule is deleted). */
  rule_id: string | null;
  /** ISO 8601. */
  received_at: string;
  /** MAIL FROM (`""` for the null sender) and the one recipient it was received for. */
  envelope: { from: string; to: string };
  from: ReceivedEmailMailbox | null;
  to: ReceivedEmailMailbox[];
  cc: ReceivedEmailMailbox[];
  reply_to: ReceivedEmailMailbox[];
  subject: string;
  text: string | null;
  /** The sender's HTML, as it came: never render it unsanitised (docs/inbound.md, "HTML is never rendered"). */
  html: string | null;
  /** True when `text` or `html` was cut in the webhook; `GET /api/inbound/{id}` has them whole. */
  truncated: boolean;
  headers: { message_id: string | null; in_reply_to: string | null; references: string[] };
  authentication: ReceivedEmailAuthentication;
  attachments: ReceivedEmailAttachment[];
  /** The whole message as received, in bytes. */
  size: number;
  /** `mx` (Postage's MX listener) or `ses` (Amazon SES receiving). */
  source: 'mx' | 'ses' | (string & {});
}

/** A verified delivery, whichever shape its body had. */
export interface WebhookEvent {
  /** `email.delivered`, ...: the envelope's `event_type`, or for the flat shape the type its signed `status` names (`queued` is `email.sent`, `delivered` `email.delivered`, `bounced` `email.bounced`, `complaint` `email.complained`, `failed` `email.failed`, and `delivery_delayed`, `opened`, `clicked`, `unsubscribed` the `email.` type of the same name). Never the X-Service-Event header. */
  type: WebhookEventType | (string & {});
  /** `envelope` (`{event_type, payload}`) or `flat` (the test-event shape, fields at the top level). */
  shape: 'envelope' | 'flat';
  /** True for a flat test event (POST /api/webhooks/{id}/test, or a replay of one). */
  test: boolean;
  /** `message_id`, or a flat test event's `provider_message_id`; for `email.received`, the sent message it answers (`''` when none). */
  messageId: string;
  /** The recipient; for `email.received`, the address it was received at (`envelope.to`). */
  recipient: string;
  status: string;
  /** Every field of the event, by name. */
  data: WebhookEventData;
  /** `email.received`: the received message, typed (the payload, checked to have its shape); undefined for every other event. */
  received?: ReceivedEmail;
  /** The Standard Webhooks `webhook-id` (the same on every delivery of one event: deduplicate on it); undefined only for a delivery accepted by `insecureSignatureOnly` without it. */
  webhookId: string | undefined;
  /** When this delivery was signed (`webhook-timestamp`); undefined only for a delivery accepted by `insecureSignatureOnly` without it. */
  timestamp: Date | undefined;
  /** The parsed body as it was sent. */
  body: unknown;
}

export type WebhookVerificationFailure =
  'missing_signature' | 'invalid_signature' | 'missing_headers' | 'timestamp_out_of_tolerance' | 'invalid_body';

/**
 * The delivery is not a genuine Postage webhook signed with this secret, or not a fresh one.
 * `reason`: `missing_headers` (no `webhook-id`, `webhook-timestamp` or `webhook-signature`),
 * `timestamp_out_of_tolerance` (a stale or future `webhook-timestamp`: a replayed delivery, or a
 * clock far off), `invalid_signature` (a tampered body, another secret), `invalid_body` (signed,
 * but not an event), `missing_signature` (no X-Service-Signature, with `insecureSignatureOnly` on
 * a delivery without the Standard Webhooks headers).
 */
export class WebhookVerificationError extends PostageError {
  constructor(
    readonly reason: WebhookVerificationFailure,
    message: string,
  ) {
    super(`Webhook verification failed: ${message}`);
  }
}

const encoder = new TextEncoder();

function bytesOf(body: WebhookBody): Uint8Array {
  if (typeof body === 'string') return encoder.encode(body);
  if (body instanceof Uint8Array) return body;
  if (body instanceof ArrayBuffer) return new Uint8Array(body);
  throw new TypeError(
    'verifyWebhook: pass the raw request body (a Buffer, Uint8Array, ArrayBuffer or string), not a parsed object: a re-serialised body does not match its signature',
  );
}

function headerOf(headers: WebhookHeaders, name: string): string | undefined {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined;
  for (const [key, value] of Object.entries(headers as Record<string, string | string[] | undefined>)) {
    if (key.toLowerCase() !== name) continue;
    return Array.isArray(value) ? value.join(', ') : value;
  }
  return undefined;
}

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** Equal in time that does not depend on where the inputs differ (their length is no secret). */
export function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i]! ^ b[i]!;
  return diff === 0;
}

async function hmacSha256(key: Uint8Array, data: Uint8Array): Promise<Uint8Array> {
  const subtle = (await webCrypto()).subtle;
  const cryptoKey = await subtle.importKey(
    'raw',
    key as Uint8Array<ArrayBuffer>,
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  return new Uint8Array(await subtle.sign('HMAC', cryptoKey, data as Uint8Array<ArrayBuffer>));
}

const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
const base64 = (bytes: Uint8Array) => btoa(Array.from(bytes, (b) => String.fromCharCode(b)).join(''));

/** The Standard Webhooks key of a `whsec_<base64>` secret: the bytes of the base64 text. */
function standardKey(secret: string): Uint8Array | undefined {
  const text = secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret;
  try {
    return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
  } catch {
    return undefined;
  }
}

async function serviceSignatureMatches(secrets: readonly string[], body: Uint8Array, header: string): Promise<boolean> {
  const given = encoder.encode(header.trim());
  let match = false;
  for (const secret of secrets)
    match =
      constantTimeEqual(encoder.encode(`sha256=${hex(await hmacSha256(encoder.encode(secret), body))}`), given) ||
      match;
  return match;
}

async function standardSignatureMatches(
  secrets: readonly string[],
  id: string,
  timestamp: string,
  body: Uint8Array,
  header: string,
): Promise<boolean> {
  const candidates = header
    .split(' ')
    .filter((part) => part.startsWith('v1,'))
    .map((part) => encoder.encode(part.slice(3)));
  const signed = concat(encoder.encode(`${id}.${timestamp}.`), body);
  let match = false;
  for (const secret of secrets) {
    const key = standardKey(secret);
    if (!key) continue;
    const expected = encoder.encode(base64(await hmacSha256(key, signed)));
    for (const candidate of candidates) match = constantTimeEqual(expected, candidate) || match;
  }
  return match;
}

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

/**
 * The event type of a flat test event, which names no type of its own, from its signed `status`
 * (one status per type, as the API's test events set it).
 */
const FLAT_EVENT_TYPES: ReadonlyMap<string, WebhookEventType> = new Map([
  ['queued', 'email.sent'],
  ['delivered', 'email.delivered'],
  ['bounced', 'email.bounced'],
  ['complaint', 'email.complained'],
  ['failed', 'email.failed'],
  ['delivery_delayed', 'email.delivery_delayed'],
  ['opened', 'email.opened'],
  ['clicked', 'email.clicked'],
  ['unsubscribed', 'email.unsubscribed'],
]);

const isText = (value: unknown): value is string => typeof value === 'string';
const isTextOrNull = (value: unknown): value is string | null => value === null || typeof value === 'string';
const isMailbox = (value: unknown): value is ReceivedEmailMailbox => {
  const box = asRecord(value);
  return box !== undefined && isText(box.address) && isText(box.name);
};
const isListOf = <T>(value: unknown, item: (v: unknown) => v is T): value is T[] =>
  Array.isArray(value) && value.every((v) => item(v));

/** The fields of `email.received`'s payload that a received message always has, each with a check of its type. */
const RECEIVED_EMAIL_FIELDS: [keyof ReceivedEmail, (value: unknown) => boolean][] = [
  ['inbound_id', isText],
  ['message_id', isTextOrNull],
  ['domain', isText],
  ['rule_id', isTextOrNull],
  ['received_at', isText],
  ['envelope', (v) => isText(asRecord(v)?.from) && isText(asRecord(v)?.to)],
  ['from', (v) => v === null || isMailbox(v)],
  ['to', (v) => isListOf(v, isMailbox)],
  ['cc', (v) => isListOf(v, isMailbox)],
  ['reply_to', (v) => isListOf(v, isMailbox)],
  ['subject', isText],
  ['text', isTextOrNull],
  ['html', isTextOrNull],
  ['truncated', (v) => typeof v === 'boolean'],
  [
    'headers',
    (v) =>
      isTextOrNull(asRecord(v)?.message_id) &&
      isTextOrNull(asRecord(v)?.in_reply_to) &&
      isListOf(asRecord(v)?.references, isText),
  ],
  ['authentication', (v) => ['spf', 'dkim', 'dmarc', 'arc'].every((name) => isText(asRecord(v)?.[name]))],
  [
    'attachments',
    (v) =>
      isListOf(v, (a): a is ReceivedEmailAttachment => {
        const r = asRecord(a);
        return (
          r !== undefined &&
          ['id', 'filename', 'content_type', 'declared_content_type', 'sha256', 'download_url', 'expires_at'].every(
            (name) => isText(r[name]),
          ) &&
          typeof r.size === 'number' &&
          isTextOrNull(r.content_id)
        );
      }),
  ],
  ['size', (v) => typeof v === 'number'],
  ['source', isText],
];

/**
 * `email.received`'s payload as a ReceivedEmail. It is signed, so a payload without the shape is
 * no forgery but an API this version does not read: refused all the same, rather than handing
 * the receiver an object its types lie about.
 */
function receivedEmailOf(payload: Record<string, unknown>): ReceivedEmail {
  const wrong = RECEIVED_EMAIL_FIELDS.filter(([name, check]) => !check(payload[name])).map(([name]) => name);
  if (wrong.length)
    throw new WebhookVerificationError(
      'invalid_body',
      `the email.received payload is not a received email (${wrong.join(', ')} missing or of another type)`,
    );
  return payload as unknown as ReceivedEmail;
}

/** The typed event of a verified body; its type only from what the signature covers. */
export function eventOf(body: Uint8Array, webhookId: string | undefined, timestamp: Date | undefined): WebhookEvent {
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder().decode(body));
  } catch {
    throw new WebhookVerificationError('invalid_body', 'the body is not JSON');
  }
  const outer = asRecord(parsed);
  if (!outer) throw new WebhookVerificationError('invalid_body', 'the body is not a JSON object');
  const payload = asRecord(outer.payload);
  const envelope = typeof outer.event_type === 'string' && payload !== undefined;
  const data = (envelope ? payload : outer) as WebhookEventData;
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const type = envelope ? text(outer.event_type) : (FLAT_EVENT_TYPES.get(text(data.status)) ?? '');
  if (!type)
    throw new WebhookVerificationError(
      'invalid_body',
      envelope
        ? 'the envelope has an empty event_type'
        : `the flat body's status (${JSON.stringify(data.status ?? null)}) names no event type`,
    );
  // The received-email payload is structured: typed as a whole, its recipient the one it came to.
  const received = payload && envelope && type === 'email.received' ? receivedEmailOf(payload) : undefined;
  return {
    type,
    shape: envelope ? 'envelope' : 'flat',
    test: !envelope,
    messageId: text(data.message_id) || text(data.provider_message_id),
    recipient: received ? received.envelope.to : text(data.recipient),
    status: text(data.status),
    data,
    ...(received ? { received } : {}),
    webhookId,
    timestamp,
    body: parsed,
  };
}

const STANDARD_HEADERS = ['webhook-id', 'webhook-timestamp', 'webhook-signature'] as const;

/**
 * Verifies a webhook delivery and returns its event; throws a WebhookVerificationError when it is
 * not a fresh delivery signed with `secret`: the Standard Webhooks headers missing, a timestamp
 * outside the tolerance (a replayed delivery), a tampered body or another secret. `secret` is the
 * endpoint's signing secret (`whsec_...`); during a rotation, pass both the new and the old one
 * (an array): a signature made with either is accepted.
 */
export async function verifyWebhook(
  rawBody: WebhookBody,
  headers: WebhookHeaders,
  secret: string | readonly string[],
  options: VerifyWebhookOptions = {},
): Promise<WebhookEvent> {
  const body = bytesOf(rawBody);
  const secrets = (typeof secret === 'string' ? [secret] : [...secret]).filter(
    (s) => typeof s === 'string' && s !== '',
  );
  if (secrets.length === 0) throw new TypeError('verifyWebhook: the signing secret is required');

  const [webhookId, timestampText, standardSignature] = STANDARD_HEADERS.map((name) => headerOf(headers, name));
  const missing = STANDARD_HEADERS.filter((_, i) => ![webhookId, timestampText, standardSignature][i]);

  if (
    missing.length === STANDARD_HEADERS.length &&
    options.insecureSignatureOnly === true &&
    options.requireTimestamp !== true
  ) {
    // The opt-in: X-Service-Signature alone, which no timestamp protects from a replay.
    const serviceSignature = headerOf(headers, 'x-service-signature');
    if (!serviceSignature)
      throw new WebhookVerificationError(
        'missing_signature',
        'no X-Service-Signature header (and no Standard Webhooks headers)',
      );
    if (!(await serviceSignatureMatches(secrets, body, serviceSignature)))
      throw new WebhookVerificationError('invalid_signature', 'X-Service-Signature does not match the body and secret');
    return eventOf(body, undefined, undefined);
  }

  if (!webhookId || !timestampText || !standardSignature) {
    throw new WebhookVerificationError(
      'missing_headers',
      missing.length === STANDARD_HEADERS.length
        ? 'no webhook-id, webhook-timestamp or webhook-signature header: every Postage delivery carries them, and without their timestamp a replayed delivery cannot be refused (insecureSignatureOnly accepts X-Service-Signature alone, giving up that protection)'
        : `no ${missing.join(' or ')} header (webhook-id, webhook-timestamp and webhook-signature go together)`,
    );
  }
  const stamp = timestampText.trim();
  if (!/^\d{1,15}$/.test(stamp))
    throw new WebhookVerificationError(
      'timestamp_out_of_tolerance',
      `webhook-timestamp ${JSON.stringify(timestampText)} is not a Unix time`,
    );
  const seconds = Number(stamp);
  const now = (options.now ?? new Date()).getTime() / 1000;
  const tolerance = options.toleranceSeconds ?? 300;
  if (now - seconds > tolerance)
    throw new WebhookVerificationError(
      'timestamp_out_of_tolerance',
      `webhook-timestamp is ${Math.round(now - seconds)} seconds old, more than the tolerance of ${tolerance}: a delivery played again, or a clock far off`,
    );
  if (seconds - now > tolerance)
    throw new WebhookVerificationError(
      'timestamp_out_of_tolerance',
      `webhook-timestamp is ${Math.round(seconds - now)} seconds in the future, more than the tolerance of ${tolerance}: a clock far off`,
    );
  if (!(await standardSignatureMatches(secrets, webhookId, stamp, body, standardSignature)))
    throw new WebhookVerificationError('invalid_signature', 'no webhook-signature matches the body and secret');
  return eventOf(body, webhookId, new Date(seconds * 1000));
}
