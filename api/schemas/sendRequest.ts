// The JSON Schema (2020-12, the dialect of OpenAPI 3.1) of POST /api/send/ bodies (spec 2.1).
// ajv validates requests with it and /openapi.json publishes the very same object, so the two
// cannot drift. Limits that are configurable (attachment count) are filled in from the config.

/** Fields that end up in a mail header: no CR, LF or other control characters (TAB allowed). */
export const HEADER_SAFE = '^[^\\x00-\\x08\\x0A-\\x1F\\x7F]*$';
/** Bodies may hold line breaks, never NUL (it cannot be stored or sent as text). */
export const NO_NUL = '^[^\\x00]*$';
const MIME_TYPE = '^[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]*/[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]*$';
export const IDEMPOTENCY_KEY = '^[\\x21-\\x7E]{1,255}$';

export interface SendRequestLimits {
  maxAttachments: number;
  maxAttachmentBytes: number;
}

export function buildSendRequestSchema(limits: SendRequestLimits) {
  return {
    type: 'object',
    additionalProperties: false,
    required: ['to'],
    description:
      'One email. `from_email` (or its alias `from`) is required, and at least one of `message`, `html` or `attachments` must be non-empty. Unknown fields are rejected.',
    properties: {
      to: {
        type: 'string',
        minLength: 1,
        maxLength: 512,
        pattern: HEADER_SAFE,
        description: 'Exactly one recipient: `addr@example.com` or `Name <addr@example.com>`.',
      },
      from_email: { type: 'string', minLength: 1, maxLength: 320, pattern: HEADER_SAFE, description: 'Sender address on a verified domain of the account (`Name <addr>` accepted).' },
      from: { type: 'string', minLength: 1, maxLength: 320, pattern: HEADER_SAFE, description: 'Alias of `from_email`; when both are sent they must be equal.' },
      from_name: { type: 'string', maxLength: 200, pattern: HEADER_SAFE, description: 'Display name next to the sender address.' },
      subject: { type: 'string', maxLength: 998, pattern: HEADER_SAFE },
      message: { type: 'string', pattern: NO_NUL, description: 'Plain-text body.' },
      html: { type: 'string', pattern: NO_NUL, description: 'HTML body; wins over `message` when both are sent. Keep it under 100 KB (some clients clip above 102 KB).' },
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
            // Checked in code (core/platform/strictBase64.ts): a pattern over megabytes of text overflows V8's regex engine.
            content: { type: 'string', contentEncoding: 'base64', description: 'The file, base64-encoded (RFC 4648 alphabet, padded, no line breaks).' },
            content_type: { type: 'string', maxLength: 255, pattern: MIME_TYPE, description: 'MIME type; guessed from the file name when absent.' },
          },
        },
      },
      reply_to: { type: 'string', minLength: 1, maxLength: 320, pattern: HEADER_SAFE, description: 'One address for replies.' },
      idempotency_key: {
        type: 'string',
        pattern: IDEMPOTENCY_KEY,
        description: 'Makes a retry safe: 1 to 255 visible ASCII characters. The `Idempotency-Key` header is an alternative.',
      },
    },
  } as const;
}
