// The documented error shape (docs/errors-and-limits.md, "Error codes"): {success:false, error,
// detail}. 401 and the rate-limit 429 carry no `error` code; 400 carries field errors instead (see
// docs/decisions.md).
import type { Response } from 'express';
import type { ApiErrorCode, ErrorAnswer, PostageErrorCode } from '../../core/model/errorCodes';
import { PostageError } from '../../core/platform/errors';

interface PublicError extends ErrorAnswer {
  /**
   * `send`: answered by the send and account endpoints (the generic ones by every endpoint);
   * `management`: only by the sign-in and management endpoints.
   */
  endpoints: 'send' | 'management';
  /** Answered with `Retry-After` (the seconds to wait before the same request may pass). */
  retryAfter?: true;
}

/**
 * Every `error` code the API answers with (the union ApiErrorCode, core/model/errorCodes.ts):
 * the one table of status and retry guidance. A code missing here, or one not in the union, does
 * not compile. /openapi.json lists these codes per status, and the README's error table must
 * match this table row for row (test/unit/errorCodes.test.ts).
 */
export const API_ERRORS = {
  unauthorized: { status: 403, retry: 'no', endpoints: 'send' },
  domain_not_registered: { status: 403, retry: 'no', endpoints: 'send' },
  domain_not_verified: { status: 403, retry: 'after verifying', endpoints: 'send' },
  dkim_not_verified: { status: 403, retry: 'after verifying', endpoints: 'send' },
  domain_mode_mismatch: { status: 403, retry: 'no', endpoints: 'send' },
  domain_not_allowed: { status: 403, retry: 'no', endpoints: 'send' },
  sending_suspended: { status: 403, retry: 'no', endpoints: 'send' },
  /** The owner asked for the account's deletion: nothing is sent during the grace period (docs/privacy.md). */
  account_deletion_pending: { status: 403, retry: 'after the owner cancels the deletion', endpoints: 'send' },
  /** A valid key used from outside the networks it is bound to (the answer never says which). */
  network_not_allowed: { status: 403, retry: 'no, use the key from one of its networks', endpoints: 'send' },
  recipient_suppressed: { status: 422, retry: 'no', endpoints: 'send' },
  usage_limit_exceeded: { status: 429, retry: 'next UTC month, or upgrade', endpoints: 'send' },
  attachment_upload_failed: { status: 502, retry: 'yes, with backoff', endpoints: 'send' },
  queue_error: { status: 502, retry: 'yes, with backoff', endpoints: 'send' },
  byoc_not_configured: { status: 503, retry: 'after revalidating', endpoints: 'send' },
  service_unavailable: { status: 503, retry: 'yes, with backoff', endpoints: 'send', retryAfter: true },
  idempotency_key_reused: { status: 409, retry: 'no, use a new key', endpoints: 'send' },
  idempotency_key_in_progress: { status: 409, retry: 'yes, the same request', endpoints: 'send', retryAfter: true },
  not_found: { status: 404, retry: 'no', endpoints: 'send' },
  method_not_allowed: { status: 405, retry: 'no', endpoints: 'send' },
  internal_error: { status: 500, retry: 'yes, with backoff', endpoints: 'send' },
  /** A sending key on a management endpoint, or a scoped key beyond its scope. */
  insufficient_permission: {
    status: 403,
    retry: 'no, use an unscoped `full_access` key or sign in',
    endpoints: 'management',
  },
  /** A state-changing request made with a session but without its CSRF token. */
  csrf_token_invalid: { status: 403, retry: 'no, send the token', endpoints: 'management' },
  /** Webhooks need a Growth or Pro subscription (docs/webhooks.md). */
  plan_required: { status: 403, retry: 'after upgrading', endpoints: 'management' },
  /** Too many failed sign-ins for the address or from the client IP. */
  too_many_attempts: {
    status: 429,
    retry: "after `Retry-After`, or reset the password (a completed reset clears the address's count)",
    endpoints: 'management',
    retryAfter: true,
  },
  /** An anonymous or costly operation asked for too often by this client, or by everyone (`Retry-After`). */
  too_many_requests: { status: 429, retry: 'after `Retry-After`', endpoints: 'management', retryAfter: true },
  /** The name is already in this account (other accounts' claims are never mentioned). */
  domain_exists: { status: 409, retry: 'no', endpoints: 'management' },
  /** Ownership of a name another account proved first cannot be proven (the text names nobody). */
  domain_unavailable: {
    status: 409,
    retry: "no; delete the claim, or contact support if you control the domain's DNS",
    endpoints: 'management',
  },
  /** Too many domains of the account wait for ownership (DOMAIN_PENDING_LIMIT). */
  too_many_pending_domains: {
    status: 409,
    retry: 'after verifying or deleting one (unverified ones are deleted after 7 days)',
    endpoints: 'management',
  },
  /** BYOC domains are registered in the customer's account: BYOC must validate first. */
  byoc_setup_required: { status: 409, retry: 'after saving BYOC', endpoints: 'management' },
  /** Inactive webhook endpoints receive nothing, test events included (docs/webhooks.md, "Events"). */
  webhook_inactive: { status: 409, retry: 'after switching it on', endpoints: 'management' },
  /** Moving or cancelling a scheduled message that has already left (or was cancelled). */
  not_scheduled: { status: 409, retry: 'no', endpoints: 'management' },
  /** Another template of the account has this alias. */
  template_alias_exists: { status: 409, retry: 'no, choose another alias', endpoints: 'management' },
  /** Deleting a template a scheduled message was rendered from, while it waits. */
  template_in_use: {
    status: 409,
    retry: 'after the scheduled messages are sent or cancelled',
    endpoints: 'management',
  },
  /** The member's role does not allow the operation (docs/decisions.md, "Teams"), or a role change above the caller's own; a full_access key acts as a developer. */
  insufficient_role: { status: 403, retry: 'no, ask an admin or the owner', endpoints: 'management' },
  /** Inviting (or adding) an address that is already a member of the account. */
  already_member: { status: 409, retry: 'no', endpoints: 'management' },
  /** The owner cannot leave, be removed or change their own role: ownership must move first. */
  ownership_transfer_required: { status: 409, retry: 'after transferring ownership', endpoints: 'management' },
  /** An invitation accepted while signed in as someone other than the invited address. */
  invitation_wrong_user: { status: 403, retry: 'after signing in as the invited address', endpoints: 'management' },
  /** A correct sign-in of a person who is no longer a member of any account. */
  no_account: { status: 403, retry: 'no, ask to be invited', endpoints: 'management' },
  /** Setting up two-factor sign-in for a person who has it on already. */
  two_factor_enabled: { status: 409, retry: 'no, turn it off first', endpoints: 'management' },
  /** Confirming two-factor sign-in with a code before starting its setup. */
  two_factor_not_set_up: { status: 409, retry: 'after starting the setup', endpoints: 'management' },
  /** The account requires two-factor sign-in of every member: this person must turn it on first. */
  two_factor_setup_required: { status: 403, retry: 'after turning on two-factor sign-in', endpoints: 'management' },
  /** Adding a passkey or an authenticator app more than 15 minutes after signing in. */
  recent_sign_in_required: { status: 403, retry: 'after signing in again', endpoints: 'management' },
  /** Turning two-factor off while an account of the person's requires it. */
  two_factor_required_by_account: {
    status: 409,
    retry: 'no, unless the owner lifts the requirement or you leave the account',
    endpoints: 'management',
  },
  /** A person has at most MAX_PASSKEYS passkeys. */
  too_many_passkeys: { status: 409, retry: 'after removing one', endpoints: 'management' },
  /** Cancelling an account's deletion after its grace period ended: the deletion is under way. */
  account_deletion_started: { status: 409, retry: 'no', endpoints: 'management' },
  /** SES or DNS could not answer; nothing was changed. */
  provider_error: { status: 502, retry: 'yes, with backoff', endpoints: 'management' },
  /** The name already receives mail, in this account or another (docs/inbound.md, "Inbound domains"). */
  inbound_domain_exists: { status: 409, retry: 'no', endpoints: 'management' },
  /** The name is a sending domain's MAIL FROM domain or tracking subdomain, whose DNS records sending needs. */
  inbound_domain_reserved: { status: 409, retry: 'no, choose another name', endpoints: 'management' },
  /** The inbound domain already has a rule with this match. */
  inbound_rule_exists: { status: 409, retry: 'no, delete the rule first', endpoints: 'management' },
  /** BYOC domains never receive mail: Postage keeps no content of theirs. */
  byoc_domain: { status: 422, retry: 'no, use a shared-mode domain', endpoints: 'management' },
  /** A rule's endpoints must be the account's and subscribed to `email.received`. */
  invalid_endpoints: { status: 422, retry: 'after subscribing them to `email.received`', endpoints: 'management' },
} as const satisfies Record<ApiErrorCode, PublicError>;

/** The API's name for ApiErrorCode. */
export type ErrorCode = ApiErrorCode;
export const ERROR_CODES = Object.keys(API_ERRORS) as ErrorCode[];

/** The answers without an `error` code (docs/errors-and-limits.md, "Error codes"): field errors, a missing key, the per-key rate limit. */
export const UNCODED_ERRORS = {
  invalid_request: { status: 400, retry: 'no, fix the request' },
  unauthenticated: { status: 401, retry: 'no, check the key' },
  rate_limited: { status: 429, retry: 'yes, after `Retry-After`' },
} as const satisfies Record<string, ErrorAnswer>;

/** Code -> status of an error table (for the OpenAPI document's responses). */
export function statusesOf<C extends string>(
  table: Record<C, ErrorAnswer>,
  only: (code: C) => boolean = () => true,
): Partial<Record<C, number>> {
  return Object.fromEntries(
    (Object.keys(table) as C[]).filter(only).map((code) => [code, table[code].status]),
  ) as Partial<Record<C, number>>;
}

/** Codes of the send and account endpoints. */
export const SEND_ERROR_STATUS = statusesOf(API_ERRORS, (code) => API_ERRORS[code].endpoints === 'send');
/** Codes only the sign-in and management endpoints answer with. */
export const MANAGEMENT_ERROR_STATUS = statusesOf(API_ERRORS, (code) => API_ERRORS[code].endpoints === 'management');

export interface ApiError {
  code: ErrorCode;
  detail: string;
}

export function sendError(res: Response, error: ApiError): void {
  sendTableError(res, API_ERRORS, error.code, error.detail);
}

/** The error shape, with the status `table` gives `code` (API_ERRORS, or an endpoint's own: SNS's). */
export function sendTableError<C extends string>(
  res: Response,
  table: Record<C, ErrorAnswer>,
  code: C,
  detail: string,
): void {
  res.status(table[code].status).json({ success: false, error: code, detail });
}

/** 429 `too_many_requests` with `Retry-After`: an allowance of this client, account or everyone is spent. */
export function sendTooManyRequests(res: Response, retryAfterSeconds: number, detail: string): void {
  res.locals.outcome = 'too_many_requests';
  res.set('Retry-After', String(retryAfterSeconds));
  sendError(res, { code: 'too_many_requests', detail });
}

export type FieldErrors = Record<string, string[]>;

/** 400: field errors keyed by field path; `_body` for problems with the request as a whole. */
export function sendValidationError(res: Response, fieldErrors: FieldErrors): void {
  const fields = Object.keys(fieldErrors);
  res.status(UNCODED_ERRORS.invalid_request.status).json({
    success: false,
    detail: `The request is invalid (${fields.join(', ')}); fix it before retrying.`,
    errors: fieldErrors,
  });
}

export function sendUnauthenticated(res: Response, detail = 'A valid X-API-Key header is required.'): void {
  res.status(UNCODED_ERRORS.unauthenticated.status).json({ success: false, detail });
}

export function sendRateLimited(res: Response, limitPerMinute: number): void {
  res.status(UNCODED_ERRORS.rate_limited.status).json({
    success: false,
    detail: `Rate limit of ${limitPerMinute} requests per minute for this API key exceeded; retry after the Retry-After delay.`,
  });
}

// PostgreSQL could not be reached or answered in time: the request can be retried as it is.
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  '57P01',
  '57P03',
  '53300',
  '57014',
  '55P03',
]);

/** An error that means "our store is unreachable or overloaded", not "this request is wrong". */
export function isStoreUnavailable(err: unknown): boolean {
  if (!isErrorLike(err)) return false;
  if (err.name === 'KnexTimeoutError') return true; // no pool connection within DB_ACQUIRE_TIMEOUT_MS
  // pg's dropped connection (also under a COMMIT whose fate is unknown: the client retries with
  // its idempotency key and gets the replay or a new acceptance) and its connect deadline; knex
  // puts the query in front of the message.
  if (/Connection terminated|connection error and is not queryable|timeout expired/i.test(err.message)) return true;
  const code = (err as { code?: unknown }).code;
  return typeof code === 'string' && UNAVAILABLE_CODES.has(code);
}

/** Duck-typed: errors from Node's own modules may come from another realm (jest's VM contexts). */
function isErrorLike(err: unknown): err is Error {
  return typeof err === 'object' && err !== null && typeof (err as { message?: unknown }).message === 'string';
}

/** Enough of an error to diagnose a store or queue failure, without the values a driver may quote. */
export function describeError(err: unknown, depth = 0): Record<string, unknown> {
  if (!isErrorLike(err)) return { type: typeof err };
  const code = (err as { code?: unknown }).code;
  return {
    type: String(err.name),
    ...(code !== undefined ? { code } : {}),
    message: err.message.split('\n')[0]!.slice(0, 300),
    // Temporal wraps the gRPC failure (UNAVAILABLE, DEADLINE_EXCEEDED) in `cause`.
    ...(err.cause !== undefined && depth < 2 ? { cause: describeError(err.cause, depth + 1) } : {}),
  };
}

/**
 * How the API answers a core/ failure: a public error code (`not_found` for anything missing in
 * this account, so another account's ids and names look like ids that do not exist), or a 400
 * field error on `field` when the error names no field itself (`_body`: the request as a whole).
 */
export type CoreErrorAnswer = { code: ErrorCode } | { field: string };

/**
 * Every PostageError code and its answer. `satisfies Record<PostageErrorCode, ...>`: a core code
 * without an answer here does not compile (there is no fallback).
 */
export const CORE_ERROR_ANSWERS = {
  account_not_found: { code: 'not_found' },
  api_key_not_found: { code: 'not_found' },
  domain_not_found: { code: 'not_found' },
  message_not_found: { code: 'not_found' },
  suppression_not_found: { code: 'not_found' },
  erasure_not_found: { code: 'not_found' },
  webhook_not_found: { code: 'not_found' },
  webhook_delivery_not_found: { code: 'not_found' },
  template_not_found: { code: 'not_found' },
  member_not_found: { code: 'not_found' },
  invitation_not_found: { code: 'not_found' },
  inbound_domain_not_found: { code: 'not_found' },
  inbound_rule_not_found: { code: 'not_found' },
  inbound_message_not_found: { code: 'not_found' },
  domain_exists: { code: 'domain_exists' },
  domain_unavailable: { code: 'domain_unavailable' },
  too_many_pending_domains: { code: 'too_many_pending_domains' },
  plan_required: { code: 'plan_required' },
  webhook_inactive: { code: 'webhook_inactive' },
  template_alias_exists: { code: 'template_alias_exists' },
  template_in_use: { code: 'template_in_use' },
  insufficient_role: { code: 'insufficient_role' },
  already_member: { code: 'already_member' },
  ownership_transfer_required: { code: 'ownership_transfer_required' },
  invitation_wrong_user: { code: 'invitation_wrong_user' },
  account_not_verified: { code: 'unauthorized' },
  too_many_invitations: { code: 'too_many_requests' },
  // On the management endpoints BYOC not (yet) usable is a 409 to fix; the send gate's
  // `byoc_not_configured` (503) is another answer for another moment.
  byoc_not_configured: { code: 'byoc_setup_required' },
  byoc_role_unusable: { code: 'byoc_setup_required' },
  ses_identity_failed: { code: 'provider_error' },
  dns_lookup_failed: { code: 'provider_error' },
  inbound_domain_exists: { code: 'inbound_domain_exists' },
  inbound_domain_reserved: { code: 'inbound_domain_reserved' },
  inbound_rule_exists: { code: 'inbound_rule_exists' },
  byoc_domain: { code: 'byoc_domain' },
  invalid_endpoints: { code: 'invalid_endpoints' },
  two_factor_enabled: { code: 'two_factor_enabled' },
  two_factor_not_set_up: { code: 'two_factor_not_set_up' },
  two_factor_required_by_account: { code: 'two_factor_required_by_account' },
  invalid_code: { field: 'code' },
  invalid_confirmation: { field: 'confirm' },
  too_many_passkeys: { code: 'too_many_passkeys' },
  passkey_not_found: { code: 'not_found' },
  account_deletion_started: { code: 'account_deletion_started' },
  invalid_passkey_response: { field: 'response' },
  invalid_address: { field: 'address' },
  invalid_alias: { field: 'alias' },
  invalid_template: { field: '_body' },
  invalid_cursor: { field: '_body' },
  invalid_domain: { field: 'name' },
  invalid_email: { field: 'email' },
  invalid_events: { field: 'events' },
  invalid_expiry: { field: '_body' },
  invalid_limit: { field: 'limit' },
  invalid_name: { field: '_body' },
  invalid_password: { field: '_body' },
  invalid_permission: { field: '_body' },
  invalid_region: { field: 'region' },
  invalid_retention: { field: '_body' },
  invalid_role: { field: 'role' },
  invalid_role_arn: { field: 'role_arn' },
  invalid_rule_match: { field: 'match' },
  invalid_scope: { field: '_body' },
  invalid_networks: { field: 'networks' },
  invalid_status: { field: 'status' },
  invalid_token: { field: '_body' },
  invalid_topic: { field: 'topic' },
  invalid_url: { field: 'url' },
  domain_not_verified: { field: '_body' },
  // Operator CLI codes, and failures of work done after the answer: no route meets them.
  account_exists: { field: '_body' },
  domain_ambiguous: { field: '_body' },
  invalid_mode: { field: '_body' },
  invalid_option: { field: '_body' },
  invalid_plan: { field: '_body' },
  invalid_quota: { field: '_body' },
  nothing_to_change: { field: '_body' },
  unknown_plan: { field: '_body' },
  system_email_refused: { field: '_body' },
  system_email_unconfigured: { field: '_body' },
} as const satisfies Record<PostageErrorCode, CoreErrorAnswer>;

/**
 * The one place a core/ failure becomes an answer: bad input is a 400 with field errors, a
 * missing (or another account's) thing a 404, a known state conflict its code. Anything else is
 * not a PostageError and goes to the app's error handler (500 or 503).
 */
export function sendCoreError(res: Response, err: unknown): boolean {
  if (!(err instanceof PostageError)) return false;
  res.locals.outcome = err.code;
  const answer: CoreErrorAnswer = CORE_ERROR_ANSWERS[err.code];
  if ('field' in answer) sendValidationError(res, { [err.field ?? answer.field]: [err.message] });
  else
    sendError(res, {
      code: answer.code,
      detail: answer.code === 'not_found' ? `Not found: ${err.message}.` : err.message,
    });
  return true;
}
