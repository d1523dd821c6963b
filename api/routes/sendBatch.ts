// POST /api/send/batch: key, rate limit (a batch is one request), body; then the batch use case
// (core/sending/sendBatch.ts: each item through sendMessage, in order) and its answer: 200 with
// one entry per item, or 400 when the body is not a list of 1 to 100 emails (nothing queued).
import { Router, type Request, type Response } from 'express';
import { requestFingerprint } from '../../core/sending/idempotency';
import { BATCH_MAX_ITEMS, sendBatch, type BatchItemInput } from '../../core/sending/sendBatch';
import type { RouteDeps } from '../http/deps';
import { describeError, sendValidationError } from '../http/errors';
import { refuseSend } from '../http/sendRefusal';
import { authenticate, refuseUnauthenticated } from '../middleware/authenticate';
import { jsonBody } from '../middleware/jsonBody';
import { rateLimit } from '../middleware/rateLimit';
import { IDEMPOTENCY_KEY } from '../schemas/sendRequest';
import { createSendRequestValidator } from '../schemas/validateSendRequest';

export const SEND_BATCH_PATH = '/api/send/batch';
const idempotencyKeyPattern = new RegExp(IDEMPOTENCY_KEY);

/** The envelope: `{"emails": [...]}` with 1 to 100 objects and nothing else; the items are validated one by one. */
function envelopeErrors(body: unknown, header: string | undefined): Record<string, string[]> | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return { _body: ['The body must be a JSON object: {"emails": [ ... ]}.'] };
  const errors: Record<string, string[]> = {};
  const extra = Object.keys(body).filter((k) => k !== 'emails');
  if (extra.length > 0) errors._body = [`Unknown field(s): ${extra.join(', ')}. A batch has only \`emails\`.`];
  const emails = (body as { emails?: unknown }).emails;
  if (!Array.isArray(emails) || emails.length < 1 || emails.length > BATCH_MAX_ITEMS) errors.emails = [`Give a list of 1 to ${BATCH_MAX_ITEMS} emails.`];
  else if (emails.some((e) => typeof e !== 'object' || e === null || Array.isArray(e))) errors.emails = ['Each email is a JSON object (a send request).'];
  if (header !== undefined && !idempotencyKeyPattern.test(header)) errors['Idempotency-Key'] = ['The header must be 1 to 255 visible ASCII characters.'];
  return Object.keys(errors).length > 0 ? errors : undefined;
}

export function sendBatchRoute(deps: RouteDeps): Router {
  const router = Router();
  const validate = createSendRequestValidator(deps.config);

  router.post(
    SEND_BATCH_PATH,
    authenticate(deps.db, deps.apiKeys),
    rateLimit({ redis: deps.redis, limitPerMinute: deps.config.api.rateLimitPerMinute, logger: deps.logger, onMemoryFallback: () => deps.metrics.rateLimitFallbacks.inc() }),
    jsonBody(deps.config.api.maxBodyBytes),
    async (req: Request, res: Response) => {
      const header = req.get('Idempotency-Key');
      const invalid = envelopeErrors(req.body, header);
      if (invalid) {
        res.locals.outcome = 'invalid_body';
        sendValidationError(res, invalid);
        return;
      }
      const emails = (req.body as { emails: Record<string, unknown>[] }).emails;
      const secret = deps.config.secretKey;
      const items: BatchItemInput[] = emails.map((email) => {
        const parsed = validate(email);
        if (!parsed.ok) return { ok: false, errors: parsed.errors };
        const { idempotencyKey, ...request } = parsed.request;
        return { ok: true, request, ...(idempotencyKey !== undefined ? { idempotency: { key: idempotencyKey, requestHash: requestFingerprint(secret, email) } } : {}) };
      });
      const result = await sendBatch(
        deps,
        {
          items,
          key: res.locals.apiKey!,
          ...(header !== undefined
            ? { idempotency: { key: header, requestHash: requestFingerprint(secret, req.body as Record<string, unknown>), itemHashes: emails.map((e) => requestFingerprint(secret, e)) } }
            : {}),
        },
        {
          notAccepted: (code, cause) => req.log.warn({ outcome: code, cause: describeError(cause) }, 'batch item not accepted'),
          claimNotReleased: (cause) => req.log.warn({ cause: describeError(cause) }, 'idempotency claim not released'),
        },
      );
      switch (result.outcome) {
        case 'unauthenticated':
          return refuseUnauthenticated(res, 'revoked');
        case 'refused':
          return refuseSend(deps, res, { code: result.code, detail: result.detail });
        case 'replayed':
          res.locals.outcome = 'replayed';
          res.set('Idempotent-Replayed', 'true').status(200).json(result.body);
          return;
        case 'answered':
          for (const a of result.accepted) deps.metrics.sendsAccepted.inc({ mode: a.mode, kind: a.kind });
          for (const code of result.refusals) deps.metrics.sendRefusals.inc({ code });
          res.locals.outcome = `batch:${result.accepted.length}/${emails.length}`;
          res.status(200).json(result.body);
          return;
      }
    },
  );
  return router;
}
