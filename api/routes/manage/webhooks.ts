// Webhook endpoints (docs/webhooks.md): list, create (the signing secret once), change URL, events
// or the active switch, delete, recent deliveries, and a signed test event of a chosen type (at
// most WEBHOOK_TESTS_PER_MINUTE an account). Creating, changing and testing need Growth or Pro.
import { PostageError } from '../../../core/platform/errors';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  getWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  rotateWebhookSecret,
  updateWebhookEndpoint,
  type WebhookEndpoint,
} from '../../../core/webhooks/webhookEndpoints';
import { sendTestWebhookEvent } from '../../../core/webhooks/webhookTestEvents';
import { replayWebhookDelivery } from '../../../core/webhooks/webhookReplay';
import { createWebhookTestLimit, WEBHOOK_TESTS_PER_MINUTE } from '../../../core/webhooks/webhookTestLimit';
import type { WebhookAttempt } from '../../../core/webhooks/webhookDelivery';
import type { RouteDeps } from '../../http/deps';
import { operation, type Refusal, type Refuse } from '../../http/operation';
import { perApp } from '../../http/perApp';
import { presentWebhook, presentWebhookDelivery } from '../../presenters/resources';
import {
  CreatedWebhook,
  CreateWebhookRequest,
  Deleted,
  RotatedSecret,
  TestWebhookRequest,
  UpdateWebhookRequest,
  Webhook,
  WebhookDeliveries,
  WebhookList,
  WebhookReplayResult,
  WebhookTestResult,
} from '../../schemas/management';
import { limit, queryParameters } from '../../schemas/queryParameters';

const testLimit = perApp((deps) => createWebhookTestLimit(deps.redis));
const urlRules = (deps: RouteDeps) => ({ allowedPrivateAddresses: deps.config.webhooks.allowedPrivateAddresses });

/** Test events and replays share the account's allowance (WEBHOOK_TESTS_PER_MINUTE). */
function tooManyTestEvents(refuse: Refuse<'too_many_requests'>, retryAfterSeconds: number): Refusal {
  return refuse(
    'too_many_requests',
    `At most ${WEBHOOK_TESTS_PER_MINUTE} test events and replays a minute per account; retry after the Retry-After delay.`,
    { retryAfter: retryAfterSeconds },
  );
}

/** An attempt made now (a test event or a replay), as the deliveries list shows it. */
function presentAttempt(
  attempt: WebhookAttempt & { id: string; attemptedAt: Date; durationMs: number },
  of: { event: string; messageId: string | null; replayOf: string | null },
) {
  return presentWebhookDelivery({
    id: attempt.id,
    replayOf: of.replayOf,
    eventType: of.event,
    isTest: of.messageId === null,
    messageId: of.messageId,
    statusCode: attempt.statusCode,
    succeeded: attempt.succeeded,
    latencyMs: attempt.durationMs,
    error: attempt.error,
    attemptedAt: attempt.attemptedAt,
  });
}

async function ownEndpoint(deps: RouteDeps, accountId: string, id: string): Promise<WebhookEndpoint> {
  const endpoint = await getWebhookEndpoint(deps.db, id);
  if (!endpoint || endpoint.accountId !== accountId)
    throw new PostageError('webhook_not_found', `no webhook endpoint ${id} in this account`);
  return endpoint;
}

export const webhookOperations = [
  operation({
    method: 'get',
    path: '/api/webhooks',
    summary: 'The account’s webhook endpoints.',
    who: 'caller',
    role: 'viewer',
    scopedKey: 'account_wide',
    ok: [200, WebhookList, 'The endpoints.'],
    async handler({ deps, caller }) {
      return { webhooks: (await listWebhookEndpoints(deps.db, caller.accountId)).map(presentWebhook) };
    },
  }),
  operation({
    method: 'post',
    path: '/api/webhooks',
    summary: 'Create an endpoint; the signing secret is in this response only (Growth and Pro plans).',
    who: 'caller',
    role: 'developer',
    scopedKey: 'account_wide',
    body: CreateWebhookRequest,
    ok: [201, CreatedWebhook, 'Created.'],
    async handler({ deps, res, caller, body }) {
      const { endpoint, signingSecret } = await createWebhookEndpoint(
        deps.db,
        deps.config.secretKey,
        { accountId: caller.accountId, url: body.url, events: body.events },
        caller.actor,
        urlRules(deps),
      );
      res.locals.outcome = 'webhook_created';
      return { webhook: presentWebhook(endpoint), signing_secret: signingSecret };
    },
  }),
  operation({
    method: 'patch',
    path: '/api/webhooks/{id}',
    summary: 'Change the URL, the events or the active switch (Growth and Pro plans).',
    who: 'caller',
    role: 'developer',
    scopedKey: 'account_wide',
    body: UpdateWebhookRequest,
    ok: [200, Webhook, 'Changed.'],
    async handler({ deps, caller, body, params }) {
      const endpoint = await ownEndpoint(deps, caller.accountId, params.id);
      return presentWebhook(await updateWebhookEndpoint(deps.db, endpoint.id, body, caller.actor, urlRules(deps)));
    },
  }),
  operation({
    method: 'delete',
    path: '/api/webhooks/{id}',
    summary: 'Delete the endpoint, its secret and its delivery history (permanent).',
    who: 'caller',
    role: 'developer',
    scopedKey: 'account_wide',
    ok: [200, Deleted, 'Deleted.'],
    async handler({ deps, res, caller, params }) {
      const endpoint = await ownEndpoint(deps, caller.accountId, params.id);
      await deleteWebhookEndpoint(deps.db, endpoint.id, caller.actor);
      res.locals.outcome = 'webhook_deleted';
      return { success: true as const, warnings: [] };
    },
  }),
  operation({
    method: 'get',
    path: '/api/webhooks/{id}/deliveries',
    summary: 'Recent delivery attempts, newest first.',
    who: 'caller',
    role: 'viewer',
    scopedKey: 'account_wide',
    query: queryParameters({ limit: limit() }),
    ok: [200, WebhookDeliveries, 'The deliveries.'],
    async handler({ deps, caller, params, query }) {
      const endpoint = await ownEndpoint(deps, caller.accountId, params.id);
      return {
        deliveries: (await listWebhookDeliveries(deps.db, endpoint.id, query.limit)).map(presentWebhookDelivery),
      };
    },
  }),
  operation({
    method: 'post',
    path: '/api/webhooks/{id}/test',
    summary:
      'POST a signed test event of the chosen type (the flat test-event shape; for `email.received` and `privacy.erasure_completed`, an envelope shaped like the real event; see the Webhooks guide) to the endpoint now, and record it (Growth and Pro plans; at most 10 test events a minute per account).',
    who: 'caller',
    role: 'developer',
    scopedKey: 'account_wide',
    body: TestWebhookRequest,
    ok: [
      200,
      WebhookTestResult,
      'Attempted (see `delivery.succeeded`; a failure without an HTTP answer says only its category in `delivery.error`).',
    ],
    more: {
      409: [{ codes: ['webhook_inactive'] }, 'The endpoint is inactive.'],
      429: [{ codes: ['too_many_requests'] }, 'The account sent its 10 test events of this minute (Retry-After).'],
    },
    async handler({ deps, res, caller, body, params, refuse }) {
      const endpoint = await ownEndpoint(deps, caller.accountId, params.id);
      const event = body.event_type ?? endpoint.events[0] ?? 'email.delivered';
      const result = await sendTestWebhookEvent(
        deps.db,
        deps.config,
        { accountId: endpoint.accountId, endpointId: endpoint.id, event },
        testLimit(deps),
      );
      if ('retryAfterSeconds' in result) return tooManyTestEvents(refuse, result.retryAfterSeconds);
      const { attempt, payload } = result;
      res.locals.outcome = attempt.succeeded ? 'webhook_test_delivered' : 'webhook_test_failed';
      return { delivery: presentAttempt(attempt, { event, messageId: null, replayOf: null }), payload };
    },
  }),
  operation({
    method: 'post',
    path: '/api/webhooks/{id}/deliveries/{delivery_id}/replay',
    summary:
      'Send a recorded delivery’s event again, now, as one attempt recorded as a replay (Growth and Pro plans; counts toward the 10 test events a minute). A message’s event is rebuilt from its log row (kept 14 days) and carries the same `webhook-id`; a test delivery is replayed as a new test event of its type. An erasure’s end (`privacy.erasure_completed`) is not replayed (404 `not_found`): read the erasure instead.',
    who: 'caller',
    role: 'developer',
    scopedKey: 'account_wide',
    ok: [200, WebhookReplayResult, 'Attempted (see `delivery.succeeded`).'],
    more: {
      409: [{ codes: ['webhook_inactive'] }, 'The endpoint is inactive.'],
      429: [
        { codes: ['too_many_requests'] },
        'The account sent its 10 test events or replays of this minute (Retry-After).',
      ],
    },
    async handler({ deps, res, caller, params, refuse }) {
      const result = await replayWebhookDelivery(
        deps.db,
        deps.config,
        { accountId: caller.accountId, endpointId: params.id, deliveryId: params.delivery_id },
        testLimit(deps),
      );
      if ('retryAfterSeconds' in result) return tooManyTestEvents(refuse, result.retryAfterSeconds);
      const { attempt } = result;
      res.locals.outcome = attempt.succeeded ? 'webhook_replay_delivered' : 'webhook_replay_failed';
      return { delivery: presentAttempt(attempt, result), payload: result.payload as Record<string, unknown> };
    },
  }),
  operation({
    method: 'post',
    path: '/api/webhooks/{id}/rotate-secret',
    summary:
      'Replace the signing secret; the new one is in this response only. For 24 hours every delivery’s Standard Webhooks `webhook-signature` carries a signature made with each of the two secrets, so a receiver can switch without losing events; X-Service-Signature (a single signature, so one secret) uses the new one at once (Growth and Pro plans).',
    who: 'caller',
    role: 'developer',
    scopedKey: 'account_wide',
    ok: [200, RotatedSecret, 'Rotated.'],
    async handler({ deps, res, caller, params }) {
      await ownEndpoint(deps, caller.accountId, params.id);
      const { endpoint, signingSecret, previousSecretExpiresAt } = await rotateWebhookSecret(
        deps.db,
        deps.config.secretKey,
        params.id,
        caller.actor,
      );
      res.locals.outcome = 'webhook_secret_rotated';
      return {
        webhook: presentWebhook(endpoint),
        signing_secret: signingSecret,
        previous_secret_expires_at: previousSecretExpiresAt.toISOString(),
      };
    },
  }),
];
