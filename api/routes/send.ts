// POST /api/send/: key, rate limit, body, idempotency claim, gates, accept (stage + count +
// start), answer. The order is documented in the README ("API reference").
import { Router, type Request, type Response } from 'express';
import { acceptMessage, type AcceptFailure } from '../../core/sending/acceptMessage';
import { claimIdempotencyKey, releaseIdempotencyKey, requestFingerprint, type IdempotencyClaim } from '../../core/sending/idempotency';
import { checkKeyScope, checkSendGates, USAGE_LIMIT_DETAIL } from '../../core/sending/sendGates';
import { buildSendResponse } from '../sendResponse';
import type { RouteDeps } from '../deps';
import { describeError, sendError, sendValidationError, type ApiError } from '../errors';
import { authenticate } from '../middleware/authenticate';
import { jsonBody } from '../middleware/jsonBody';
import { rateLimit } from '../middleware/rateLimit';
import { createSendRequestValidator, type SendRequest } from '../validateSendRequest';

const ACCEPT_FAILURE_DETAIL: Record<AcceptFailure, string> = {
  usage_limit_exceeded: USAGE_LIMIT_DETAIL,
  attachment_upload_failed: 'The message and its attachments could not be staged; check the size limits and retry.',
  queue_error: 'The delivery queue is temporarily unavailable; nothing was queued or counted. Retry with backoff.',
  idempotency_key_in_progress: 'Another request with this idempotency key took over; retry to get its result.',
};

const IDEMPOTENCY_REFUSALS = {
  mismatch: { code: 'idempotency_key_reused', detail: 'This idempotency key was already used with a different request body.' },
  in_progress: { code: 'idempotency_key_in_progress', detail: 'A request with this idempotency key is still being processed; retry shortly.' },
} as const satisfies Record<string, ApiError>;

export function sendRoute(deps: RouteDeps): Router {
  const router = Router();
  const validate = createSendRequestValidator(deps.config);
  const refuse = (res: Response, error: ApiError) => {
    res.locals.outcome = error.code;
    deps.metrics.sendRefusals.inc({ code: error.code });
    if (error.code === 'idempotency_key_in_progress') res.set('Retry-After', '1');
    sendError(res, error);
  };

  router.post(
    '/api/send/',
    authenticate(deps.db),
    rateLimit({ redis: deps.redis, limitPerMinute: deps.config.api.rateLimitPerMinute, logger: deps.logger, onMemoryFallback: () => deps.metrics.rateLimitFallbacks.inc() }),
    jsonBody(deps.config.api.maxBodyBytes),
    async (req: Request, res: Response) => {
      const parsed = validate(req.body, req.get('Idempotency-Key'));
      if (!parsed.ok) {
        res.locals.outcome = 'invalid_body';
        sendValidationError(res, parsed.errors);
        return;
      }
      const request = parsed.request;
      const apiKey = res.locals.apiKey!;
      const key = request.idempotencyKey;
      let claim: IdempotencyClaim | undefined;
      if (key !== undefined) {
        const requestHash = requestFingerprint(deps.config.secretKey, req.body as Record<string, unknown>);
        const result = await claimIdempotencyKey(deps.db, { accountId: apiKey.accountId, key, requestHash, ttlHours: deps.config.limits.idempotencyTtlHours });
        if (result.state === 'replay') {
          // A replay is the same body, so the same sender domain: the key must still be allowed to
          // send from it (docs/decisions.md, "Replays").
          const outOfScope = checkKeyScope(apiKey, request.fromDomain);
          if (outOfScope) return refuse(res, outOfScope);
          res.locals.outcome = 'replayed';
          res.set('Idempotent-Replayed', 'true').status(200).json(result.response);
          return;
        }
        if (result.state !== 'claimed') return refuse(res, IDEMPOTENCY_REFUSALS[result.state]);
        claim = { accountId: apiKey.accountId, key, token: result.token };
      }

      let accepted = false;
      try {
        const error = await gateAndAccept(deps, req, res, request, claim);
        if (error) return refuse(res, error);
        accepted = true;
      } finally {
        // Anything but acceptance frees our claim (never another request's), so a corrected retry can
        // proceed. If the store cannot be reached to free it, the claim goes stale and is taken over
        // after 120 s; the answer this request already has stands.
        if (!accepted && claim) {
          await releaseIdempotencyKey(deps.db, claim).catch((err: unknown) => req.log.warn({ cause: describeError(err) }, 'idempotency claim not released'));
        }
      }
    },
  );
  return router;
}

async function gateAndAccept(deps: RouteDeps, req: Request, res: Response, request: SendRequest, claim: IdempotencyClaim | undefined): Promise<ApiError | undefined> {
  const apiKey = res.locals.apiKey!;
  const gates = await checkSendGates(deps.db, { apiKey, fromDomain: request.fromDomain, recipient: request.to.address, recipientKind: request.recipientKind });
  if (!gates.ok) return gates.failure;

  const { domain, monthlyLimit } = gates.context;
  const kind = request.recipientKind.kind === 'test' || request.recipientKind.kind === 'simulator' ? request.recipientKind.kind : 'real';
  const idempotencyKey = request.idempotencyKey;
  const result = await acceptMessage(deps, {
    accountId: apiKey.accountId,
    monthlyLimit,
    workflow: {
      mode: domain.sendingMode,
      kind,
      ...(request.recipientKind.kind === 'test' ? { testOutcome: request.recipientKind.outcome } : {}),
    },
    content: {
      to: request.to,
      from: request.from,
      subject: request.subject,
      ...(request.html !== undefined ? { html: request.html } : {}),
      ...(request.text !== undefined ? { text: request.text } : {}),
      ...(request.replyTo !== undefined ? { replyTo: request.replyTo } : {}),
    },
    attachments: request.attachments,
    ...(claim ? { idempotency: claim } : {}),
    response: (messageId) => ({
      ...buildSendResponse({ messageId, domain, attachments: request.attachments.length, isTestSend: kind === 'test', ...(idempotencyKey !== undefined ? { idempotencyKey } : {}) }),
    }),
  });
  if (!result.ok) {
    if (result.cause !== undefined) req.log.warn({ outcome: result.code, cause: describeError(result.cause) }, 'send not accepted');
    return { code: result.code, detail: ACCEPT_FAILURE_DETAIL[result.code] };
  }
  res.locals.outcome = 'queued';
  deps.metrics.sendsAccepted.inc({ mode: domain.sendingMode, kind });
  res.locals.messageId = result.messageId;
  res.status(200).json(result.response);
  return undefined;
}
