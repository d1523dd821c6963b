// The JSON Schema (2020-12, the dialect of OpenAPI 3.1) of POST /api/send/ bodies
// (docs/sending.md, "Send an email"). /openapi.json publishes it and ajv validates requests with
// it, so the two cannot drift; the rules the code checks with its own messages (address shapes,
// strict base64, the cross-field rules) are published too and left out of the ajv pass
// (checkedInCode.ts). Limits that are configurable (attachment count and size) are filled in from
// the config.
import { checkedInCode } from './checkedInCode';
import { named } from './named';
import { MAILBOX } from './patterns';
import {
  HEADER_SAFE,
  MAX_MESSAGE_TAGS,
  MAX_SUBJECT_LENGTH,
  MESSAGE_TAG,
  NO_NUL,
  UNSUBSCRIBE_TOPIC,
} from '../../core/model/messageContent';
import { IDEMPOTENCY_KEY } from '../../core/sending/idempotency';
import {
  HEADER_NAME,
  MAX_CUSTOM_HEADER_BYTES,
  MAX_CUSTOM_HEADERS,
  MAX_HEADER_VALUE_LENGTH,
  structuralHeaderPattern,
} from '../../core/model/customHeaders';

export { HEADER_SAFE, IDEMPOTENCY_KEY, NO_NUL };
import { MAX_SCHEDULE_DAYS, SCHEDULE_PAST_GRACE_MINUTES } from '../../core/sending/scheduledSends';

const MIME_TYPE = '^[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]*/[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]*$';
/** A template's id (a UUID, either case) or alias. */
const TEMPLATE_REF = '^[A-Za-z0-9-]{1,64}$';
/** RFC 3339 with its offset (a time without one would be read in some server's zone). */
export const SCHEDULED_AT =
  '^[0-9]{4}-[0-9]{2}-[0-9]{2}[Tt][0-9]{2}:[0-9]{2}:[0-5][0-9](?:\\.[0-9]{1,9})?(?:[Zz]|[+-][0-9]{2}:[0-9]{2})$';
const UNSUBSCRIBE_DESCRIPTION =
  'Adds RFC 8058 one-click unsubscribe headers (`List-Unsubscribe` with a link to Postage, and `List-Unsubscribe-Post`): `{}` for all mail of the account, or `{ "topic": "product-news" }` for one topic. ' +
  'A recipient who unsubscribes is suppressed (reason `unsubscribed`, with the topic): later sends to them with the same topic, or any send after an all-mail unsubscribe, are refused with 422 `recipient_suppressed` (docs/sending.md, "One-click unsubscribe").';
/** Strict base64 (core/platform/strictBase64.ts checks it: this pattern over megabytes overflows V8's regex engine). */
const BASE64 = '^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$';

/** One mailbox; ajv checks only that it is header-safe, parseMailbox the rest (with its own messages). */
const mailbox = (maxLength: number, description: string) =>
  checkedInCode({ type: 'string', minLength: 1, maxLength, pattern: MAILBOX, description } as const, {
    type: 'string',
    minLength: 1,
    maxLength,
    pattern: HEADER_SAFE,
    description,
  });

/** "`field` is present (and matches `schema`)", in a form ajv's strict mode accepts too. */
const present = (field: string, schema: object) =>
  ({ type: 'object', required: [field], properties: { [field]: schema } }) as const;

export interface SendRequestLimits {
  maxAttachments: number;
  maxAttachmentBytes: number;
}

export function buildSendRequestSchema(limits: SendRequestLimits) {
  const shape = {
    type: 'object',
    additionalProperties: false,
    required: ['to'],
    description:
      'One email. `from_email` (or its alias `from`) is required, and at least one of `message`, `html`, `attachments` or `template` must be non-empty; `template` excludes `subject`, `html` and `message`. Unknown fields are rejected. ' +
      'Rules a schema cannot state: on the test domain only its documented local parts exist (400 on `to`); attachments together at most ' +
      `${limits.maxAttachmentBytes} bytes once decoded (400); the \`Idempotency-Key\` header and \`idempotency_key\` must agree when both are sent (400); ` +
      'the sender must be on a verified domain of the account that the key may use (403).',
    properties: {
      to: mailbox(512, 'Exactly one recipient: `addr@example.com` or `Name <addr@example.com>`.'),
      from_email: mailbox(320, 'Sender address on a verified domain of the account (`Name <addr>` accepted).'),
      from: mailbox(320, 'Alias of `from_email`: send one of the two (equal values in both are accepted too).'),
      from_name: {
        type: 'string',
        maxLength: 200,
        pattern: HEADER_SAFE,
        description: 'Display name next to the sender address.',
      },
      subject: { type: 'string', maxLength: MAX_SUBJECT_LENGTH, pattern: HEADER_SAFE },
      message: { type: 'string', pattern: NO_NUL, description: 'Plain-text body.' },
      html: {
        type: 'string',
        pattern: NO_NUL,
        description:
          'HTML body; wins over `message` when both are sent. Keep it under 100 KB (some clients clip above 102 KB).',
      },
      attachments: {
        type: 'array',
        maxItems: limits.maxAttachments,
        description: `At most ${limits.maxAttachments} attachments, together at most ${limits.maxAttachmentBytes} bytes once decoded.`,
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['filename', 'content'],
          properties: {
            filename: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[^\\x00-\\x1F\\x7F\\\\/"]*$' },
            content: checkedInCode(
              {
                type: 'string',
                contentEncoding: 'base64',
                pattern: BASE64,
                description: 'The file, base64-encoded (RFC 4648 alphabet, padded, no line breaks).',
              } as const,
              {
                type: 'string',
                contentEncoding: 'base64',
              },
            ),
            content_type: {
              type: 'string',
              maxLength: 255,
              pattern: MIME_TYPE,
              description: 'MIME type; guessed from the file name when absent.',
            },
          },
        },
      },
      reply_to: mailbox(320, 'One address for replies.'),
      scheduled_at: checkedInCode(
        {
          type: 'string',
          format: 'date-time',
          maxLength: 40,
          pattern: SCHEDULED_AT,
          description: `Send later: an ISO 8601 date-time with a UTC offset, at most ${MAX_SCHEDULE_DAYS} days ahead; a time less than ${SCHEDULE_PAST_GRACE_MINUTES} minutes past is sent at once (an older or too distant time is a 400 on \`scheduled_at\`, which a schema cannot state). The message is gated and counted now; it can be moved or cancelled until it goes (PATCH /api/emails/{message_id}, POST /api/emails/{message_id}/cancel).`,
        } as const,
        { type: 'string', maxLength: 40, pattern: SCHEDULED_AT },
      ),
      tags: {
        type: 'object',
        maxProperties: MAX_MESSAGE_TAGS,
        propertyNames: { pattern: MESSAGE_TAG },
        additionalProperties: { type: 'string', pattern: MESSAGE_TAG },
        description: `Up to ${MAX_MESSAGE_TAGS} name/value pairs, each 1 to 256 ASCII letters, digits, \`_\` or \`-\` (what SES accepts as message tags). Passed to SES as message tags in both modes; in shared mode kept with the email log (filter with \`GET /api/emails?tag=name:value\`) and echoed as \`tags\` in the message's webhook payloads; in BYOC mode Postage keeps none of them.`,
      },
      track_opens: {
        type: 'boolean',
        description:
          'Shared mode only: add an invisible pixel to the HTML that records an `opened` event (docs/sending.md, "Tracking opens and clicks"). Absent: the domain\'s `track_opens`. Ignored for BYOC domains and test addresses.',
      },
      track_clicks: {
        type: 'boolean',
        description:
          'Shared mode only: route the HTML\'s absolute http(s) links through Postage to record `clicked` events (docs/sending.md, "Tracking opens and clicks"). Absent: the domain\'s `track_clicks`. Ignored for BYOC domains and test addresses.',
      },
      headers: checkedInCode(
        {
          type: 'object',
          maxProperties: MAX_CUSTOM_HEADERS,
          propertyNames: { pattern: HEADER_NAME, not: { pattern: structuralHeaderPattern() } },
          additionalProperties: {
            type: 'string',
            minLength: 1,
            maxLength: MAX_HEADER_VALUE_LENGTH,
            pattern: HEADER_SAFE,
          },
          description:
            `Custom headers added to the message, by name (docs/sending.md, "Custom headers"): at most ${MAX_CUSTOM_HEADERS}, each name 1 to 76 printable ASCII characters without \`:\`, each value 1 to ${MAX_HEADER_VALUE_LENGTH} characters without line breaks (non-ASCII is encoded per RFC 2047). ` +
            'Headers Postage or SES sets are refused: From, Sender, Reply-To, To, Cc, Bcc, Subject, Date, Message-ID, MIME-Version, Content-*, DKIM-Signature, Return-Path, Bounces-To, Errors-To, Received, Received-SPF, Authentication-Results, Feedback-ID, ARC-*, Resent-*, X-SES-*, X-Postage-*, and List-Unsubscribe / List-Unsubscribe-Post (set them with `unsubscribe`). In-Reply-To and References are allowed, for threading. ' +
            `Rules a schema cannot state: names are case-insensitive, so each at most once in any spelling; names and values together at most ${MAX_CUSTOM_HEADER_BYTES} bytes (UTF-8, \`name: value\` per header). Each refusal is a 400 on \`headers.<Name>\` (or \`headers\`).`,
        } as const,
        // The code checks every rule, with a message per header (core/model/customHeaders.ts).
        { type: 'object', additionalProperties: { type: 'string' } },
      ),
      template: {
        type: 'object',
        additionalProperties: false,
        required: ['id'],
        description:
          'Send a stored template (its published version) in place of `subject`, `html` and `message`, rendered now with `variables`. ' +
          'Rules a schema cannot state: an unknown template, one never published, a missing variable or a render past its bounds is a 400 on `template.id` or `template.variables`, and nothing is queued.',
        properties: {
          id: {
            type: 'string',
            minLength: 1,
            maxLength: 64,
            pattern: TEMPLATE_REF,
            description: 'The template’s id or alias.',
          },
          variables: {
            type: 'object',
            maxProperties: 1000,
            additionalProperties: true,
            description:
              'The values the template reads, by name: strings, numbers, booleans, lists and objects. In the HTML they are escaped unless the template writes `| raw`.',
          },
        },
      },
      unsubscribe: {
        type: 'object',
        additionalProperties: false,
        description: UNSUBSCRIBE_DESCRIPTION,
        properties: {
          topic: {
            type: 'string',
            pattern: UNSUBSCRIBE_TOPIC,
            description:
              'What the recipient leaves: 1 to 64 lower-case letters, digits, `_`, `.` or `-`, starting with a letter or digit. Absent: all mail.',
          },
        },
      },
      idempotency_key: {
        type: 'string',
        pattern: IDEMPOTENCY_KEY,
        description:
          'Makes a retry safe: 1 to 255 visible ASCII characters. The `Idempotency-Key` header is an alternative.',
      },
    },
  } as const;
  const published = {
    ...shape,
    allOf: [
      { oneOf: [present('from_email', { type: 'string' }), present('from', { type: 'string' })] },
      {
        anyOf: [
          present('message', { type: 'string', minLength: 1 }),
          present('html', { type: 'string', minLength: 1 }),
          present('attachments', { type: 'array', minItems: 1 }),
          // Open (additionalProperties), so generators intersect it with `template`'s own shape instead of emptying it.
          present('template', { type: 'object', additionalProperties: true }),
        ],
      },
      {
        not: {
          required: ['template'],
          anyOf: [{ required: ['subject'] }, { required: ['html'] }, { required: ['message'] }],
        },
      },
    ],
  } as const;
  return named('SendRequest', checkedInCode(published, shape));
}
