// Webhook endpoints (spec 2.8, 6): list, create (the signing secret once), change URL, events or
// the active switch, delete, recent deliveries, and a signed test event of a chosen type (at most
// WEBHOOK_TESTS_PER_MINUTE an account). Creating, changing and testing need Growth or Pro.
import { Router, type Response } from 'express';
import { PostageError } from '../../../core/platform/errors';
import type { WebhookEventType } from '../../../core/model/webhookEvents';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  getWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  updateWebhookEndpoint,
  type WebhookEndpoint,
} from '../../../core/webhooks/webhookEndpoints';
import { requireWebhookPlan } from '../../../core/webhooks/webhookPlan';
import { sendTestWebhookEvent } from '../../../core/webhooks/webhookTestEvents';
import { createWebhookTestLimit, WEBHOOK_TESTS_PER_MINUTE } from '../../../core/webhooks/webhookTestLimit';
import type { RouteDeps } from '../../http/deps';
import { sendError } from '../../http/errors';
import { handled } from '../../http/handled';
import { presentWebhook, presentWebhookDelivery } from '../../presenters/resources';
import { validBody } from '../../http/requestBody';
import { QueryReader } from './query';

export function webhooksRoute(deps: RouteDeps): Router {
  const router = Router();
  const urlRules = { allowedPrivateAddresses: deps.config.webhooks.allowedPrivateAddresses };
  const testLimit = createWebhookTestLimit(deps.redis);
  const ownEndpoint = async (res: Response, id: string): Promise<WebhookEndpoint> => {
    const endpoint = await getWebhookEndpoint(deps.db, id);
    if (!endpoint || endpoint.accountId !== res.locals.caller!.accountId) throw new PostageError('webhook_not_found', `no webhook endpoint ${id} in this account`);
    return endpoint;
  };

  router.get(
    '/api/webhooks',
    handled(async (_req, res) => {
      res.json({ webhooks: (await listWebhookEndpoints(deps.db, res.locals.caller!.accountId)).map(presentWebhook) });
    }),
  );

  router.post(
    '/api/webhooks',
    handled(async (req, res) => {
      const input = validBody<{ url: string; events: WebhookEventType[] }>('CreateWebhookRequest', req, res);
      if (!input) return;
      const caller = res.locals.caller!;
      await requireWebhookPlan(deps.db, caller.accountId);
      const { endpoint, signingSecret } = await createWebhookEndpoint(deps.db, deps.config.secretKey, { accountId: caller.accountId, url: input.url, events: input.events }, caller.actor, urlRules);
      res.locals.outcome = 'webhook_created';
      res.status(201).json({ webhook: presentWebhook(endpoint), signing_secret: signingSecret });
    }),
  );

  router.patch(
    '/api/webhooks/:id',
    handled(async (req, res) => {
      const input = validBody<{ url?: string; events?: WebhookEventType[]; active?: boolean }>('UpdateWebhookRequest', req, res);
      if (!input) return;
      const endpoint = await ownEndpoint(res, String(req.params.id));
      await requireWebhookPlan(deps.db, endpoint.accountId);
      res.json(presentWebhook(await updateWebhookEndpoint(deps.db, endpoint.id, input, res.locals.caller!.actor, urlRules)));
    }),
  );

  router.delete(
    '/api/webhooks/:id',
    handled(async (req, res) => {
      const endpoint = await ownEndpoint(res, String(req.params.id));
      await deleteWebhookEndpoint(deps.db, endpoint.id, res.locals.caller!.actor);
      res.locals.outcome = 'webhook_deleted';
      res.json({ success: true, warnings: [] });
    }),
  );

  router.get(
    '/api/webhooks/:id/deliveries',
    handled(async (req, res) => {
      const q = new QueryReader(req);
      const limit = q.limit();
      const endpoint = await ownEndpoint(res, String(req.params.id));
      if (q.refused(res)) return;
      res.json({ deliveries: (await listWebhookDeliveries(deps.db, endpoint.id, limit)).map(presentWebhookDelivery) });
    }),
  );

  router.post(
    '/api/webhooks/:id/test',
    handled(async (req, res) => {
      const input = validBody<{ event_type?: WebhookEventType }>('TestWebhookRequest', req, res);
      if (!input) return;
      const endpoint = await ownEndpoint(res, String(req.params.id));
      const event = input.event_type ?? endpoint.events[0] ?? 'email.delivered';
      const result = await sendTestWebhookEvent(deps.db, deps.config, { accountId: endpoint.accountId, endpointId: endpoint.id, event }, testLimit);
      if ('retryAfterSeconds' in result) {
        res.locals.outcome = 'too_many_requests';
        res.set('Retry-After', String(result.retryAfterSeconds));
        return sendError(res, { code: 'too_many_requests', detail: `At most ${WEBHOOK_TESTS_PER_MINUTE} test events a minute per account; retry after the Retry-After delay.` });
      }
      const { attempt, payload } = result;
      res.locals.outcome = attempt.succeeded ? 'webhook_test_delivered' : 'webhook_test_failed';
      res.json({
        delivery: presentWebhookDelivery({
          eventType: event,
          isTest: true,
          messageId: null,
          statusCode: attempt.statusCode,
          succeeded: attempt.succeeded,
          latencyMs: attempt.durationMs,
          error: attempt.error,
          attemptedAt: attempt.attemptedAt,
        }),
        payload,
      });
    }),
  );
  return router;
}
