// The JSON Schema of POST /api/send/ bodies (spec 2.1). ajv validates with it and
// /openapi.json publishes it, so the two cannot drift.

const STRICT_BASE64 = '^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$';
const NO_LINE_BREAKS = '^[^\\r\\n]*$';

export const sendRequestSchema = {
  $id: 'SendRequest',
  type: 'object',
  additionalProperties: false,
  required: ['to'],
  properties: {
    to: { type: 'string', minLength: 1, maxLength: 512, pattern: NO_LINE_BREAKS, description: 'One recipient: `addr@example.com` or `Name <addr@example.com>`.' },
    from_email: { type: 'string', minLength: 1, maxLength: 254, pattern: NO_LINE_BREAKS, description: 'Sender address on a verified domain of the account.' },
    from: { type: 'string', minLength: 1, maxLength: 254, pattern: NO_LINE_BREAKS, description: 'Alias of `from_email`.' },
    from_name: { type: 'string', maxLength: 200, pattern: NO_LINE_BREAKS },
    subject: { type: 'string', maxLength: 998, pattern: NO_LINE_BREAKS },
    message: { type: 'string', description: 'Plain-text body.' },
    html: { type: 'string', description: 'HTML body; wins over `message` when both are sent.' },
    attachments: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['filename', 'content'],
        properties: {
          filename: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[^\\r\\n\\\\/"]*$' },
          content: { type: 'string', pattern: STRICT_BASE64, description: 'Base64-encoded file content.' },
          content_type: { type: 'string', maxLength: 255, pattern: '^[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]*/[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]*$' },
        },
      },
    },
    reply_to: { type: 'string', minLength: 1, maxLength: 254, pattern: NO_LINE_BREAKS },
    idempotency_key: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x21-\\x7E]+$' },
  },
} as const;
