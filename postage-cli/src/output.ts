// Human output by default, JSON with --json; errors are one line on stderr that says what to do,
// and the exit status tells scripts what kind of failure it was (docs/cli.md, "Exit codes").
import { PostageApiError, PostageConnectionError, PostageError } from '@postage/sdk';

export const EXIT = {
  ok: 0,
  /** The API refused the request, or the command did not reach its goal. */
  failed: 1,
  /** The command line itself is wrong (unknown command, missing argument, bad file). */
  usage: 2,
  /** No key, or the key was refused (401/403): log in again or use another key. */
  auth: 3,
  /** The API could not be reached, or did not answer in time. */
  unreachable: 4,
} as const;

export interface CommandOutput {
  json: unknown;
  text: string;
}

/** A failure the CLI itself detected, with its exit status. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: number = EXIT.failed,
  ) {
    super(message);
  }
}

export function printOutput(output: CommandOutput, json: boolean): void {
  process.stdout.write(json ? `${JSON.stringify(output.json, null, 2)}\n` : `${output.text}\n`);
}

/** `label: value` lines with the values aligned. */
export function fields(pairs: [string, string | number | null | undefined][]): string {
  const width = Math.max(...pairs.map(([label]) => label.length));
  return pairs.map(([label, value]) => `${`${label}:`.padEnd(width + 2)}${value ?? '-'}`).join('\n');
}

/** A plain table; `empty` is printed instead when there are no rows. */
export function table(columns: string[], rows: (string | number | null | undefined)[][], empty: string): string {
  if (rows.length === 0) return empty;
  const cells = [columns, ...rows.map((r) => r.map((c) => (c === null || c === undefined ? '-' : String(c))))];
  const widths = columns.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? '').length)));
  return cells.map((r) => r.map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i]!))).join('  ')).join('\n');
}

const HINTS: Record<string, string> = {
  unauthorized: 'run `postage login` with a valid key, or set POSTAGE_API_KEY',
  insufficient_permission: 'this needs a full_access key: create one in the dashboard, then `postage login`',
  network_not_allowed: 'this key is bound to networks that do not include this machine',
  rate_limited: 'wait for the time Retry-After gives, then try again',
};

/** The error as one line, and the exit status that says what kind of failure it was. */
export function describeFailure(err: unknown): { message: string; exitCode: number; json: unknown } {
  if (err instanceof CliError) return { message: err.message, exitCode: err.exitCode, json: { error: err.message } };
  if (err instanceof PostageApiError) {
    const fieldErrors = err.errors
      ? Object.entries(err.errors)
          .map(([field, problems]) => `${field}: ${problems.join('; ')}`)
          .join(', ')
      : '';
    // A 401 carries no code (docs/errors-and-limits.md): its hint goes by the status.
    const hint = (err.code ? HINTS[err.code] : undefined) ?? (err.status === 401 ? HINTS.unauthorized : undefined);
    const message = [`${err.detail || err.message} (${err.code ?? err.status})`, fieldErrors, hint]
      .filter(Boolean)
      .join(' - ');
    const exitCode = err.status === 401 || err.status === 403 ? EXIT.auth : EXIT.failed;
    return { message, exitCode, json: { status: err.status, error: err.code, detail: err.detail, errors: err.errors } };
  }
  if (err instanceof PostageConnectionError)
    return {
      message: `${err.message}: check POSTAGE_BASE_URL or the address given to \`postage login --base-url\``,
      exitCode: EXIT.unreachable,
      json: { error: 'unreachable', detail: err.message },
    };
  const message = err instanceof PostageError || err instanceof Error ? err.message : String(err);
  return { message, exitCode: EXIT.failed, json: { error: 'failed', detail: message } };
}
