// login, logout, whoami: the key the other commands use (src/config.ts says where it is kept).
import type { Command } from 'commander';
import { Postage } from '@postage/sdk';
import { configPath, DEFAULT_BASE_URL, readConfig, removeConfig, writeConfig } from '../config.js';
import type { CliContext } from '../context.js';
import { CliError, EXIT, fields } from '../output.js';
import type { Run } from '../run.js';

/** The key from --api-key-stdin or, on a terminal, typed without echo; never from argv (shell history). */
async function readKey(fromStdin: boolean): Promise<string> {
  if (fromStdin || !process.stdin.isTTY) {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8').trim();
  }
  const { createInterface } = await import('node:readline/promises');
  const rl = createInterface({ input: process.stdin, output: process.stderr, terminal: true });
  // Mutes the echo of what is typed after the prompt.
  const output = rl as unknown as { _writeToOutput?: (s: string) => void };
  const question = rl.question('API key (input hidden): ');
  output._writeToOutput = () => undefined;
  const key = await question;
  rl.close();
  process.stderr.write('\n');
  return key.trim();
}

async function login(ctx: CliContext, opts: { baseUrl?: string; apiKeyStdin?: boolean }) {
  const apiKey = await readKey(Boolean(opts.apiKeyStdin));
  if (!apiKey) throw new CliError('no key given: paste an API key from the dashboard (API keys page)', EXIT.usage);
  const baseUrl = (
    opts.baseUrl ??
    ctx.env.POSTAGE_BASE_URL ??
    readConfig(ctx.env).base_url ??
    DEFAULT_BASE_URL
  ).replace(/\/+$/, '');
  // Checked before it is stored, so a typo is found now rather than at the next command.
  const account = await new Postage({ apiKey, baseUrl }).me.get();
  const file = writeConfig({ api_key: apiKey, base_url: baseUrl }, ctx.env);
  return {
    json: { account: account.name, email: account.email, base_url: baseUrl, config_file: file },
    text: `Logged in to ${account.name} (${account.email}) at ${baseUrl}.\nThe key is stored in ${file} (readable by you only).${
      ctx.env.POSTAGE_API_KEY ? '\nNote: POSTAGE_API_KEY is set in this shell and wins over the stored key.' : ''
    }`,
  };
}

async function logout(ctx: CliContext) {
  const removed = removeConfig(ctx.env);
  return {
    json: { removed, config_file: configPath(ctx.env) },
    text: removed ? `Removed the stored key (${configPath(ctx.env)}).` : 'No key was stored.',
  };
}

async function whoami(ctx: CliContext) {
  const credentials = ctx.credentials();
  const account = await ctx.client().me.get();
  return {
    json: { ...account, base_url: credentials.baseUrl, key_source: credentials.source },
    text: fields([
      ['Account', `${account.name} (${account.email})`],
      ['Plan', account.current_plan || '-'],
      ['API', credentials.baseUrl],
      ['Key from', credentials.source === 'environment' ? 'POSTAGE_API_KEY' : configPath(ctx.env)],
      ['Shared domains', account.verified_shared_domains.join(', ') || '-'],
      ['BYOC domains', account.verified_byoc_domains.join(', ') || '-'],
    ]),
  };
}

export function registerAccountCommands(program: Command, run: Run): void {
  program
    .command('login')
    .description('store an API key for the commands that follow (checked first; POSTAGE_API_KEY wins over it)')
    .option(
      '--base-url <url>',
      'the API address (default: POSTAGE_BASE_URL, else the stored one, else https://api.postage.dev)',
    )
    .option('--api-key-stdin', 'read the key from standard input (for scripts)')
    .action(run(login));
  program.command('logout').description('forget the stored key').action(run(logout));
  program
    .command('whoami')
    .description('the account the key belongs to, and where the key comes from')
    .action(run(whoami));
}
