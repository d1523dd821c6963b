// JSON Schemas of every response body the API sends, published in /openapi.json (each under its
// name, named.ts). The tests validate each response they receive against the served document, so
// code and document agree.
import { BATCH_MAX_ITEMS } from '../../core/sending/sendBatch';
import { SEND_REFUSAL_CODES } from '../../core/sending/sendMessage';
import { ERROR_CODES } from '../http/errors';
import { named } from './named';

/** The fields of a send's answer (also those of an accepted item of a batch). */
const sendResponseFields = {
  type: 'object',
  additionalProperties: false,
  required: ['success', 'message', 'message_id', 'mode', 'attachments'],
  properties: {
    success: { const: true },
    message: {
      type: 'string',
      description:
        'Human-readable confirmation (byoc: queued through your own AWS account; shared: queued for delivery).',
    },
    message_id: {
      type: 'string',
      pattern: '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$',
      description: 'The queued send; its workflow is `send-<message_id>`.',
    },
    mode: { enum: ['byoc', 'shared'], description: "The sending domain's mode." },
    attachments: { type: 'integer', minimum: 0, description: 'Attachments staged.' },
    warnings: {
      type: 'array',
      items: { type: 'string' },
      description:
        'Shared mode only: missing SPF, DMARC or MAIL FROM records, and for test sends a note that the send counts toward the quota.',
    },
    idempotency_key: { type: 'string', description: 'Echoed when the request carried one.' },
    scheduled_at: { type: 'string', format: 'date-time', description: 'A scheduled send: when it goes (UTC).' },
  },
} as const;

export const sendResponseSchema = named('SendResponse', { ...sendResponseFields });

export const accountRecordSchema = named('AccountRecord', {
  type: 'object',
  additionalProperties: false,
  required: [
    'name',
    'email',
    'is_verified',
    'current_plan',
    'byoc_usage_current_month',
    'shared_usage_current_month',
    'byoc_configured',
    'verified_byoc_domains',
    'verified_shared_domains',
  ],
  properties: {
    name: { type: 'string' },
    email: { type: 'string' },
    is_verified: { type: 'boolean' },
    current_plan: { type: 'string', description: "Active plan id (e.g. `growth`, `pro`); '' without a subscription." },
    byoc_usage_current_month: { type: 'integer', minimum: 0 },
    shared_usage_current_month: { type: 'integer', minimum: 0 },
    byoc_configured: { type: 'boolean' },
    verified_byoc_domains: { type: 'array', items: { type: 'string' } },
    verified_shared_domains: { type: 'array', items: { type: 'string' } },
  },
} as const);

/** `{success:false, error, detail}` restricted to the given codes. */
export function errorSchema(codes: readonly string[]) {
  return {
    type: 'object',
    additionalProperties: false,
    required: ['success', 'error', 'detail'],
    properties: {
      success: { const: false },
      error: { enum: [...codes] },
      detail: { type: 'string' },
    },
  } as const;
}

/** Every error answer with a code: each operation's answers refer to it, narrowed to the codes of their status (`narrowed`, named.ts). */
export const errorAnswerSchema = named('Error', errorSchema(ERROR_CODES));

/** 401 and the rate-limit 429: no `error` code (docs/errors-and-limits.md, "Error codes"). */
export const plainErrorSchema = named('PlainError', {
  type: 'object',
  additionalProperties: false,
  required: ['success', 'detail'],
  properties: { success: { const: false }, detail: { type: 'string' } },
} as const);

export const validationErrorSchema = named('ValidationError', {
  type: 'object',
  additionalProperties: false,
  required: ['success', 'detail', 'errors'],
  properties: {
    success: { const: false },
    detail: { type: 'string' },
    errors: {
      type: 'object',
      minProperties: 1,
      description: 'Messages by field path (`to`, `attachments[0].content`, ...); `_body` for the request as a whole.',
      additionalProperties: { type: 'array', items: { type: 'string' }, minItems: 1 },
    },
  },
} as const);

/** 200 of POST /provider/ses-events: handled, confirmed, or acknowledged and ignored. */
export const sesEventAnswerSchema = named('SesEventAnswer', {
  type: 'object',
  additionalProperties: false,
  required: ['success'],
  properties: {
    success: { const: true },
    confirmed: { const: true, description: 'A SubscriptionConfirmation was confirmed.' },
    route: {
      enum: ['signalled', 'late', 'duplicate', 'unknown_message'],
      description:
        "Where the outcome went: the message's waiting workflow, a late-outcome workflow (or it already had one: an SNS redelivery), or nowhere (not one of ours).",
    },
    ignored: { type: 'string', description: 'Why an event carries no outcome (an Open, a Send...).' },
    received: {
      type: 'object',
      additionalProperties: false,
      required: ['accepted', 'duplicate', 'ignored', 'dropped'],
      description:
        'A `Received` notification of SES receiving: what became of its recipients (docs/inbound.md, "Receiving through Amazon SES").',
      properties: {
        accepted: { type: 'integer', minimum: 0, description: 'Recipients stored as new received messages.' },
        duplicate: {
          type: 'integer',
          minimum: 0,
          description: 'Recipients stored already (SNS delivered the notification again).',
        },
        ignored: { type: 'integer', minimum: 0, description: 'Recipients no inbound rule routes.' },
        dropped: {
          type: 'integer',
          minimum: 0,
          description:
            "Recipients over their account's monthly inbound allowance, or a message over `INBOUND_MAX_MESSAGE_BYTES`.",
        },
      },
    },
  },
} as const);

/** What an item of a batch may be refused with: what a send is refused with (the rate limit and the key are the batch's). */
const BATCH_ITEM_CODES = ERROR_CODES.filter((code) => (SEND_REFUSAL_CODES as string[]).includes(code));

/** One entry of a batch answer: the item's send answer, its refusal, or its field errors. */
function batchItemSchema() {
  const index = {
    type: 'integer',
    minimum: 0,
    maximum: BATCH_MAX_ITEMS - 1,
    description: 'The position of the email in the request.',
  } as const;
  return {
    oneOf: [
      {
        ...sendResponseFields,
        required: ['index', ...sendResponseFields.required],
        properties: {
          index,
          ...sendResponseFields.properties,
          replayed: {
            const: true,
            description: "The item's own idempotency key (or the batch's) was used before: its earlier answer.",
          },
        },
      },
      {
        type: 'object',
        additionalProperties: false,
        required: ['index', 'success', 'error', 'detail'],
        properties: { index, success: { const: false }, error: { enum: BATCH_ITEM_CODES }, detail: { type: 'string' } },
      },
      {
        type: 'object',
        additionalProperties: false,
        required: ['index', 'success', 'detail', 'errors'],
        properties: {
          index,
          success: { const: false },
          detail: { type: 'string' },
          errors: validationErrorSchema.properties.errors,
        },
      },
    ],
  } as const;
}

export const sendBatchResponseSchema = named('SendBatchResponse', {
  type: 'object',
  additionalProperties: false,
  required: ['success', 'data'],
  properties: {
    success: { const: true },
    data: { type: 'array', minItems: 1, maxItems: BATCH_MAX_ITEMS, items: batchItemSchema() },
  },
} as const);
