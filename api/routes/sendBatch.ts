// POST /api/send/batch: a row of the route table. The key, the per-key rate limit (a batch is one
// request) and the body are read by the table's gates; then the envelope is checked, and the batch
// use case (core/sending/sendBatch.ts: each item through sendMessage, in order) answers: 200 with
// one entry per item, or 400 when the body is not a list of 1 to 100 emails (nothing queued).
import { requestFingerprint } from '../../core/sending/idempotency';
import { BATCH_MAX_ITEMS, sendBatch, type BatchItemInput } from '../../core/sending/sendBatch';
import { describeError, sendValidationError } from '../http/errors';
import { ANSWERED, operation, replayed, type DocumentConfig } from '../http/operation';
import { perApp } from '../http/perApp';
import { refuseSend } from '../http/sendRefusal';
import { refuseUnauthenticated } from '../middleware/authenticate';
import { sendBatchResponseSchema } from '../schemas/responses';
import { IDEMPOTENCY_KEY } from '../schemas/sendRequest';
import { createSendRequestValidator } from '../schemas/validateSendRequest';

const idempotencyKeyPattern = new RegExp(IDEMPOTENCY_KEY);
const validator = perApp((deps) => createSendRequestValidator(deps.config));

/** The envelope as published: each email is an object, checked as a send request on its own. */
const BATCH_REQUEST = {
  type: 'object',
  additionalProperties: false,
  required: ['emails'],
  properties: {
    emails: {
      type: 'array',
      minItems: 1,
      maxItems: BATCH_MAX_ITEMS,
      description:
        'Send requests (SendRequest, each checked on its own: one that is not valid is answered in its entry with field errors).',
      items: { type: 'object' },
    },
  },
} as const;

/** The envelope: `{"emails": [...]}` with 1 to 100 objects and nothing else; the items are validated one by one. */
function envelopeErrors(body: unknown, header: string | undefined): Record<string, string[]> | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return { _body: ['The body must be a JSON object: {"emails": [ ... ]}.'] };
  const errors: Record<string, string[]> = {};
  const extra = Object.keys(body).filter((k) => k !== 'emails');
  if (extra.length > 0) errors._body = [`Unknown field(s): ${extra.join(', ')}. A batch has only \`emails\`.`];
  const emails = (body as { emails?: unknown }).emails;
  if (!Array.isArray(emails) || emails.length < 1 || emails.length > BATCH_MAX_ITEMS)
    errors.emails = [`Give a list of 1 to ${BATCH_MAX_ITEMS} emails.`];
  else if (emails.some((e) => typeof e !== 'object' || e === null || Array.isArray(e)))
    errors.emails = ['Each email is a JSON object (a send request).'];
  if (header !== undefined && !idempotencyKeyPattern.test(header))
    errors['Idempotency-Key'] = ['The header must be 1 to 255 visible ASCII characters.'];
  return Object.keys(errors).length > 0 ? errors : undefined;
}

export const sendBatchOperations = [
  operation({
    method: 'post',
    path: '/api/send/batch',
    operationId: 'sendBatch',
    summary: `Queue up to ${BATCH_MAX_ITEMS} emails in one request`,
    description: (config: DocumentConfig) =>
      `Each email is a send request (\`SendRequest\`) handled exactly as if sent alone (every gate, its own count, log row and workflow), in order: with N sends left this month, the first N are accepted and the rest answer \`usage_limit_exceeded\`. An email's refusal, or its field errors, are answered in its own entry and never affect the others, except \`queue_error\`: once the delivery queue did not answer for one email, the emails after it answer \`queue_error\` at once (retry the batch with its \`Idempotency-Key\`). The batch counts as one request against the per-key rate limit (${config.api.rateLimitPerMinute} a minute); the whole body is at most ${config.api.maxBodyBytes} bytes. With \`Idempotency-Key\` the whole answer is kept and replayed (a different batch with the key is a 409); each email may carry its own \`idempotency_key\`, which deduplicates it across requests.`,
    who: 'apiKey',
    keyCache: true,
    rateLimit: 'perKey',
    idempotent: {
      header:
        'Replays the whole answer of an earlier batch with this key and the same body (kept when at least one email was queued).',
    },
    ownBody: {
      media: 'application/json',
      schema: BATCH_REQUEST,
      limit: (config: DocumentConfig) => config.api.maxBodyBytes,
    },
    ok: [
      200,
      sendBatchResponseSchema,
      'One entry per email, in request order (or, with `Idempotent-Replayed: true`, the replay of an earlier batch).',
    ],
    more: {
      400: `The body is not \`{"emails": [...]}\` with 1 to ${BATCH_MAX_ITEMS} objects, or is not JSON: nothing was queued.`,
      409: [
        { codes: ['idempotency_key_reused', 'idempotency_key_in_progress'] },
        'The idempotency key was used with another batch, or its first request is still in flight (then with Retry-After).',
      ],
      500: 'Unexpected failure; retry later with the same Idempotency-Key.',
      503: 'Our database is unreachable; retry with the same Idempotency-Key (Retry-After).',
    },
    async handler({ deps, req, res, body, key, refuse }) {
      const header = req.get('Idempotency-Key');
      const invalid = envelopeErrors(body, header);
      if (invalid) {
        res.locals.outcome = 'invalid_body';
        sendValidationError(res, invalid);
        return ANSWERED;
      }
      const emails = (body as { emails: Record<string, unknown>[] }).emails;
      const secret = deps.config.secretKey;
      const items: BatchItemInput[] = emails.map((email) => {
        const parsed = validator(deps)(email);
        if (!parsed.ok) return { ok: false, errors: parsed.errors };
        const { idempotencyKey, ...request } = parsed.request;
        return {
          ok: true,
          request,
          ...(idempotencyKey !== undefined
            ? { idempotency: { key: idempotencyKey, requestHash: requestFingerprint(secret, email) } }
            : {}),
        };
      });
      const result = await sendBatch(
        deps,
        {
          items,
          key,
          ...(header !== undefined
            ? {
                idempotency: {
                  key: header,
                  requestHash: requestFingerprint(secret, body as Record<string, unknown>),
                  itemHashes: emails.map((e) => requestFingerprint(secret, e)),
                },
              }
            : {}),
        },
        {
          notAccepted: (code, cause) =>
            req.log.warn({ outcome: code, cause: describeError(cause) }, 'batch item not accepted'),
          claimNotReleased: (cause) => req.log.warn({ cause: describeError(cause) }, 'idempotency claim not released'),
        },
      );
      switch (result.outcome) {
        case 'unauthenticated':
          refuseUnauthenticated(res, 'revoked');
          return ANSWERED;
        case 'refused':
          return refuseSend(deps, refuse, result);
        case 'replayed':
          return replayed(result.body);
        case 'answered':
          for (const a of result.accepted) deps.metrics.sendsAccepted.inc({ mode: a.mode, kind: a.kind });
          for (const code of result.refusals) deps.metrics.sendRefusals.inc({ code });
          res.locals.outcome = `batch:${result.accepted.length}/${emails.length}`;
          return result.body;
      }
    },
  }),
];
