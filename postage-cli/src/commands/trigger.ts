// postage trigger <event>: makes the event really happen, through the whole pipeline, by sending
// to the test recipient whose outcome is that event (docs/test-recipients.md): nobody is emailed,
// and the account's webhooks, the log and `postage listen` see it as they see a real one.
import type { Command } from 'commander';
import type { CliContext } from '../context.js';
import { CliError, EXIT } from '../output.js';
import type { Run } from '../run.js';
import { describeSent } from './send.js';

/** The test domain of Postage's hosted API; a self-hosted API sets its own (TEST_DOMAIN). */
export const DEFAULT_TEST_DOMAIN = 'test.postage.dev';

/** Each event a test recipient produces, and its local part (docs/test-recipients.md's table). */
const TEST_RECIPIENTS: Record<string, string> = {
  'email.sent': 'delivered',
  'email.delivered': 'delivered',
  'email.bounced': 'bounced',
  'email.complained': 'complained',
  'email.delivery_delayed': 'delayed',
  'email.opened': 'opened',
  'email.clicked': 'clicked',
};

interface TriggerFlags {
  from?: string;
  testDomain?: string;
}

async function senderAddress(ctx: CliContext, from: string | undefined): Promise<string> {
  if (from) return from;
  const domain = (await ctx.client().me.get()).verified_shared_domains[0];
  if (!domain)
    throw new CliError(
      'the account has no verified shared domain to send from: verify one, or pass --from',
      EXIT.failed,
    );
  return `trigger@${domain}`;
}

async function trigger(ctx: CliContext, event: string, flags: TriggerFlags) {
  const localPart = TEST_RECIPIENTS[event];
  if (!localPart)
    throw new CliError(`cannot trigger ${event}: one of ${Object.keys(TEST_RECIPIENTS).join(', ')}`, EXIT.usage);
  const testDomain = flags.testDomain ?? ctx.env.POSTAGE_TEST_DOMAIN ?? DEFAULT_TEST_DOMAIN;
  const sent = await ctx.client().emails.send({
    from: await senderAddress(ctx, flags.from),
    to: `${localPart}+cli-trigger@${testDomain}`,
    subject: `postage trigger ${event}`,
    // A link, for email.clicked (the test recipient clicks the HTML's first web link).
    html: `<p>Triggered by <code>postage trigger ${event}</code>. <a href="https://postage.dev/">A link</a>.</p>`,
    tags: { postage_cli: 'trigger' },
  });
  return { json: { event, ...sent }, text: `Triggering ${event}.\n${describeSent(sent)}` };
}

export function registerTriggerCommand(program: Command, run: Run): void {
  program
    .command('trigger <event>')
    .description(
      `make an event happen for real, with a send to a test recipient (${Object.keys(TEST_RECIPIENTS).join(', ')})`,
    )
    .option('--from <address>', 'sender (default: trigger@ the account’s first verified shared domain)')
    .option(
      '--test-domain <domain>',
      `the API's test-recipient domain (default: POSTAGE_TEST_DOMAIN, else ${DEFAULT_TEST_DOMAIN})`,
    )
    .action(run(trigger));
}
