// @postage/sdk: the official TypeScript/JavaScript client of the Postage API.
export { Postage, DEFAULT_BASE_URL, DEFAULT_MAX_RETRIES, DEFAULT_TIMEOUT_MS, type PostageOptions } from './client.js';
export {
  ErrorCode,
  PostageApiError,
  PostageConnectionError,
  PostageError,
  PostageTimeoutError,
  type KnownErrorCode,
  type RateLimitInfo,
} from './errors.js';
export type { RequestOptions } from './http.js';
export type { RawRequest } from './caller.js';
export { Paginator, type CursorPage } from './pagination.js';
export type { SendOptions } from './resources/emails.js';
export { Emails } from './resources/emails.js';
export { Me, ReputationResource, SendingQueueResource, Stats, UsageResource } from './resources/account.js';
export { Domains } from './resources/domains.js';
export { Inbound, InboundDomains, InboundRules } from './resources/inbound.js';
export { ApiKeys } from './resources/apiKeys.js';
export { Webhooks } from './resources/webhooks.js';
export { Events, LiveEventStream, type LiveEvent, type LiveEventStreamParams } from './resources/events.js';
export { Templates } from './resources/templates.js';
export { Suppressions } from './resources/suppressions.js';
export { ByocResource } from './resources/byoc.js';
export { AuditLog, Invitations, Members } from './resources/team.js';
export {
  verifyWebhook,
  WebhookVerificationError,
  type ReceivedEmail,
  type ReceivedEmailAttachment,
  type ReceivedEmailAuthentication,
  type ReceivedEmailMailbox,
  type ReceivedEmailVerdict,
  type VerifyWebhookOptions,
  type WebhookBody,
  type WebhookEvent,
  type WebhookEventData,
  type WebhookEventType,
  type WebhookHeaders,
  type WebhookVerificationFailure,
} from './webhookVerify.js';
export type * from './types.js';
/** The generated types of the whole API document (paths, operations, schemas). */
export type { components, operations, paths } from './generated/openapi.js';
export { VERSION } from './version.js';
