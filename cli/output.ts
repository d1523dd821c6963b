// Human-readable output by default, JSON with --json. Each command returns both forms; nothing
// secret is printed except a secret at the moment it is created (shown once).
import { PostageError } from '../core/platform/errors';

export interface CommandOutput {
  json: unknown;
  text: string;
  /** The command ran but did not reach its goal (a check failed): exit 1 with this reason. */
  failure?: string;
}

export function formatDate(value: Date | string | null | undefined): string {
  if (!value) return '-';
  return (value instanceof Date ? value : new Date(value)).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export function yesNo(value: boolean | null | undefined): string {
  return value === null || value === undefined ? '-' : value ? 'yes' : 'no';
}

/** `label: value` lines with the values aligned. */
export function fields(pairs: [string, string | number][]): string {
  const width = Math.max(...pairs.map(([label]) => label.length));
  return pairs.map(([label, value]) => `${`${label}:`.padEnd(width + 2)}${value}`).join('\n');
}

/** A plain table; `empty` is printed instead when there are no rows. */
export function table(columns: string[], rows: (string | number)[][], empty: string): string {
  if (rows.length === 0) return empty;
  const cells = [columns, ...rows.map((r) => r.map(String))];
  const widths = columns.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? '').length)));
  return cells.map((r) => r.map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i]!))).join('  ')).join('\n');
}

export function printOutput(output: CommandOutput, json: boolean): void {
  process.stdout.write(json ? `${JSON.stringify(output.json, null, 2)}\n` : `${output.text}\n`);
}

interface ErrorLike {
  code?: string;
  message?: string;
  errors?: ErrorLike[];
}

/** One line saying what went wrong and, where we can tell, what to do about it. */
export function describeError(err: unknown): { code: string; message: string } {
  if (err instanceof PostageError) return { code: err.code, message: err.message };
  const e = err as ErrorLike;
  const code = e.code ?? e.errors?.[0]?.code;
  if (code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'ETIMEDOUT') {
    return {
      code: 'database_unreachable',
      message: `cannot reach PostgreSQL (${code}): is \`npm run dev\` running? Otherwise set DATABASE_URL`,
    };
  }
  if (code === '42P01')
    return {
      code: 'database_not_migrated',
      message: 'the database has no Postage tables: run `npm run migrate` (npm run dev does it)',
    };
  if (code === '3D000')
    return { code: 'database_missing', message: `${e.message ?? 'the database does not exist'}: check DATABASE_URL` };
  return { code: 'error', message: (e.message ?? String(err)).split('\n')[0]! };
}
