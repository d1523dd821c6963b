// Query-string parameters of the listings: one value each, checked, every problem collected into
// one 400 with field errors. Before any handler reads them, middleware/parameters.ts has refused
// text PostgreSQL cannot store.
import type { Request, Response } from 'express';
import { sendValidationError } from './errors';
import { FieldErrorCollector } from './fieldErrors';

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

  /** `name:value`, each matching `pattern` (a message tag). */
  pair(name: string, pattern: RegExp): { name: string; value: string } | undefined {
    const raw = this.text(name, 513);
    if (raw === undefined) return undefined;
    const at = raw.indexOf(':');
    const pair = { name: raw.slice(0, at), value: raw.slice(at + 1) };
    if (at < 0 || !pattern.test(pair.name) || !pattern.test(pair.value)) return this.fail(name, 'Must be name:value, each 1 to 256 ASCII letters, digits, _ or -.');
    return pair;
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
