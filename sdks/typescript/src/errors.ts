// Errors as values: every failure of this SDK is a PostageError.
//   PostageApiError         the API answered with an error status (4xx/5xx): status, code, detail,
//                           field errors, Retry-After, rate-limit headers, request id
//   PostageConnectionError  no answer: the connection failed or was dropped
//   PostageTimeoutError     no answer within timeoutMs (a PostageConnectionError too)
//   WebhookVerificationError (src/webhookVerify.ts) a webhook that is not Postage's
import type { components } from './generated/openapi.js';

/** Every `error` code the API documents (sdks/openapi.json, schema `Error`). */
export type KnownErrorCode = components['schemas']['Error']['error'];

/** The documented codes by name. A code this version does not know still arrives in `PostageApiError.code` as a string. */
export const ErrorCode = {
  Unauthorized: 'unauthorized',
  DomainNotRegistered: 'domain_not_registered',
  DomainNotVerified: 'domain_not_verified',
  DkimNotVerified: 'dkim_not_verified',
  DomainModeMismatch: 'domain_mode_mismatch',
  DomainNotAllowed: 'domain_not_allowed',
  SendingSuspended: 'sending_suspended',
  AccountDeletionPending: 'account_deletion_pending',
  NetworkNotAllowed: 'network_not_allowed',
  RecipientSuppressed: 'recipient_suppressed',
  UsageLimitExceeded: 'usage_limit_exceeded',
  AttachmentUploadFailed: 'attachment_upload_failed',
  QueueError: 'queue_error',
  ByocNotConfigured: 'byoc_not_configured',
  ServiceUnavailable: 'service_unavailable',
  IdempotencyKeyReused: 'idempotency_key_reused',
  IdempotencyKeyInProgress: 'idempotency_key_in_progress',
  NotFound: 'not_found',
  MethodNotAllowed: 'method_not_allowed',
  InternalError: 'internal_error',
  InsufficientPermission: 'insufficient_permission',
  CsrfTokenInvalid: 'csrf_token_invalid',
  PlanRequired: 'plan_required',
  TooManyAttempts: 'too_many_attempts',
  TooManyRequests: 'too_many_requests',
  DomainExists: 'domain_exists',
  DomainUnavailable: 'domain_unavailable',
  TooManyPendingDomains: 'too_many_pending_domains',
  ByocSetupRequired: 'byoc_setup_required',
  WebhookInactive: 'webhook_inactive',
  NotScheduled: 'not_scheduled',
  TemplateAliasExists: 'template_alias_exists',
  TemplateInUse: 'template_in_use',
  ProviderError: 'provider_error',
  InsufficientRole: 'insufficient_role',
  AlreadyMember: 'already_member',
  OwnershipTransferRequired: 'ownership_transfer_required',
  InvitationWrongUser: 'invitation_wrong_user',
  NoAccount: 'no_account',
  TwoFactorEnabled: 'two_factor_enabled',
  TwoFactorNotSetUp: 'two_factor_not_set_up',
  TwoFactorSetupRequired: 'two_factor_setup_required',
  RecentSignInRequired: 'recent_sign_in_required',
  TwoFactorRequiredByAccount: 'two_factor_required_by_account',
  TooManyPasskeys: 'too_many_passkeys',
  AccountDeletionStarted: 'account_deletion_started',
  InboundDomainExists: 'inbound_domain_exists',
  InboundDomainReserved: 'inbound_domain_reserved',
  InboundRuleExists: 'inbound_rule_exists',
  ByocDomain: 'byoc_domain',
  InvalidEndpoints: 'invalid_endpoints',
} as const satisfies Record<string, KnownErrorCode>;
export type ErrorCode = KnownErrorCode;

// Every code of the document is listed above: a new one fails the type-check until it is added.
type Unlisted = Exclude<KnownErrorCode, (typeof ErrorCode)[keyof typeof ErrorCode]>;
const everyCodeListed: [Unlisted] extends [never] ? true : Unlisted = true;
void everyCodeListed;

/** The X-RateLimit-* headers of a send answer. */
export interface RateLimitInfo {
  /** Requests a minute allowed for the key. */
  limit: number;
  /** Requests left in this window. */
  remaining: number;
  /** When the window ends. */
  reset: Date;
}

/** The base class of every error this SDK throws. */
export class PostageError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
  }
}

export interface PostageApiErrorInit {
  status: number;
  code: string | undefined;
  detail: string;
  errors: Record<string, string[]> | undefined;
  retryAfter: number | undefined;
  rateLimit: RateLimitInfo | undefined;
  requestId: string | undefined;
  headers: Headers;
  body: unknown;
}

/** The API refused the request: an HTTP status of 400 or more. */
export class PostageApiError extends PostageError {
  /** The HTTP status. */
  readonly status: number;
  /**
   * The machine-readable `error` code, e.g. `domain_not_verified` (see `ErrorCode`); undefined for
   * the answers that carry none: 400 field errors, 401, and the rate-limit 429.
   */
  readonly code: ErrorCode | (string & {}) | undefined;
  /** The explanation for humans. */
  readonly detail: string;
  /** The field errors of a 400 (or of a template render): messages by field path (`to`, `attachments[0].content`, `_body`). */
  readonly errors: Record<string, string[]> | undefined;
  /** Retry-After, in seconds, when the answer carried it (rate limit, idempotency key in progress, service unavailable). */
  readonly retryAfter: number | undefined;
  /** The X-RateLimit-* headers, when the answer carried them (sends). */
  readonly rateLimit: RateLimitInfo | undefined;
  /** X-Request-Id: quote it when asking for help. */
  readonly requestId: string | undefined;
  /** The answer's headers. */
  readonly headers: Headers;
  /** The answer's body, parsed when it was JSON. */
  readonly body: unknown;

  constructor(init: PostageApiErrorInit) {
    super(`Postage API ${init.status}${init.code ? ` ${init.code}` : ''}: ${init.detail}`);
    this.status = init.status;
    this.code = init.code;
    this.detail = init.detail;
    this.errors = init.errors;
    this.retryAfter = init.retryAfter;
    this.rateLimit = init.rateLimit;
    this.requestId = init.requestId;
    this.headers = init.headers;
    this.body = init.body;
  }

  /** The per-key rate limit (429 without a code): retry after `retryAfter` seconds. Not `usage_limit_exceeded`, the monthly quota. */
  get isRateLimited(): boolean {
    return this.status === 429 && this.code === undefined;
  }

  /** A 400 with field errors. */
  get isValidationError(): boolean {
    return this.status === 400 && this.errors !== undefined;
  }
}

/** No answer from the API: the connection could not be made, or broke before the answer was read. */
export class PostageConnectionError extends PostageError {}

/** No answer within the timeout (the request was aborted). */
export class PostageTimeoutError extends PostageConnectionError {
  /** The timeout that elapsed, in milliseconds. */
  readonly timeoutMs: number;
  constructor(timeoutMs: number) {
    super(`Postage API: no answer within ${timeoutMs} ms (the request was aborted)`);
    this.timeoutMs = timeoutMs;
  }
}
