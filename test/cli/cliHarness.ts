// Runs postage-admin the way an operator does: the linked bin (what `npx postage-admin` runs) in a
// child process, with --json parsed. Each test file points it at its own database.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { TEST_SECRET_KEY } from '../helpers/config';

const ROOT = path.resolve(__dirname, '..', '..');
export const CLI_BIN = path.join(ROOT, 'node_modules', '.bin', 'postage-admin');

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
  /** stdout parsed as JSON (undefined when it is not JSON). */
  json: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- each command prints its own shape; tests index into it
}

export type Cli = (args: string[], extraEnv?: Record<string, string>) => Promise<CliResult>;

export function runCli(args: string[], env: Record<string, string>): Promise<CliResult> {
  return new Promise((resolve) => {
    execFile(CLI_BIN, args, { cwd: ROOT, env: { ...process.env, ...env }, timeout: 60_000 }, (err, stdout, stderr) => {
      const code = err ? (typeof err.code === 'number' ? err.code : 1) : 0;
      let json: unknown;
      try {
        json = JSON.parse(stdout);
      } catch {
        json = undefined;
      }
      resolve({ code, stdout, stderr, json });
    });
  });
}

/** A CLI bound to one database and configuration; `--json` is added to every call. */
export function cliFor(baseEnv: Record<string, string>): Cli {
  return (args, extraEnv = {}) =>
    runCli([...args, '--json'], {
      NODE_ENV: 'test',
      POSTAGE_SECRET_KEY: TEST_SECRET_KEY,
      SES_ACCESS_KEY_ID: 'test',
      SES_SECRET_ACCESS_KEY: 'test',
      WEBHOOK_ALLOWED_PRIVATE_ADDRESSES: '',
      ...baseEnv,
      ...extraEnv,
    });
}

/** Fails with the command's own output, so a broken command explains itself. */
export function ok(result: CliResult): CliResult {
  if (result.code !== 0)
    throw new Error(`postage-admin exited ${result.code}\nstdout: ${result.stdout}\nstderr: ${result.stderr}`);
  return result;
}
