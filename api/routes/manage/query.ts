// Query-string parameters of the listings: one value each, checked, or a 400 with field errors.
import type { Request } from 'express';
import { PostageError } from '../../../core/platform/errors';

export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 100;

/** A single string parameter (a repeated one is refused rather than half-read). */
export function queryText(req: Request, name: string, maxLength = 320): string | undefined {
  const value: unknown = req.query[name];
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string') throw new PostageError(`invalid_${name}`, 'Give this parameter once.', name);
  if (value.length > maxLength) throw new PostageError(`invalid_${name}`, `Must be at most ${maxLength} characters.`, name);
  return value;
}

export function queryLimit(req: Request): number {
  const raw = queryText(req, 'limit', 4);
  if (raw === undefined) return DEFAULT_PAGE_SIZE;
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || n < 1 || n > MAX_PAGE_SIZE) throw new PostageError('invalid_limit', `Must be a whole number from 1 to ${MAX_PAGE_SIZE}.`, 'limit');
  return n;
}

/** An ISO 8601 date or date-time; a bare date means midnight UTC. */
export function queryTime(req: Request, name: string): Date | undefined {
  const raw = queryText(req, name, 40);
  if (raw === undefined) return undefined;
  const date = /^\d{4}-\d{2}-\d{2}/.test(raw) ? new Date(raw) : new Date(NaN);
  if (Number.isNaN(date.getTime())) throw new PostageError(`invalid_${name}`, 'Must be an ISO 8601 date such as 2026-11-01 or 2026-11-01T12:00:00Z.', name);
  return date;
}
