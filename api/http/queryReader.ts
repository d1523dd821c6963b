// Query-string parameters of the listings: one value each, checked, every problem collected into
// one 400 with field errors. Before any handler reads them, middleware/parameters.ts has refused
// text PostgreSQL cannot store.
import type { Request, Response } from 'express';
import { sendValidationError } from './errors';
import { FieldErrorCollector } from './fieldErrors';
import { BMP_TEXT_PATTERN, CURSOR } from '../schemas/queryParameters';

const BMP_TEXT = new RegExp(BMP_TEXT_PATTERN);
const CURSOR_TEXT = new RegExp(CURSOR.pattern);
const CURSOR_MAX_LENGTH = CURSOR.maxLength;

export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 100;

export class QueryReader {
  private readonly errors = new FieldErrorCollector();

  constructor(private readonly req: Request) {}

  /**
   * A single string parameter (a repeated one is refused rather than half-read), within the Basic
   * Multilingual Plane as the document's `text` schema says; empty is the same as absent.
   */
  text(name: string, maxLength = 320): string | undefined {
    const value = this.given(name, maxLength);
    if (!value) return undefined;
    if (!BMP_TEXT.test(value)) return this.fail(name, 'Must be text without NUL and without characters outside the Basic Multilingual Plane (such as emoji).');
    return value;
  }

  /** `next_cursor` of a previous page, as the document's `cursor` parameter describes it. */
  cursor(): string | undefined {
    const value = this.given('cursor', CURSOR_MAX_LENGTH);
    if (!value) return undefined;
    if (!CURSOR_TEXT.test(value)) return this.fail('cursor', 'Must be the next_cursor of a previous page, as it was given.');
    return value;
  }

  limit(): number {
    const raw = this.typed('limit', 4);
    if (raw === undefined) return DEFAULT_PAGE_SIZE;
    const n = Number(raw);
    if (!/^\d+$/.test(raw) || n < 1 || n > MAX_PAGE_SIZE) return this.fail('limit', `Must be a whole number from 1 to ${MAX_PAGE_SIZE}.`) ?? DEFAULT_PAGE_SIZE;
    return n;
  }

  /** An ISO 8601 date or date-time; a bare date means midnight UTC. */
  time(name: string): Date | undefined {
    const raw = this.typed(name, 40);
    if (raw === undefined) return undefined;
    const date = /^\d{4}-\d{2}-\d{2}/.test(raw) ? new Date(raw) : new Date(NaN);
    if (Number.isNaN(date.getTime())) return this.fail(name, 'Must be an ISO 8601 date such as 2026-11-01 or 2026-11-01T12:00:00Z.');
    return date;
  }

  /** One of a fixed set of values. */
  choice<T extends string>(name: string, allowed: readonly T[]): T | undefined {
    const raw = this.typed(name, 40);
    if (raw === undefined) return undefined;
    if (!(allowed as readonly string[]).includes(raw)) return this.fail(name, `Must be one of ${allowed.join(', ')}.`);
    return raw as T;
  }

  /** `name:value`, each matching `pattern` (a message tag). */
  pair(name: string, pattern: RegExp): { name: string; value: string } | undefined {
    const raw = this.typed(name, 513);
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

  /** The parameter's one value as given ('' included), or undefined when absent or refused. */
  private given(name: string, maxLength: number): string | undefined {
    const value: unknown = this.req.query[name];
    if (value === undefined) return undefined;
    if (typeof value !== 'string') return this.fail(name, 'Give this parameter once.');
    if (value.length > maxLength) return this.fail(name, `Must be at most ${maxLength} characters.`);
    return value;
  }

  /** A parameter with a type (a number, a date, a choice): empty is not a value of it, so `until=` is refused rather than ignored. */
  private typed(name: string, maxLength: number): string | undefined {
    const value = this.given(name, maxLength);
    if (value === '') return this.fail(name, 'Must not be empty: leave the parameter out instead.');
    return value;
  }

  private fail(name: string, message: string): undefined {
    this.errors.add(name, message);
    return undefined;
  }
}
