// Query-string parameters of the listings: one value each, checked, every problem collected into
// one 400 with field errors. Before any route reads them, `refuseUnstorableParameters` checks
// every query and path parameter of the management API for text PostgreSQL cannot store.
import type { NextFunction, Request, Response } from 'express';
import { sendError, sendValidationError } from '../../http/errors';
import { FieldErrorCollector, unstorableTextProblem } from '../../http/fieldErrors';

export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 100;

export class QueryReader {
  private readonly errors = new FieldErrorCollector();

  constructor(private readonly req: Request) {}

  /** A single string parameter (a repeated one is refused rather than half-read). */
  text(name: string, maxLength = 320): string | undefined {
    const value: unknown = this.req.query[name];
    if (value === undefined || value === '') return undefined;
    if (typeof value !== 'string') return this.fail(name, 'Give this parameter once.');
    if (value.length > maxLength) return this.fail(name, `Must be at most ${maxLength} characters.`);
    return value;
  }

  limit(): number {
    const raw = this.text('limit', 4);
    if (raw === undefined) return DEFAULT_PAGE_SIZE;
    const n = Number(raw);
    if (!/^\d+$/.test(raw) || n < 1 || n > MAX_PAGE_SIZE) return this.fail('limit', `Must be a whole number from 1 to ${MAX_PAGE_SIZE}.`) ?? DEFAULT_PAGE_SIZE;
    return n;
  }

  /** An ISO 8601 date or date-time; a bare date means midnight UTC. */
  time(name: string): Date | undefined {
    const raw = this.text(name, 40);
    if (raw === undefined) return undefined;
    const date = /^\d{4}-\d{2}-\d{2}/.test(raw) ? new Date(raw) : new Date(NaN);
    if (Number.isNaN(date.getTime())) return this.fail(name, 'Must be an ISO 8601 date such as 2026-11-01 or 2026-11-01T12:00:00Z.');
    return date;
  }

  /** One of a fixed set of values. */
  choice<T extends string>(name: string, allowed: readonly T[]): T | undefined {
    const raw = this.text(name, 40);
    if (raw === undefined) return undefined;
    if (!(allowed as readonly string[]).includes(raw)) return this.fail(name, `Must be one of ${allowed.join(', ')}.`);
    return raw as T;
  }

  /** Sends the 400 when any parameter was wrong; true when it did. */
  refused(res: Response): boolean {
    if (this.errors.size === 0) return false;
    res.locals.outcome = 'invalid_query';
    sendValidationError(res, this.errors.toObject());
    return true;
  }

  private fail(name: string, message: string): undefined {
    this.errors.add(name, message);
    return undefined;
  }
}

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
