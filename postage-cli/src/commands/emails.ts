// postage emails list | get | follow: the email log, and one message's timeline as it happens.
import type { Command } from 'commander';
import type { Email, EmailDetail, EmailListParams } from '@postage/sdk';
import type { CliContext } from '../context.js';
import { CliError, EXIT, fields, table } from '../output.js';
import { parsePositive, sleep } from '../options.js';
import type { Run } from '../run.js';

type TimelineEvent = EmailDetail['timeline'][number];

/** Statuses after which nothing more happens to a message, and whether each is the outcome wanted. */
const FINAL_STATUSES: Record<string, boolean> = {
  delivered: true,
  bounced: false,
  complained: false,
  failed: false,
  canceled: false,
};
const POLL_INTERVAL_MS = 1000;

interface ListFlags {
  status?: string;
  recipient?: string;
  from?: string;
  since?: string;
  until?: string;
  tag?: string;
  limit?: string;
}

async function list(ctx: CliContext, flags: ListFlags) {
  const limit = parsePositive(flags.limit, '--limit') ?? 20;
  const { limit: _limit, ...filters } = flags;
  const params = { ...filters, limit: Math.min(limit, 100) } as EmailListParams;
  const emails: Email[] = [];
  for await (const email of ctx.client().emails.list(params)) {
    emails.push(email);
    if (emails.length >= limit) break;
  }
  return {
    json: { emails },
    text: table(
      ['CREATED', 'MESSAGE ID', 'STATUS', 'TO', 'SUBJECT'],
      emails.map((e) => [e.created_at, e.message_id, e.status, e.recipient, e.subject]),
      'No emails match.',
    ),
  };
}

function describeEvent(event: TimelineEvent): string {
  const details = Object.entries(event.details ?? {})
    .filter(([, value]) => value !== null && value !== undefined && value !== '')
    .map(([key, value]) => `${key}=${typeof value === 'object' ? JSON.stringify(value) : String(value)}`)
    .join(' ');
  return `${event.at}  ${event.type.padEnd(18)}${details}`.trimEnd();
}

function describeDetail(detail: EmailDetail): string {
  const e = detail.email;
  return [
    fields([
      ['Message', e.message_id],
      ['Status', e.status],
      ['From', e.from_email],
      ['To', e.recipient],
      ['Subject', e.subject],
      ['Template', e.template ? `${e.template.id} v${e.template.version ?? 'draft'}` : null],
      ['Created', e.created_at],
    ]),
    '',
    'Timeline:',
    ...detail.timeline.map((event) => `  ${describeEvent(event)}`),
  ].join('\n');
}

async function get(ctx: CliContext, id: string) {
  const detail = await ctx.client().emails.get(id);
  return { json: detail, text: describeDetail(detail) };
}

/** Polls the message until its status is final or the deadline passes; prints each new event as it comes. */
async function follow(ctx: CliContext, id: string, flags: { timeout?: string }) {
  const timeoutMs = (parsePositive(flags.timeout, '--timeout') ?? 120) * 1000;
  const deadline = Date.now() + timeoutMs;
  let printed = 0;
  for (;;) {
    const detail = await ctx.client().emails.get(id);
    if (!ctx.json)
      for (const event of detail.timeline.slice(printed)) process.stdout.write(`${describeEvent(event)}\n`);
    printed = detail.timeline.length;
    const status = detail.email.status;
    if (status in FINAL_STATUSES) {
      if (!FINAL_STATUSES[status]) process.exitCode = EXIT.failed;
      return { json: detail, text: `Final status: ${status}` };
    }
    if (Date.now() >= deadline)
      throw new CliError(`still ${status} after ${timeoutMs / 1000} s: run \`postage emails follow ${id}\` again`);
    await sleep(POLL_INTERVAL_MS);
  }
}

export function registerEmailsCommands(program: Command, run: Run): void {
  const emails = program.command('emails').description('the email log (full_access key)');
  emails
    .command('list')
    .description('recent emails, newest first')
    .option('--status <status>', 'queued, sent, delivered, bounced, complained or failed')
    .option('--recipient <text>', 'part of the recipient address')
    .option('--from <address>', 'part of the sender address')
    .option('--since <time>', 'created at or after (ISO 8601)')
    .option('--until <time>', 'created before (ISO 8601)')
    .option('--tag <name:value>', 'carrying this tag')
    .option('--limit <n>', 'at most this many (default 20)')
    .action(run(list));
  emails.command('get <message-id>').description('one message: status, details and timeline').action(run(get));
  emails
    .command('follow <message-id>')
    .description(
      'print the timeline as it happens until a final status (exit 0 delivered, 1 bounced/complained/failed)',
    )
    .option('--timeout <seconds>', 'give up after this long (default 120)')
    .action(run(follow));
}
