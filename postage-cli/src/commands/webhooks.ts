// postage webhooks list: the account's webhook endpoints (`postage listen` needs none).
import type { Command } from 'commander';
import type { CliContext } from '../context.js';
import { table } from '../output.js';
import type { Run } from '../run.js';

async function list(ctx: CliContext) {
  const { webhooks } = await ctx.client().webhooks.list();
  return {
    json: { webhooks },
    text: table(
      ['ID', 'URL', 'ACTIVE', 'EVENTS'],
      webhooks.map((w) => [w.id, w.url, w.active ? 'yes' : 'no', w.events.join(',')]),
      'No webhook endpoints. To receive events on this machine without one: postage listen --forward-to <url>',
    ),
  };
}

export function registerWebhooksCommands(program: Command, run: Run): void {
  const webhooks = program.command('webhooks').description('webhook endpoints (full_access key)');
  webhooks.command('list').description('the account’s endpoints').action(run(list));
}
