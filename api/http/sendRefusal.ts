// A send refused as a whole (single or batch): counted by code, Retry-After when the same
// request may be tried again in a moment, the error in the one shape.
import type { Response } from 'express';
import type { RouteDeps } from './deps';
import { sendError, type ApiError } from './errors';

export function refuseSend(deps: Pick<RouteDeps, 'metrics'>, res: Response, error: ApiError): void {
  res.locals.outcome = error.code;
  deps.metrics.sendRefusals.inc({ code: error.code });
  // In progress elsewhere, or (service_unavailable here) the account's template renders are all taken: a moment.
  if (error.code === 'idempotency_key_in_progress' || error.code === 'service_unavailable') res.set('Retry-After', '1');
  sendError(res, error);
}
