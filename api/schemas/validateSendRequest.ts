// Turns a POST /api/send/ body into a typed request, or field errors (400). ajv checks the shape
// against the published schema; the cross-field rules (docs/errors-and-limits.md, "400 field
// errors") follow.
import Ajv2020, { type ErrorObject } from 'ajv/dist/2020';
import { detectMimeType } from 'nodemailer/lib/mime-funcs/mime-types';
import {
  classifyRecipient,
  domainOf,
  parseMailbox,
  type Mailbox,
  type MailboxError,
  type RecipientKind,
} from '../../core/model/addresses';
import type { Config } from '../../core/platform/config';
import type { Attachment } from '../../core/model/messageContent';
import type { SendRequest } from '../../core/sending/sendMessage';
import type { FieldErrors } from '../http/errors';
import { FieldErrorCollector, fieldPath, genericFieldMessage } from '../http/fieldErrors';
import { buildSendRequestSchema, IDEMPOTENCY_KEY } from './sendRequest';
import { validationSchema } from './checkedInCode';
import { isStrictBase64 } from '../../core/platform/strictBase64';
import { checkCustomHeaders } from '../../core/model/customHeaders';
import { isUnsubscribeTopic } from '../../core/model/messageContent';

/** The use case's request (core/sending/sendMessage.ts), with the idempotency key of the body or header. */
export type ValidatedSendRequest = SendRequest & { idempotencyKey?: string };

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
  tags?: Record<string, string>;
  track_opens?: boolean;
  track_clicks?: boolean;
  headers?: Record<string, string>;
  scheduled_at?: string;
  template?: { id: string; variables?: Record<string, unknown> };
  unsubscribe?: unknown;
}

export type SendRequestValidation = { ok: true; request: ValidatedSendRequest } | { ok: false; errors: FieldErrors };
export type SendRequestValidator = (body: unknown, headerIdempotencyKey?: string) => SendRequestValidation;

function messageFor(err: ErrorObject): string {
  const field = err.instancePath.split('/').pop() ?? '';
  switch (err.keyword) {
    case 'maxItems':
      return `At most ${String(err.params.limit)} attachments are allowed.`;
    case 'pattern':
      if (field === 'content_type') return 'Must be a MIME type such as application/pdf.';
      if (field === 'idempotency_key') return 'Must be 1 to 255 visible ASCII characters.';
      if (field === 'message' || field === 'html') return 'Must not contain NUL characters.';
      return 'Must not contain line breaks or other control characters.';
    default:
      return genericFieldMessage(err);
  }
}

const MAILBOX_ERRORS: Record<MailboxError, string> = {
  line_break: 'Must not contain line breaks.',
  empty: 'Must not be empty.',
  several: 'Only one address is allowed.',
  invalid: 'Must be a valid email address.',
};

/** Every attachment `content` that is a string must be strict base64, whatever else is wrong. */
function checkAttachmentContents(body: object, add: (field: string, message: string) => void): void {
  const attachments = (body as { attachments?: unknown }).attachments;
  if (!Array.isArray(attachments)) return;
  attachments.forEach((a: unknown, i) => {
    const content = typeof a === 'object' && a !== null ? (a as { content?: unknown }).content : undefined;
    if (typeof content === 'string' && !isStrictBase64(content))
      add(`attachments[${i}].content`, 'Must be strict base64 (RFC 4648 alphabet, padded, no line breaks).');
  });
}

const TOPIC_MESSAGE = 'Must be 1 to 64 lower-case letters, digits, _, . or -, starting with a letter or digit.';

/** `unsubscribe`: `{ "topic"?: string }`, `{}` for all mail (docs/sending.md, "One-click unsubscribe"). */
function readUnsubscribe(
  value: unknown,
  add: (field: string, message: string) => void,
): { topic?: string } | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    add('unsubscribe', 'Must be an object: {} for all mail, or { "topic": "product-news" }.');
    return undefined;
  }
  const unknown = Object.keys(value).filter((k) => k !== 'topic');
  if (unknown.length > 0) add('unsubscribe', `Unknown field ${unknown[0]}: only topic is allowed.`);
  const topic = (value as { topic?: unknown }).topic;
  if (topic === undefined) return {};
  if (typeof topic !== 'string' || !isUnsubscribeTopic(topic)) {
    add('unsubscribe.topic', TOPIC_MESSAGE);
    return undefined;
  }
  return { topic };
}

const isBlank = (s: string | undefined) => s === undefined || s.length === 0;
const idempotencyKeyPattern = new RegExp(IDEMPOTENCY_KEY);

export function createSendRequestValidator(
  config: Pick<Config, 'limits' | 'testDomain' | 'simulatorDomain'>,
): SendRequestValidator {
  const ajv = new Ajv2020({ allErrors: true, strict: true });
  const validateShape = ajv.compile(validationSchema(buildSendRequestSchema(config.limits)));

  return (body, headerIdempotencyKey) => {
    const errors = new FieldErrorCollector();
    const add = (field: string, message: string) => errors.add(field, message);
    const failed = (): SendRequestValidation => ({ ok: false, errors: errors.toObject() });
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      return { ok: false, errors: { _body: ['The body must be a JSON object.'] } };
    }
    const shapeOk = validateShape(body);
    if (!shapeOk) for (const err of validateShape.errors ?? []) add(fieldPath(err), messageFor(err));
    checkAttachmentContents(body, add);
    if (!shapeOk) return failed();
    const raw = body as RawSendRequest;

    const to = parseMailbox(raw.to);
    if ('error' in to) add('to', MAILBOX_ERRORS[to.error]);

    if (raw.from_email !== undefined && raw.from !== undefined && raw.from_email !== raw.from) {
      add('from_email', '`from` is an alias of `from_email`; send one of them.');
    }
    const fromRaw = raw.from_email ?? raw.from;
    let from: Mailbox | undefined;
    if (fromRaw === undefined) add('from_email', 'This field is required.');
    else {
      const parsed = parseMailbox(fromRaw);
      if ('error' in parsed) add('from_email', MAILBOX_ERRORS[parsed.error]);
      else from = { address: parsed.address, name: raw.from_name ?? parsed.name };
    }

    let replyTo: string | undefined;
    if (raw.reply_to !== undefined) {
      const parsed = parseMailbox(raw.reply_to);
      if ('error' in parsed) add('reply_to', MAILBOX_ERRORS[parsed.error]);
      else replyTo = parsed.address;
    }

    const headers = raw.headers !== undefined && Object.keys(raw.headers).length > 0 ? raw.headers : undefined;
    if (headers) for (const problem of checkCustomHeaders(headers)) add(problem.field, problem.message);

    const rawAttachments = raw.attachments ?? [];

    if (raw.template !== undefined) {
      if (raw.subject !== undefined || raw.html !== undefined || raw.message !== undefined)
        add('template', '`template` replaces subject, html and message: send one or the other.');
    } else if (isBlank(raw.message) && isBlank(raw.html) && rawAttachments.length === 0) {
      add('_body', 'Send at least one of message, html, attachments or template (non-empty).');
    }

    const attachments: Attachment[] = rawAttachments.map((a) => ({
      filename: a.filename,
      contentType: a.content_type ?? detectMimeType(a.filename),
      data: Buffer.from(a.content, 'base64'),
    }));
    const total = attachments.reduce((sum, a) => sum + a.data.length, 0);
    if (total > config.limits.maxAttachmentBytes) {
      add(
        'attachments',
        `Attachments may total at most ${config.limits.maxAttachmentBytes} bytes once decoded (got ${total}).`,
      );
    }

    if (headerIdempotencyKey !== undefined) {
      if (!idempotencyKeyPattern.test(headerIdempotencyKey))
        add('Idempotency-Key', 'The header must be 1 to 255 visible ASCII characters.');
      else if (raw.idempotency_key !== undefined && raw.idempotency_key !== headerIdempotencyKey) {
        add('idempotency_key', 'The Idempotency-Key header and the idempotency_key field differ.');
      }
    }
    const idempotencyKey = raw.idempotency_key ?? headerIdempotencyKey;

    let scheduledAt: string | undefined;
    if (raw.scheduled_at !== undefined) {
      // The window (future, at most 30 days) is checked by sendMessage after the idempotency
      // step: a retry of an accepted scheduled send replays its answer even once the time is past.
      const at = new Date(raw.scheduled_at);
      if (Number.isNaN(at.getTime()))
        add('scheduled_at', 'Must be an ISO 8601 date-time with a UTC offset, such as 2026-12-01T09:00:00Z.');
      else scheduledAt = at.toISOString();
    }

    const unsubscribe = readUnsubscribe(raw.unsubscribe, add);

    let recipientKind: RecipientKind | undefined;
    if (!('error' in to)) {
      recipientKind = classifyRecipient(to.address, config);
      if (recipientKind.kind === 'unknown_test') {
        add(
          'to',
          `Unknown test address: on ${config.testDomain} use delivered, bounce, complaint, delayed, opened or clicked (or their aliases).`,
        );
      }
    }

    if (errors.size > 0 || 'error' in to || !from || !recipientKind) return failed();
    return {
      ok: true,
      request: {
        to,
        recipientKind,
        from,
        fromDomain: domainOf(from.address),
        subject: raw.subject ?? '',
        ...(!isBlank(raw.html) ? { html: raw.html } : {}),
        ...(!isBlank(raw.message) ? { text: raw.message } : {}),
        ...(replyTo !== undefined ? { replyTo } : {}),
        ...(raw.tags !== undefined && Object.keys(raw.tags).length > 0 ? { tags: raw.tags } : {}),
        ...(raw.track_opens !== undefined ? { trackOpens: raw.track_opens } : {}),
        ...(raw.track_clicks !== undefined ? { trackClicks: raw.track_clicks } : {}),
        ...(headers !== undefined ? { headers } : {}),
        ...(scheduledAt !== undefined ? { scheduledAt } : {}),
        ...(raw.template !== undefined
          ? { template: { id: raw.template.id, variables: raw.template.variables ?? {} } }
          : {}),
        ...(unsubscribe !== undefined ? { unsubscribe } : {}),
        attachments,
        ...(idempotencyKey !== undefined ? { idempotencyKey } : {}),
      },
    };
  };
}
