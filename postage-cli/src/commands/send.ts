// postage send: one email, from flags or from a JSON file holding the API's send body.
import fs from 'node:fs';
import type { Command } from 'commander';
import type { SendRequest, SendResponse } from '@postage/sdk';
import type { CliContext } from '../context.js';
import { CliError, EXIT, fields } from '../output.js';
import { collect, parsePairs } from '../options.js';
import type { Run } from '../run.js';

export interface SendFlags {
  from?: string;
  to?: string;
  subject?: string;
  text?: string;
  html?: string;
  htmlFile?: string;
  replyTo?: string;
  tag?: string[];
  template?: string;
  var?: string[];
  file?: string;
  idempotencyKey?: string;
}

function readFile(file: string, option: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (err) {
    throw new CliError(`${option}: cannot read ${file} (${(err as Error).message})`, EXIT.usage);
  }
}

function bodyFromFile(file: string): SendRequest {
  try {
    return JSON.parse(readFile(file, '--file')) as SendRequest;
  } catch (err) {
    if (err instanceof CliError) throw err;
    throw new CliError(`--file: ${file} is not JSON (${(err as Error).message})`, EXIT.usage);
  }
}

/** The send body the flags describe; what the API refuses (a missing subject, say) it says itself. */
export function bodyFromFlags(flags: SendFlags): SendRequest {
  if (!flags.from || !flags.to) throw new CliError('send needs --from and --to (or --file message.json)', EXIT.usage);
  const html = flags.htmlFile !== undefined ? readFile(flags.htmlFile, '--html-file') : flags.html;
  const variables = parsePairs(flags.var, '--var');
  if (variables && !flags.template) throw new CliError('--var goes with --template <id>', EXIT.usage);
  // Built loosely, then typed: which body fields a send needs is the API's rule, and its 400 says it.
  const body: Record<string, unknown> = { from: flags.from, to: flags.to };
  if (flags.subject !== undefined) body.subject = flags.subject;
  if (flags.text !== undefined) body.message = flags.text;
  if (html !== undefined) body.html = html;
  if (flags.replyTo !== undefined) body.reply_to = flags.replyTo;
  const tags = parsePairs(flags.tag, '--tag');
  if (tags) body.tags = tags;
  if (flags.template) body.template = { id: flags.template, ...(variables ? { variables } : {}) };
  return body as SendRequest;
}

export function describeSent(sent: SendResponse): string {
  return fields([
    ['Queued', sent.message_id],
    ['Mode', sent.mode],
    ['Idempotency key', sent.idempotency_key],
    ...(sent.scheduled_at ? [['Scheduled at', sent.scheduled_at] as [string, string]] : []),
    ...(sent.warnings ?? []).map((w): [string, string] => ['Warning', w]),
  ]).concat(`\nFollow it with: postage emails follow ${sent.message_id}`);
}

async function send(ctx: CliContext, flags: SendFlags) {
  const body = flags.file ? bodyFromFile(flags.file) : bodyFromFlags(flags);
  const sent = await ctx
    .client()
    .emails.send(body, flags.idempotencyKey ? { idempotencyKey: flags.idempotencyKey } : {});
  return { json: sent, text: describeSent(sent) };
}

export function registerSendCommand(program: Command, run: Run): void {
  program
    .command('send')
    .description('send one email (flags, or --file with the API’s send body as JSON)')
    .option('--from <address>', 'sender, on one of the account’s verified domains')
    .option('--to <address>', 'the recipient')
    .option('--subject <text>', 'subject line')
    .option('--text <text>', 'plain-text body')
    .option('--html <html>', 'HTML body')
    .option('--html-file <path>', 'HTML body read from a file')
    .option('--reply-to <address>', 'one address for replies')
    .option('--tag <name=value>', 'a tag (repeatable)', collect)
    .option('--template <id>', 'send a stored template’s published version (its id or alias)')
    .option('--var <name=value>', 'a template variable (repeatable)', collect)
    .option('--file <message.json>', 'the whole send body as JSON (as POST /api/send/ takes it)')
    .option('--idempotency-key <key>', 'sending again with the same key never sends twice')
    .action(run(send));
}
