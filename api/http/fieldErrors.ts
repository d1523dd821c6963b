// 400 field errors from ajv's errors: `attachments/0/content` -> `attachments[0].content`, with a
// plain-words message. Field names come from the client, so they are collected in a Map (a field
// named `constructor` or `__proto__` must not reach Object.prototype).
import type { ErrorObject } from 'ajv/dist/2020';
import type { FieldErrors } from './errors';

/** The field an error is about; a missing or unknown property names itself. */
export function fieldPath(err: ErrorObject): string {
  const base = err.instancePath
    .replace(/^\//, '')
    .replace(/\/(\d+)(?=\/|$)/g, '[$1]')
    .replace(/\//g, '.');
  const child =
    err.keyword === 'required'
      ? err.params.missingProperty
      : err.keyword === 'additionalProperties'
        ? err.params.additionalProperty
        : undefined;
  if (child !== undefined) return base ? `${base}.${String(child)}` : String(child);
  return base || '_body';
}

export function genericFieldMessage(err: ErrorObject): string {
  switch (err.keyword) {
    case 'required':
      return 'This field is required.';
    case 'additionalProperties':
      return 'Unknown field.';
    case 'type':
      return `Must be ${err.params.type === 'object' ? 'an object' : err.params.type === 'array' ? 'an array' : `a ${String(err.params.type)}`}.`;
    case 'minLength':
      return Number(err.params.limit) <= 1
        ? 'Must not be empty.'
        : `Must be at least ${String(err.params.limit)} characters.`;
    case 'maxLength':
      return `Must be at most ${String(err.params.limit)} characters.`;
    case 'minItems':
      return `Choose at least ${String(err.params.limit)}.`;
    case 'maxItems':
      return `At most ${String(err.params.limit)} items are allowed.`;
    case 'enum':
      return `Must be one of ${(err.params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}.`;
    case 'format':
      return err.params.format === 'date-time'
        ? 'Must be an ISO 8601 date and time with a time zone, such as 2027-01-31T00:00:00Z.'
        : `Must be a valid ${String(err.params.format)}.`;
    case 'minimum':
    case 'maximum':
      return `Must be ${err.keyword === 'minimum' ? 'at least' : 'at most'} ${String(err.params.limit)}.`;
    default:
      return err.message ?? 'Invalid value.';
  }
}

// A UTF-16 surrogate without its other half: UTF-8 (the database's encoding) has no form for it.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why PostgreSQL could not store this text as it is (NUL, a lone surrogate), or undefined when it can. */
export function unstorableTextProblem(text: string): string | undefined {
  if (text.includes('\u0000')) return 'Must not contain NUL characters.';
  if (LONE_SURROGATE.test(text)) return 'Must be valid Unicode text (no unpaired surrogates).';
  return undefined;
}

export class FieldErrorCollector {
  private readonly errors = new Map<string, string[]>();

  add(field: string, message: string): void {
    const messages = this.errors.get(field);
    if (messages) messages.push(message);
    else this.errors.set(field, [message]);
  }

  get size(): number {
    return this.errors.size;
  }

  toObject(): FieldErrors {
    return Object.fromEntries(this.errors);
  }
}
