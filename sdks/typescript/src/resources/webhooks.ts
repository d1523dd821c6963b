import type { Caller } from '../caller.js';
import type { RequestOptions } from '../http.js';
import type {
  CreateWebhookRequest,
  CreatedWebhook,
  Deleted,
  RotatedSecret,
  TestWebhookRequest,
  UpdateWebhookRequest,
  Webhook,
  WebhookDeliveries,
  WebhookDeliveriesParams,
  WebhookList,
  WebhookReplayResult,
  WebhookTestResult,
} from '../types.js';
import {
  verifyWebhook,
  type VerifyWebhookOptions,
  type WebhookBody,
  type WebhookEvent,
  type WebhookHeaders,
} from '../webhookVerify.js';

/** Webhook endpoints (full-access key; Growth and Pro plans), and verification of their deliveries. */
export class Webhooks {
  constructor(private readonly caller: Caller) {}

  /** Verifies a delivery and returns its event (no API key needed: also `Webhooks.verify` and `verifyWebhook`). */
  static verify(
    rawBody: WebhookBody,
    headers: WebhookHeaders,
    secret: string | readonly string[],
    options?: VerifyWebhookOptions,
  ): Promise<WebhookEvent> {
    return verifyWebhook(rawBody, headers, secret, options);
  }

  /** Verifies a delivery and returns its event; see `verifyWebhook`. */
  verify(
    rawBody: WebhookBody,
    headers: WebhookHeaders,
    secret: string | readonly string[],
    options?: VerifyWebhookOptions,
  ): Promise<WebhookEvent> {
    return verifyWebhook(rawBody, headers, secret, options);
  }

  /** The account's endpoints. */
  list(options?: RequestOptions): Promise<WebhookList> {
    return this.caller.call('get', '/api/webhooks', {}, options);
  }

  /** Creates an endpoint; its signing secret is in this answer only. */
  create(params: CreateWebhookRequest, options?: RequestOptions): Promise<CreatedWebhook> {
    return this.caller.call('post', '/api/webhooks', { body: params }, options);
  }

  /** Changes the URL, the events or the active switch. */
  update(id: string, params: UpdateWebhookRequest, options?: RequestOptions): Promise<Webhook> {
    return this.caller.call('patch', '/api/webhooks/{id}', { path: { id }, body: params }, options);
  }

  /** Deletes the endpoint, its secret and its delivery history. */
  delete(id: string, options?: RequestOptions): Promise<Deleted> {
    return this.caller.call('delete', '/api/webhooks/{id}', { path: { id } }, options);
  }

  /** Recent delivery attempts, newest first. */
  deliveries(id: string, params: WebhookDeliveriesParams = {}, options?: RequestOptions): Promise<WebhookDeliveries> {
    return this.caller.call('get', '/api/webhooks/{id}/deliveries', { path: { id }, query: params }, options);
  }

  /** POSTs a signed test event (the flat test shape) of the chosen type to the endpoint now. */
  test(id: string, params: TestWebhookRequest = {}, options?: RequestOptions): Promise<WebhookTestResult> {
    return this.caller.call('post', '/api/webhooks/{id}/test', { path: { id }, body: params }, options);
  }

  /** Sends a recorded delivery's event again, now (the same `webhook-id`). */
  replay(id: string, deliveryId: string, options?: RequestOptions): Promise<WebhookReplayResult> {
    return this.caller.call(
      'post',
      '/api/webhooks/{id}/deliveries/{delivery_id}/replay',
      { path: { id, delivery_id: deliveryId } },
      options,
    );
  }

  /** Replaces the signing secret; the new one is in this answer only (the old one still signs `webhook-signature` for 24 hours). */
  rotateSecret(id: string, options?: RequestOptions): Promise<RotatedSecret> {
    return this.caller.call('post', '/api/webhooks/{id}/rotate-secret', { path: { id } }, options);
  }
}
