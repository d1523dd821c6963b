// The spec's error shape (section 7): {success:false, error, detail}. 401 and the rate-limit 429
// carry no `error` code; 400 carries field errors instead (see docs/decisions.md).
import type { Response } from 'express';

export type ErrorCode =
  | 'unauthorized'
  | 'domain_not_registered'
  | 'domain_not_verified'
  | 'dkim_not_verified'
  | 'domain_mode_mismatch'
  | 'domain_not_allowed'
  | 'sending_suspended'
  | 'recipient_suppressed'
  | 'usage_limit_exceeded'
  | 'attachment_upload_failed'
  | 'queue_error'
  | 'byoc_not_configured'
  | 'idempotency_key_reused'
  | 'idempotency_key_in_progress'
  | 'not_found'
  | 'internal_error';

export const ERROR_STATUS: Record<ErrorCode, number> = {
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
  idempotency_key_reused: 409,
  idempotency_key_in_progress: 409,
  not_found: 404,
  internal_error: 500,
};

export interface ApiError {
  code: ErrorCode;
  detail: string;
}

export function sendError(res: Response, error: ApiError): void {
  res.status(ERROR_STATUS[error.code]).json({ success: false, error: error.code, detail: error.detail });
}

/** 400: field errors keyed by field path; `_body` for problems with the request as a whole. */
export function sendValidationError(res: Response, fieldErrors: Record<string, string[]>): void {
  const fields = Object.keys(fieldErrors);
  res.status(400).json({
    success: false,
    detail: `The request body is invalid (${fields.join(', ')}).`,
    errors: fieldErrors,
  });
}

export function sendUnauthenticated(res: Response): void {
  res.status(401).json({ success: false, detail: 'A valid X-API-Key header is required.' });
}
