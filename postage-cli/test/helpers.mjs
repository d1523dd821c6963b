// Runs the installed `postage` as a user's shell would, with a config directory of its own.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const BIN = process.env.POSTAGE_CLI_BIN;
export const BASE_URL = process.env.POSTAGE_BASE_URL;
export const FULL_KEY = process.env.POSTAGE_FULL_ACCESS_KEY;
export const DOMAIN = process.env.POSTAGE_DOMAIN;
export const TEST_DOMAIN = process.env.POSTAGE_TEST_DOMAIN;

export function tempDir(prefix = 'postage-cli-') {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/** The environment of a shell with nothing but the API's address (and the test domain) set. */
export function cliEnv(extra = {}) {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    XDG_CONFIG_HOME: tempDir('postage-config-'),
    POSTAGE_BASE_URL: BASE_URL,
    POSTAGE_TEST_DOMAIN: TEST_DOMAIN,
    ...extra,
  };
}

/** The environment of a shell where the full_access key is in POSTAGE_API_KEY. */
export function keyEnv(extra = {}) {
  return cliEnv({ POSTAGE_API_KEY: FULL_KEY, ...extra });
}

export function startCli(args, { env = keyEnv(), input } = {}) {
  const child = spawn(BIN, args, { env, stdio: ['pipe', 'pipe', 'pipe'] });
  child.stdin.end(input ?? '');
  return child;
}

/** Runs to the end: { code, stdout, stderr }. */
export function runCli(args, options = {}) {
  const child = startCli(args, options);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c) => (stdout += c));
  child.stderr.on('data', (c) => (stderr += c));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Runs with --json and parses what it printed; fails with its output when it did not exit 0. */
export async function cliJson(args, options = {}) {
  const result = await runCli(['--json', ...args], options);
  if (result.code !== 0)
    throw new Error(`postage ${args.join(' ')} exited ${result.code}: ${result.stderr}${result.stdout}`);
  return JSON.parse(result.stdout);
}
