// ses-pace: the queue of messages waiting for their turn at an SES account, every account's
// together, with its pace (docs/sending.md, "Pace and fair shares"; the gauges of
// docs/operations.md show the shared account's over time).
import type { Command } from 'commander';
import { sesPace, type SesPace } from '../../core/sending/sendingQueue';
import { sesPacerFor } from '../../core/sending/sesPacing';
import type { Run } from '../run';

function describe(pace: SesPace): string {
  const throttled = pace.lastThrottledAt ? `last throttled at ${pace.lastThrottledAt}` : 'no throttle in the last hour';
  return [
    `${pace.sendingAccount}: ${pace.waiting.single} single and ${pace.waiting.bulk} bulk waiting, from ${pace.accountsWaiting} account(s)`,
    `pace ${pace.pacePerSecond}/s of a send rate of ${pace.sendRatePerSecond}/s; ${throttled}`,
  ].join('\n');
}

export function registerSesPaceCommand(program: Command, run: Run): void {
  program
    .command('ses-pace')
    .description("messages waiting for their turn at SES and the pace: the shared account's, or a BYOC account's")
    .option('--byoc <account-id>', "the account's own SES account (BYOC) instead of the shared one")
    .action(
      run(async (ctx, opts: { byoc?: string }) => {
        const pacer = sesPacerFor(ctx.redis(), ctx.config());
        const pace = await sesPace(pacer, opts.byoc ? `byoc:${opts.byoc}` : 'shared');
        return { json: pace, text: describe(pace) };
      }),
    );
}
