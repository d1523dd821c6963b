// Argument parsers for commander options: each refuses bad input with a one-line reason.
import { InvalidArgumentError } from 'commander';

export function parseBoolean(value: string): boolean {
  const v = value.trim().toLowerCase();
  if (['true', 'yes', '1', 'on'].includes(v)) return true;
  if (['false', 'no', '0', 'off'].includes(v)) return false;
  throw new InvalidArgumentError('expected true or false.');
}

export function parseCount(value: string): number {
  if (!/^\d+$/.test(value.trim())) throw new InvalidArgumentError('expected a whole number, 0 or more.');
  return Number(value);
}

export function parsePositive(value: string): number {
  const n = parseCount(value);
  if (n < 1) throw new InvalidArgumentError('expected a whole number, 1 or more.');
  return n;
}

/** A whole number, 1 or more, or `none` (commander cannot carry null: the command maps it). */
export function parseBound(value: string): number | 'none' {
  return value.trim() === 'none' ? 'none' : parsePositive(value);
}

/** ISO 8601 with a date at least (`2027-01-31`, `2027-01-31T12:00:00Z`). */
export function parseIsoDate(value: string): Date {
  const date = /^\d{4}-\d{2}-\d{2}/.test(value.trim()) ? new Date(value.trim()) : new Date(NaN);
  if (Number.isNaN(date.getTime()))
    throw new InvalidArgumentError('expected an ISO 8601 date, for example 2027-01-31T00:00:00Z.');
  return date;
}

export function parseList(value: string, previous: string[] = []): string[] {
  return [
    ...previous,
    ...value
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  ];
}

/** One of a fixed set of words, as typed (case-insensitive). */
export function parseChoice<T extends string>(choices: readonly T[]): (value: string) => T {
  return (value) => {
    const v = value.trim().toLowerCase();
    if (!(choices as readonly string[]).includes(v))
      throw new InvalidArgumentError(`expected one of ${choices.join(', ')}.`);
    return v as T;
  };
}
