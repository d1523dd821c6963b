// POST /api/send/: a row of the route table. The key (through the send routes' cache), the per-key
// rate limit and the body are read by the table's gates, in that order; then the send use case
// (core/sending/sendMessage.ts: idempotency claim, gates, accept, start, release) and its answer.
// The order is documented in the README ("API reference").
import { requestFingerprint } from '../../core/sending/idempotency';
import { SEND_REFUSAL_CODES, sendMessage } from '../../core/sending/sendMessage';
import { TEST_SENDS_PER_MONTH } from '../../core/sending/sendGates';
import { describeError, sendValidationError } from '../http/errors';
import { ANSWERED, operation, replayed, type DocumentConfig } from '../http/operation';
import { perApp } from '../http/perApp';
import { refusalAnswers } from '../http/refusalAnswers';
import { refuseSend } from '../http/sendRefusal';
import { refuseUnauthenticated } from '../middleware/authenticate';
import { sendResponseSchema } from '../schemas/responses';
import { buildSendRequestSchema } from '../schemas/sendRequest';
import { createSendRequestValidator } from '../schemas/validateSendRequest';

const validator = perApp((deps) => createSendRequestValidator(deps.config));

export const sendOperations = [
  operation({
    method: 'post',
    path: '/api/send/',
    operationId: 'send',
    summary: 'Queue one email',
    who: 'apiKey',
    keyCache: true,
    rateLimit: 'perKey',
    idempotent: { header: 'Alternative to the `idempotency_key` body field (both must agree when both are sent).' },
    ownBody: {
      media: 'application/json',
      schema: (config: DocumentConfig) => buildSendRequestSchema(config.limits),
      limit: (config: DocumentConfig) => config.api.maxBodyBytes,
    },
    ok: [
      200,
      sendResponseSchema,
      'Queued (or, with `Idempotent-Replayed: true`, the replay of an earlier identical request). Sent with a test key, the message is simulated whatever its recipient (a test-domain address gets its outcome, any other `delivered`), never reaches SES, and is marked `test` in the log and its webhooks (docs/test-recipients.md, "Test keys").',
    ],
    more: {
      400: (config: DocumentConfig) =>
        `Invalid request: field errors. Bodies over ${config.api.maxBodyBytes} bytes, a missing or wrong Content-Type and non-JSON bodies land here too.`,
      ...refusalAnswers(SEND_REFUSAL_CODES, {
        403: 'A send gate refused the request (a test key sending from a BYOC domain: `unauthorized`), or the key is used from outside the networks it is bound to (`network_not_allowed`).',
        409: 'The idempotency key was used with another body, or its first request is still in flight (then with Retry-After).',
        422: 'The recipient is on the suppression list.',
        429: (config: DocumentConfig) =>
          `\`usage_limit_exceeded\`: the monthly quota is used up (a test key: the account's ${TEST_SENDS_PER_MONTH} test sends of the month, counted apart from the quota). Without an \`error\` code: more than ${config.api.rateLimitPerMinute} requests per minute for this key (with Retry-After).`,
        502: 'The message could not be staged, or the queue is unavailable; nothing was queued or counted. Retry with backoff.',
        503: '`byoc_not_configured`: BYOC sending is not configured or its role is unusable. `service_unavailable`: our database is unreachable, or the account already has its template renders running or waiting; nothing was queued or counted (with Retry-After).',
      }),
      500: 'Unexpected failure; retry later.',
    },
    async handler({ deps, req, res, body, key, refuse }) {
      const parsed = validator(deps)(body, req.get('Idempotency-Key'));
      if (!parsed.ok) {
        res.locals.outcome = 'invalid_body';
        sendValidationError(res, parsed.errors);
        return ANSWERED;
      }
      const { idempotencyKey, ...request } = parsed.request;
      const result = await sendMessage(
        deps,
        {
          request,
          key,
          ...(idempotencyKey !== undefined
            ? {
                idempotency: {
                  key: idempotencyKey,
                  requestHash: requestFingerprint(deps.config.secretKey, body as Record<string, unknown>),
                },
              }
            : {}),
        },
        {
          notAccepted: (code, cause) =>
            req.log.warn({ outcome: code, cause: describeError(cause) }, 'send not accepted'),
          claimNotReleased: (cause) => req.log.warn({ cause: describeError(cause) }, 'idempotency claim not released'),
        },
      );
      switch (result.outcome) {
        case 'unauthenticated':
          refuseUnauthenticated(res, 'revoked');
          return ANSWERED;
        case 'invalid':
          res.locals.outcome = 'invalid_body';
          sendValidationError(res, result.errors);
          return ANSWERED;
        case 'refused':
          return refuseSend(deps, refuse, result);
        case 'replayed':
          return replayed(result.body);
        case 'accepted':
          res.locals.outcome = 'queued';
          deps.metrics.sendsAccepted.inc({ mode: result.mode, kind: result.kind });
          res.locals.messageId = result.messageId;
          return result.body;
      }
    },
  }),
];
