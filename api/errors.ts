// The spec's error shape (section 7): {success:false, error, detail}. 401 and the rate-limit 429
// carry no `error` code; 400 carries field errors instead (see docs/decisions.md).
import type { Response } from 'express';
import { PostageError } from '../core/platform/errors';

/** Codes of the send and account endpoints (spec 7 and our additions). */
export const SEND_ERROR_STATUS = {
  unauthorized: 403,
  domain_not_registered: 403,
  domain_not_verified: 403,
  dkim_not_verified: 403,
  domain_mode_mismatch: 403,
  domain_not_allowed: 403,
  sending_suspended: 403,
  recipient_suppressed: 422,
  usage_limit_exceeded: 429,
  attachment_upload_failed: 502,
  queue_error: 502,
  byoc_not_configured: 503,
  service_unavailable: 503,
  idempotency_key_reused: 409,
  idempotency_key_in_progress: 409,
  not_found: 404,
  method_not_allowed: 405,
  internal_error: 500,
} as const;

/** Codes only the sign-in and management endpoints answer with. */
export const MANAGEMENT_ERROR_STATUS = {
  /** A sending key on a management endpoint. */
  insufficient_permission: 403,
  /** A state-changing request made with a session but without its CSRF token. */
  csrf_token_invalid: 403,
  /** Webhooks need a Growth or Pro subscription (spec 1). */
  plan_required: 403,
  /** Too many failed sign-ins for the address or from the client IP. */
  too_many_attempts: 429,
  /** An anonymous or costly operation asked for too often by this client, or by everyone (`Retry-After`). */
  too_many_requests: 429,
  /** The name is already in this account (other accounts' claims are never mentioned). */
  domain_exists: 409,
  /** Ownership of a name another account proved first cannot be proven (the text names nobody). */
  domain_unavailable: 409,
  /** Too many domains of the account wait for ownership (DOMAIN_PENDING_LIMIT). */
  too_many_pending_domains: 409,
  /** BYOC domains are registered in the customer's account: BYOC must validate first. */
  byoc_setup_required: 409,
  /** Inactive webhook endpoints receive nothing, test events included (spec 6.1). */
  webhook_inactive: 409,
  /** SES or DNS could not answer; nothing was changed. */
  provider_error: 502,
} as const;

export const ERROR_STATUS = { ...SEND_ERROR_STATUS, ...MANAGEMENT_ERROR_STATUS } as const;

export type ErrorCode = keyof typeof ERROR_STATUS;
export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

export interface ApiError {
  code: ErrorCode;
  detail: string;
}

export function sendError(res: Response, error: ApiError): void {
  sendCodedError(res, ERROR_STATUS[error.code], error.code, error.detail);
}

/** The error shape with a code of another endpoint's own table (the SNS endpoint's). */
export function sendCodedError(res: Response, status: number, code: string, detail: string): void {
  res.status(status).json({ success: false, error: code, detail });
}

export type FieldErrors = Record<string, string[]>;

/** 400: field errors keyed by field path; `_body` for problems with the request as a whole. */
export function sendValidationError(res: Response, fieldErrors: FieldErrors): void {
  const fields = Object.keys(fieldErrors);
  res.status(400).json({
    success: false,
    detail: `The request is invalid (${fields.join(', ')}); fix it before retrying.`,
    errors: fieldErrors,
  });
}

export function sendUnauthenticated(res: Response, detail = 'A valid X-API-Key header is required.'): void {
  res.status(401).json({ success: false, detail });
}

export function sendRateLimited(res: Response, limitPerMinute: number): void {
  res.status(429).json({ success: false, detail: `Rate limit of ${limitPerMinute} requests per minute for this API key exceeded; retry after the Retry-After delay.` });
}

// PostgreSQL could not be reached or answered in time: the request can be retried as it is.
const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', '57P01', '57P03', '53300', '57014', '55P03']);

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

// PostageError codes of core/ that mean "no such thing in this account": always 404, so another
// account's ids and names are indistinguishable from ids that do not exist.
const NOT_FOUND_CODES = new Set(['domain_not_found', 'api_key_not_found', 'webhook_not_found', 'account_not_found', 'suppression_not_found', 'message_not_found']);
const CODE_MAP: Record<string, ErrorCode> = {
  domain_exists: 'domain_exists',
  domain_unavailable: 'domain_unavailable',
  too_many_pending_domains: 'too_many_pending_domains',
  byoc_not_configured: 'byoc_setup_required',
  byoc_role_unusable: 'byoc_setup_required',
  ses_identity_failed: 'provider_error',
  dns_lookup_failed: 'provider_error',
  plan_required: 'plan_required',
  webhook_inactive: 'webhook_inactive',
};
// The request field an `invalid_*` code of core/ is about, when the error does not say.
const FIELD_OF: Record<string, string> = {
  invalid_domain: 'name',
  invalid_events: 'events',
  invalid_url: 'url',
  invalid_role_arn: 'role_arn',
  invalid_region: 'region',
  invalid_address: 'address',
  invalid_email: 'email',
  invalid_status: 'status',
  invalid_limit: 'limit',
};

/**
 * The one place a core/ failure becomes an answer: bad input is a 400 with field errors, a
 * missing (or another account's) thing a 404, a known state conflict its code. Anything else is
 * not a PostageError and goes to the app's error handler (500 or 503).
 */
export function sendCoreError(res: Response, err: unknown): boolean {
  if (!(err instanceof PostageError)) return false;
  res.locals.outcome = err.code;
  if (NOT_FOUND_CODES.has(err.code)) sendError(res, { code: 'not_found', detail: `Not found: ${err.message}.` });
  else if (CODE_MAP[err.code]) sendError(res, { code: CODE_MAP[err.code]!, detail: err.message });
  else sendValidationError(res, { [err.field ?? FIELD_OF[err.code] ?? '_body']: [err.message] });
  return true;
}
