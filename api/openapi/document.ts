// The OpenAPI 3.1 document served at /openapi.json: the sign-in and management operations from
// the route table (api/routes/operationTable.ts), and the spec's send, account and SES-events
// endpoints, each from the schemas ajv validates with and the tests validate answers against.
import type { Config } from '../../core/platform/config';
import { ERROR_CODES } from '../http/errors';
import { managementPaths, managementSecuritySchemes } from './managementPaths';
import { buildSendRequestSchema } from '../schemas/sendRequest';
import { MANAGEMENT_COMPONENTS } from '../schemas/management';
import { OPERATION_GROUPS } from '../routes/operationTable';
import { SES_EVENT_ERRORS, SES_EVENTS_PATH } from '../routes/sesEvents';
import { SEND_BATCH_PATH } from '../routes/sendBatch';
import { accountRecordSchema, batchItemSchema, codesWithStatus, errorSchema, plainErrorSchema, sendResponseSchema, sesEventAnswerSchema, validationErrorSchema } from '../schemas/responses';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const header = (name: string) => ({ $ref: `#/components/headers/${name}` });

function response(description: string, schema: unknown, headers: string[]) {
  return { description, headers: Object.fromEntries(headers.map((h) => [h, header(h)])), content: json(schema) };
}

/** What an item of a batch may be refused with: the send's codes but the per-request ones (rate limit, a bad key, the batch's own idempotency). */
const BATCH_ITEM_CODES = codesWithStatus(403).concat(codesWithStatus(422), codesWithStatus(429), codesWithStatus(502), codesWithStatus(503), codesWithStatus(409));

const RATE = ['X-Request-Id', 'X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset'];

export function buildOpenApiDocument(config: Pick<Config, 'api' | 'limits'>) {
  const limit = config.api.rateLimitPerMinute;
  const err = (status: number) => errorSchema(codesWithStatus(status));
  const sesEventError = (status: number) => errorSchema(Object.entries(SES_EVENT_ERRORS).flatMap(([code, s]) => (s === status ? [code] : [])));
  return {
    openapi: '3.1.0',
    info: {
      title: 'Postage API',
      version: '1.0.0',
      description:
        'Transactional email: one email per request, queued for asynchronous delivery in `shared` or `byoc` mode. Every response carries `X-Request-Id`. Error codes, gate order and limits: the guides docs/errors-and-limits.md and docs/sending.md; the rendered reference, with examples and code samples, is /docs.',
    },
    servers: [{ url: config.api.baseUrl }],
    security: [{ apiKey: [] }],
    paths: {
      '/api/send/': {
        post: {
          operationId: 'send',
          summary: 'Queue one email',
          parameters: [
            {
              name: 'Idempotency-Key',
              in: 'header',
              required: false,
              description: 'Alternative to the `idempotency_key` body field (both must agree when both are sent).',
              schema: { type: 'string', pattern: '^[\\x21-\\x7E]{1,255}$' },
            },
          ],
          requestBody: { required: true, content: json(ref('SendRequest')) },
          responses: {
            '200': response('Queued (or, with `Idempotent-Replayed: true`, the replay of an earlier identical request).', ref('SendResponse'), [...RATE, 'Idempotent-Replayed']),
            '400': response(
              `Invalid request: field errors. Bodies over ${config.api.maxBodyBytes} bytes, a missing or wrong Content-Type and non-JSON bodies land here too.`,
              ref('ValidationError'),
              RATE,
            ),
            '401': response('Missing, malformed, unknown, revoked or expired API key (checked before anything else).', ref('PlainError'), ['X-Request-Id']),
            '403': response('A send gate refused the request.', err(403), RATE),
            '409': response('The idempotency key was used with another body, or its first request is still in flight (then with Retry-After).', err(409), [...RATE, 'Retry-After']),
            '422': response('The recipient is on the suppression list.', err(422), RATE),
            '429': response(
              `\`usage_limit_exceeded\`: the monthly quota is used up. Without an \`error\` code: more than ${limit} requests per minute for this key (with Retry-After).`,
              { oneOf: [err(429), ref('PlainError')] },
              [...RATE, 'Retry-After'],
            ),
            '500': response('Unexpected failure; retry later.', err(500), ['X-Request-Id']),
            '502': response('The message could not be staged, or the queue is unavailable; nothing was queued or counted. Retry with backoff.', err(502), RATE),
            '503': response(
              '`byoc_not_configured`: BYOC sending is not configured or its role is unusable. `service_unavailable`: our database is unreachable, or the account already has its template renders running or waiting; nothing was queued or counted (with Retry-After).',
              err(503),
              [...RATE, 'Retry-After'],
            ),
          },
        },
      },
      [SEND_BATCH_PATH]: {
        post: {
          operationId: 'sendBatch',
          summary: 'Queue up to 100 emails in one request',
          description: `Each email is a send request (\`SendRequest\`) handled exactly as if sent alone (every gate, its own count, log row and workflow), in order: with N sends left this month, the first N are accepted and the rest answer \`usage_limit_exceeded\`. An email's refusal, or its field errors, are answered in its own entry and never affect the others. The batch counts as one request against the per-key rate limit (${limit} a minute); the whole body is at most ${config.api.maxBodyBytes} bytes. With \`Idempotency-Key\` the whole answer is kept and replayed (a different batch with the key is a 409); each email may carry its own \`idempotency_key\`, which deduplicates it across requests.`,
          parameters: [
            {
              name: 'Idempotency-Key',
              in: 'header',
              required: false,
              description: 'Replays the whole answer of an earlier batch with this key and the same body (kept when at least one email was queued).',
              schema: { type: 'string', pattern: '^[\\x21-\\x7E]{1,255}$' },
            },
          ],
          requestBody: {
            required: true,
            content: json({
              type: 'object',
              additionalProperties: false,
              required: ['emails'],
              properties: {
                emails: {
                  type: 'array',
                  minItems: 1,
                  maxItems: 100,
                  description: 'Send requests (SendRequest, each checked on its own: one that is not valid is answered in its entry with field errors).',
                  items: { type: 'object' },
                },
              },
            }),
          },
          responses: {
            '200': response('One entry per email, in request order (or, with `Idempotent-Replayed: true`, the replay of an earlier batch).', ref('SendBatchResponse'), [
              ...RATE,
              'Idempotent-Replayed',
            ]),
            '400': response('The body is not `{"emails": [...]}` with 1 to 100 objects, or is not JSON: nothing was queued.', ref('ValidationError'), RATE),
            '401': response('Missing, malformed, unknown, revoked or expired API key (checked before anything else).', ref('PlainError'), ['X-Request-Id']),
            '409': response(
              'The idempotency key was used with another batch, or its first request is still in flight (then with Retry-After).',
              errorSchema(['idempotency_key_reused', 'idempotency_key_in_progress']),
              [...RATE, 'Retry-After'],
            ),
            '429': response(`More than ${limit} requests per minute for this key (with Retry-After).`, ref('PlainError'), [...RATE, 'Retry-After']),
            '500': response('Unexpected failure; retry later with the same Idempotency-Key.', err(500), ['X-Request-Id']),
            '503': response('Our database is unreachable; retry with the same Idempotency-Key (Retry-After).', errorSchema(['service_unavailable']), [...RATE, 'Retry-After']),
          },
        },
      },
      [SES_EVENTS_PATH]: {
        post: {
          operationId: 'sesEvents',
          summary: 'SES event notifications delivered by Amazon SNS (not for API clients)',
          description:
            "Subscribe the SNS topic your SES configuration set publishes to. No API key: every message is checked against `SNS_TOPIC_ARNS`, its age and its signature (certificate from the topic region's SNS host). A 5xx makes SNS deliver it again later.",
          security: [],
          requestBody: { required: true, content: { 'text/plain': { schema: { type: 'string', description: 'The SNS message as JSON (SNS posts it as text/plain), at most 256 KiB.' } } } },
          responses: {
            '200': response('Handled, confirmed, or acknowledged and ignored.', ref('SesEventAnswer'), ['X-Request-Id']),
            '400': response('Not an SNS message.', sesEventError(400), ['X-Request-Id']),
            '403': response('Not a topic Postage subscribed to, too old, or the signature does not verify.', sesEventError(403), ['X-Request-Id']),
            '500': response('Unexpected failure; SNS delivers it again.', err(500), ['X-Request-Id']),
            '502': response('The subscription could not be confirmed; SNS sends the confirmation again.', sesEventError(502), ['X-Request-Id']),
            '503': response('The signing certificate or Temporal is unavailable; SNS delivers it again.', sesEventError(503), ['X-Request-Id']),
          },
        },
      },
      ...managementPaths(OPERATION_GROUPS),
      '/api/me/': {
        get: {
          operationId: 'me',
          summary: "The key's account, plan, BYOC status, verified domains and this UTC month's usage",
          responses: {
            '200': response('The current-account record.', ref('AccountRecord'), ['X-Request-Id']),
            '401': response('Missing, malformed, unknown, revoked or expired API key.', ref('PlainError'), ['X-Request-Id']),
            '500': response('Unexpected failure; retry later.', err(500), ['X-Request-Id']),
            '503': response('Our database is unreachable; retry with backoff (Retry-After).', errorSchema(['service_unavailable']), ['X-Request-Id', 'Retry-After']),
          },
        },
      },
    },
    components: {
      securitySchemes: { apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' }, ...managementSecuritySchemes },
      schemas: {
        ...MANAGEMENT_COMPONENTS,
        SendRequest: buildSendRequestSchema(config.limits),
        SendResponse: sendResponseSchema,
        SendBatchResponse: {
          type: 'object',
          additionalProperties: false,
          required: ['success', 'data'],
          properties: { success: { const: true }, data: { type: 'array', minItems: 1, maxItems: 100, items: batchItemSchema(BATCH_ITEM_CODES) } },
        },
        AccountRecord: accountRecordSchema,
        SesEventAnswer: sesEventAnswerSchema,
        ValidationError: validationErrorSchema,
        PlainError: plainErrorSchema,
        Error: errorSchema(ERROR_CODES),
      },
      headers: {
        'X-Request-Id': { description: 'Identifies the request in our logs; quote it to support.', schema: { type: 'string' } },
        'X-RateLimit-Limit': { description: 'Requests allowed per minute for this key.', schema: { type: 'integer' } },
        'X-RateLimit-Remaining': { description: 'Requests left in the current window.', schema: { type: 'integer' } },
        'X-RateLimit-Reset': { description: 'When the current window ends, in Unix epoch seconds.', schema: { type: 'integer' } },
        'Retry-After': { description: 'Seconds to wait before retrying.', schema: { type: 'integer' } },
        'Idempotent-Replayed': { description: '`true` when the body replays an earlier identical request.', schema: { type: 'string' } },
      },
    },
  };
}
