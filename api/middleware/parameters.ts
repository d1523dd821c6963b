// The one gate for the management API's parameters, before any handler: text PostgreSQL cannot
// store, in a path segment or a query value.
import type { NextFunction, Request, Response } from 'express';
import { sendError, sendValidationError } from '../http/errors';
import { FieldErrorCollector, unstorableTextProblem } from '../http/fieldErrors';

function decodedSegment(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined; // a malformed escape or bytes that are not UTF-8 (Express would answer 500)
  }
}

/**
 * The one gate for the management API's parameters, mounted after authentication and before the
 * routes: a query value PostgreSQL cannot store (NUL; lone surrogates) is a 400 naming the
 * parameter, as any other invalid parameter is; a path whose segments cannot be decoded or stored
 * names nothing that can exist, so it is 404 not_found, like an id of another account
 * (docs/decisions.md). Routes and core/ then never see such text.
 */
export function refuseUnstorableParameters(req: Request, res: Response, next: NextFunction): void {
  const path = req.originalUrl.split('?')[0] ?? '';
  if (
    path.split('/').some((segment) => {
      const text = decodedSegment(segment);
      return text === undefined || unstorableTextProblem(text) !== undefined;
    })
  ) {
    res.locals.outcome = 'not_found';
    sendError(res, { code: 'not_found', detail: 'Nothing in this account has that name or id.' });
    return;
  }
  const errors = new FieldErrorCollector();
  // Express's query parser gives a string, or an array for a repeated name.
  for (const [name, value] of Object.entries(req.query as Record<string, unknown>)) {
    const texts = [name, ...(Array.isArray(value) ? value : [value])].filter((v): v is string => typeof v === 'string');
    const problem = texts.map(unstorableTextProblem).find((p) => p !== undefined);
    if (problem) errors.add(unstorableTextProblem(name) ? '_query' : name, problem);
  }
  if (errors.size > 0) {
    res.locals.outcome = 'invalid_query';
    sendValidationError(res, errors.toObject());
    return;
  }
  next();
}
