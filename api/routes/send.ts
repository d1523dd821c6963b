// POST /api/send/: parse, check the gates, accept (stage + count + start), answer.
import { Router } from 'express';
import { keyedHash } from '../../core/crypto';
import { acceptMessage } from '../../core/acceptMessage';
import { claimIdempotencyKey, releaseIdempotencyKey } from '../../core/idempotency';
import { checkSendGates } from '../../core/sendGates';
import { buildSendResponse } from '../../core/sendResponse';
import type { ApiDeps } from '../deps';
import { sendError, sendValidationError } from '../errors';
import { jsonBody } from '../middleware/jsonBody';
import { validateSendRequest } from '../validateSendRequest';

export function sendRoute(deps: ApiDeps): Router {
  const router = Router();
  router.post('/api/send/', jsonBody(deps.config.api.maxBodyBytes), async (req, res) => {
    const apiKey = res.locals.apiKey!;
    const parsed = validateSendRequest(req.body, deps.config, req.get('Idempotency-Key'));
    if (!parsed.ok) {
      req.log.info({ outcome: 'invalid_body', fields: Object.keys(parsed.errors) }, 'send refused');
      sendValidationError(res, parsed.errors);
      return;
    }
    const request = parsed.request;
    const accountId = apiKey.accountId;

    const idempotencyKey = request.idempotencyKey;
    if (idempotencyKey !== undefined) {
      const { idempotency_key: _ignored, ...fingerprint } = req.body as Record<string, unknown>;
      const claim = await claimIdempotencyKey(deps.db, {
        accountId,
        key: idempotencyKey,
        requestHash: keyedHash(deps.config.secretKey, 'idempotency', canonicalJson(fingerprint)),
        ttlHours: deps.config.limits.idempotencyTtlHours,
      });
      if (claim.state === 'replay') {
        req.log.info({ outcome: 'idempotent_replay' }, 'send replayed');
        res.status(200).json(claim.response);
        return;
      }
      if (claim.state === 'mismatch') {
        sendError(res, { code: 'idempotency_key_reused', detail: 'This idempotency key was already used with a different request body.' });
        return;
      }
      if (claim.state === 'in_progress') {
        sendError(res, { code: 'idempotency_key_in_progress', detail: 'A request with this idempotency key is still being processed; retry shortly.' });
        return;
      }
    }
    const release = () => (idempotencyKey !== undefined ? releaseIdempotencyKey(deps.db, accountId, idempotencyKey) : Promise.resolve());

    try {
      const gates = await checkSendGates(deps.db, {
        apiKey,
        fromDomain: request.fromDomain,
        recipient: request.to.address,
        recipientKind: request.recipientKind,
      });
      if (!gates.ok) {
        await release();
        req.log.info({ outcome: gates.failure.code }, 'send refused');
        sendError(res, gates.failure);
        return;
      }
      const { domain, monthlyLimit } = gates.context;
      const isTestSend = request.recipientKind.kind === 'test';
      const accepted = await acceptMessage(deps, {
        accountId,
        monthlyLimit,
        workflow: {
          mode: domain.sendingMode,
          kind: request.recipientKind.kind === 'test' ? 'test' : request.recipientKind.kind === 'simulator' ? 'simulator' : 'real',
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
        ...(idempotencyKey !== undefined ? { idempotencyKey } : {}),
        response: (messageId) =>
          ({ ...buildSendResponse({ messageId, domain, attachments: request.attachments.length, isTestSend, ...(idempotencyKey !== undefined ? { idempotencyKey } : {}) }) }) as Record<string, unknown>,
      });
      if (!accepted.ok) {
        await release();
        req.log.warn({ outcome: accepted.code, err: accepted.cause }, 'send not accepted');
        sendError(res, { code: accepted.code, detail: ACCEPT_FAILURE_DETAIL[accepted.code] });
        return;
      }
      req.log.info({ outcome: 'queued', messageId: accepted.messageId, mode: domain.sendingMode }, 'send accepted');
      res.status(200).json(accepted.response);
    } catch (err) {
      await release().catch(() => undefined);
      throw err;
    }
  });
  return router;
}

const ACCEPT_FAILURE_DETAIL = {
  usage_limit_exceeded: 'The monthly quota for this sending mode is used up; wait for the next UTC month or upgrade.',
  attachment_upload_failed: 'The message and its attachments could not be staged; check the size limits and retry.',
  queue_error: 'The delivery queue is temporarily unavailable; retry with backoff.',
} as const;

/** JSON with object keys sorted, so equal bodies hash equally whatever their key order. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}
