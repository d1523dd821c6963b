// Turns a POST /api/send/ body into a typed request, or field errors (400). ajv checks the
// shape against the published schema; the cross-field rules of spec 2.1 follow.
import Ajv, { type ErrorObject } from 'ajv';
import { classifyRecipient, domainOf, parseMailbox, type Mailbox, type RecipientKind } from '../core/addresses';
import type { Config } from '../core/config';
import type { Attachment } from '../core/staging';
import { sendRequestSchema } from './schemas/sendRequest';

const ajv = new Ajv({ allErrors: true, strict: true });
const validateShape = ajv.compile(sendRequestSchema);

export interface SendRequest {
  to: Mailbox;
  recipientKind: RecipientKind;
  from: Mailbox;
  fromDomain: string;
  subject: string;
  text?: string;
  html?: string;
  replyTo?: string;
  attachments: Attachment[];
  idempotencyKey?: string;
}

export type FieldErrors = Record<string, string[]>;

interface RawAttachment {
  filename: string;
  content: string;
  content_type?: string;
}

interface RawSendRequest {
  to: string;
  from_email?: string;
  from?: string;
  from_name?: string;
  subject?: string;
  message?: string;
  html?: string;
  attachments?: RawAttachment[];
  reply_to?: string;
  idempotency_key?: string;
}

function fieldPath(err: ErrorObject): string {
  const base = err.instancePath.replace(/^\//, '').replace(/\/(\d+)(?=\/|$)/g, '[$1]').replace(/\//g, '.');
  if (err.keyword === 'required') return base ? `${base}.${String(err.params.missingProperty)}` : String(err.params.missingProperty);
  if (err.keyword === 'additionalProperties') {
    const extra = String(err.params.additionalProperty);
    return base ? `${base}.${extra}` : extra;
  }
  return base || '_body';
}

function messageFor(err: ErrorObject): string {
  switch (err.keyword) {
    case 'required':
      return 'This field is required.';
    case 'additionalProperties':
      return 'Unknown field.';
    case 'pattern':
      if (err.instancePath.endsWith('/content')) return 'Must be strict base64.';
      if (err.instancePath.endsWith('/content_type')) return 'Must be a MIME type such as application/pdf.';
      return 'Must not contain line breaks or invalid characters.';
    case 'type':
      return `Must be ${String(err.params.type)}.`;
    default:
      return err.message ?? 'Invalid value.';
  }
}

function add(errors: FieldErrors, field: string, message: string): void {
  (errors[field] ??= []).push(message);
}

const MAILBOX_ERRORS = {
  line_break: 'Must not contain line breaks.',
  empty: 'Must not be empty.',
  several: 'Only one address is allowed.',
  invalid: 'Must be a valid email address.',
} as const;

export function validateSendRequest(
  body: unknown,
  config: Pick<Config, 'limits' | 'testDomain' | 'simulatorDomain'>,
  headerIdempotencyKey?: string,
): { ok: true; request: SendRequest } | { ok: false; errors: FieldErrors } {
  const errors: FieldErrors = {};
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { ok: false, errors: { _body: ['The body must be a JSON object.'] } };
  }
  if (!validateShape(body)) {
    for (const err of validateShape.errors ?? []) add(errors, fieldPath(err), messageFor(err));
    return { ok: false, errors };
  }
  const raw = body as RawSendRequest;

  const to = parseMailbox(raw.to);
  if ('error' in to) add(errors, 'to', MAILBOX_ERRORS[to.error]);

  if (raw.from_email !== undefined && raw.from !== undefined && raw.from_email !== raw.from) {
    add(errors, 'from_email', '`from` is an alias of `from_email`; send one of them.');
  }
  const fromRaw = raw.from_email ?? raw.from;
  let from: Mailbox | undefined;
  if (fromRaw === undefined) add(errors, 'from_email', 'This field is required.');
  else {
    const parsed = parseMailbox(fromRaw);
    if ('error' in parsed) add(errors, 'from_email', MAILBOX_ERRORS[parsed.error]);
    else from = { address: parsed.address, name: raw.from_name ?? parsed.name };
  }

  if (raw.reply_to !== undefined) {
    const parsed = parseMailbox(raw.reply_to);
    if ('error' in parsed) add(errors, 'reply_to', MAILBOX_ERRORS[parsed.error]);
  }

  if (raw.message === undefined && raw.html === undefined && (raw.attachments === undefined || raw.attachments.length === 0)) {
    add(errors, '_body', 'Send at least one of message, html or attachments.');
  }

  const attachments: Attachment[] = [];
  const rawAttachments = raw.attachments ?? [];
  if (rawAttachments.length > config.limits.maxAttachments) {
    add(errors, 'attachments', `At most ${config.limits.maxAttachments} attachments are allowed.`);
  } else {
    let total = 0;
    for (const a of rawAttachments) {
      const data = Buffer.from(a.content, 'base64');
      total += data.length;
      attachments.push({ filename: a.filename, contentType: a.content_type ?? 'application/octet-stream', data });
    }
    if (total > config.limits.maxAttachmentBytes) {
      add(errors, 'attachments', `Attachments may total at most ${config.limits.maxAttachmentBytes} bytes once decoded.`);
    }
  }

  if (headerIdempotencyKey !== undefined && raw.idempotency_key !== undefined && headerIdempotencyKey !== raw.idempotency_key) {
    add(errors, 'idempotency_key', 'The Idempotency-Key header and the idempotency_key field differ.');
  }
  const idempotencyKey = raw.idempotency_key ?? headerIdempotencyKey;
  if (idempotencyKey !== undefined && !/^[\x21-\x7E]{1,255}$/.test(idempotencyKey)) {
    add(errors, 'idempotency_key', 'Must be 1 to 255 visible ASCII characters.');
  }

  let recipientKind: RecipientKind | undefined;
  if (!('error' in to)) {
    recipientKind = classifyRecipient(to.address, config);
    if (recipientKind.kind === 'unknown_test') {
      add(errors, 'to', `Unknown test address: on ${config.testDomain} use delivered, bounce or complaint (or their aliases).`);
    }
  }

  if (Object.keys(errors).length > 0 || 'error' in to || !from || !recipientKind) return { ok: false, errors };
  return {
    ok: true,
    request: {
      to,
      recipientKind,
      from,
      fromDomain: domainOf(from.address),
      subject: raw.subject ?? '',
      ...(raw.html !== undefined ? { html: raw.html } : {}),
      ...(raw.message !== undefined ? { text: raw.message } : {}),
      ...(raw.reply_to !== undefined ? { replyTo: raw.reply_to } : {}),
      attachments,
      ...(idempotencyKey !== undefined ? { idempotencyKey } : {}),
    },
  };
}
