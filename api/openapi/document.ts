// The OpenAPI 3.1 document served at /openapi.json, written from the route table
// (api/routes/operationTable.ts): every operation, the sending, account and SES-event endpoints
// included, from the schemas ajv validates with and the tests validate answers against. Its
// components are the named schemas those operations use (components.ts) and the headers answers
// carry.
import type { DocumentConfig } from '../http/operation';
import { OPERATION_GROUPS } from '../routes/operationTable';
import { collectComponents } from './components';
import { operationPaths, securitySchemes } from './operationPaths';

export function buildOpenApiDocument(config: DocumentConfig) {
  const { document: paths, schemas } = collectComponents(operationPaths(OPERATION_GROUPS, config));
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
    paths,
    components: {
      securitySchemes,
      schemas,
      headers: {
        'X-Request-Id': {
          description: 'Identifies the request in our logs; quote it to support.',
          schema: { type: 'string' },
        },
        'X-RateLimit-Limit': { description: 'Requests allowed per minute for this key.', schema: { type: 'integer' } },
        'X-RateLimit-Remaining': { description: 'Requests left in the current window.', schema: { type: 'integer' } },
        'X-RateLimit-Reset': {
          description: 'When the current window ends, in Unix epoch seconds.',
          schema: { type: 'integer' },
        },
        'Retry-After': { description: 'Seconds to wait before retrying.', schema: { type: 'integer' } },
        'Idempotent-Replayed': {
          description: '`true` when the body replays an earlier identical request.',
          schema: { type: 'string' },
        },
      },
    },
  };
}
