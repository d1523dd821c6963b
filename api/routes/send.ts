// POST /api/send/: key, rate limit, body; then the send use case (core/sending/sendMessage.ts:
// idempotency claim, gates, accept, start, release) and its answer. The order is documented in
// the README ("API reference").
import { Router, type Request, type Response } from 'express';
import { requestFingerprint } from '../../core/sending/idempotency';
import { sendMessage } from '../../core/sending/sendMessage';
import type { RouteDeps } from '../http/deps';
import { describeError, sendValidationError } from '../http/errors';
import { refuseSend } from '../http/sendRefusal';
import { authenticate, refuseUnauthenticated } from '../middleware/authenticate';
import { jsonBody } from '../middleware/jsonBody';
import { rateLimit } from '../middleware/rateLimit';
import { createSendRequestValidator } from '../schemas/validateSendRequest';

export function sendRoute(deps: RouteDeps): Router {
  const router = Router();
  const validate = createSendRequestValidator(deps.config);

  router.post(
    '/api/send/',
    authenticate(deps.db, deps.apiKeys),
    rateLimit({ redis: deps.redis, limitPerMinute: deps.config.api.rateLimitPerMinute, logger: deps.logger, onMemoryFallback: () => deps.metrics.rateLimitFallbacks.inc() }),
    jsonBody(deps.config.api.maxBodyBytes),
    async (req: Request, res: Response) => {
      const parsed = validate(req.body, req.get('Idempotency-Key'));
      if (!parsed.ok) {
        res.locals.outcome = 'invalid_body';
        sendValidationError(res, parsed.errors);
        return;
      }
      const { idempotencyKey, ...request } = parsed.request;
      const result = await sendMessage(
        deps,
        {
          request,
          key: res.locals.apiKey!,
          ...(idempotencyKey !== undefined ? { idempotency: { key: idempotencyKey, requestHash: requestFingerprint(deps.config.secretKey, req.body as Record<string, unknown>) } } : {}),
        },
        {
          notAccepted: (code, cause) => req.log.warn({ outcome: code, cause: describeError(cause) }, 'send not accepted'),
          claimNotReleased: (cause) => req.log.warn({ cause: describeError(cause) }, 'idempotency claim not released'),
        },
      );
      switch (result.outcome) {
        case 'unauthenticated':
          return refuseUnauthenticated(res, 'revoked');
        case 'invalid':
          res.locals.outcome = 'invalid_body';
          sendValidationError(res, result.errors);
          return;
        case 'refused':
          return refuseSend(deps, res, { code: result.code, detail: result.detail });
        case 'replayed':
          res.locals.outcome = 'replayed';
          res.set('Idempotent-Replayed', 'true').status(200).json(result.body);
          return;
        case 'accepted':
          res.locals.outcome = 'queued';
          deps.metrics.sendsAccepted.inc({ mode: result.mode, kind: result.kind });
          res.locals.messageId = result.messageId;
          res.status(200).json(result.body);
          return;
      }
    },
  );
  return router;
}
