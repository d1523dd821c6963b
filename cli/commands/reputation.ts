// reputation: the accounts nearest the levels at which Postage pauses sending, nearest first
// (docs/reputation.md, "For the operator").
import type { Command } from 'commander';
import { accountsNearestThresholds } from '../../core/providerEvents/nearestThresholds';
import { parsePositive } from '../args';
import { table, yesNo } from '../output';
import type { Run } from '../run';

const pct = (rate: number) => `${(rate * 100).toFixed(2)}%`;

export function registerReputationCommand(program: Command, run: Run): void {
  program
    .command('reputation')
    .description(
      'the accounts nearest the bounce or complaint rate at which sending is paused, nearest first (rates over REPUTATION_WINDOW_DAYS)',
    )
    .option('--limit <n>', 'how many accounts', parsePositive, 20)
    .action(
      run(async (ctx, opts: { limit: number }) => {
        const settings = ctx.config().reputation;
        const rows = await accountsNearestThresholds(ctx.db(), settings, opts.limit);
        return {
          json: rows,
          text: table(
            [
              'account id',
              'name',
              'sends',
              'bounce rate',
              'complaint rate',
              'of pause level',
              'enough volume',
              'paused',
            ],
            rows.map((r) => [
              r.account_id,
              r.name,
              r.sends,
              `${pct(r.bounce_rate)} (${r.hard_bounces})`,
              `${pct(r.complaint_rate)} (${r.complaints})`,
              `${Math.round(r.nearness * 100)}%`,
              yesNo(r.enough_volume),
              yesNo(r.paused),
            ]),
            `No real shared-mode sends in the last ${settings.windowDays} days.`,
          ),
        };
      }),
    );
}
