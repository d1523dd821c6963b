// reputation: the accounts nearest the levels at which Postage pauses sending, nearest first
// (docs/reputation.md, "For the operator").
import type { Command } from 'commander';
import { accountsNearestThresholds, type AccountNearThreshold } from '../../core/providerEvents/nearestThresholds';
import { sharedSesManagementClient } from '../../core/platform/awsClients';
import { sesAccountState, type SesAccountState } from '../../core/ses/accountIsolation';
import type { CliContext } from '../context';
import { parsePositive } from '../args';
import { table, yesNo } from '../output';
import type { Run } from '../run';

const pct = (rate: number) => `${(rate * 100).toFixed(2)}%`;

type Listed = AccountNearThreshold & { ses?: SesAccountState };

/** With --ses: what SES says of each listed account's configuration set and tenant (one client, its deadline per call). */
async function withSesState(ctx: CliContext, rows: AccountNearThreshold[]): Promise<Listed[]> {
  const ses = sharedSesManagementClient(ctx.config());
  try {
    const listed: Listed[] = [];
    for (const row of rows) listed.push({ ...row, ses: await sesAccountState(ctx.db(), ses, row.account_id) });
    return listed;
  } finally {
    ses.destroy();
  }
}

function sesColumn(state: SesAccountState | undefined): string {
  if (!state?.configurationSet) return '-';
  const tenant = state.tenantState;
  return tenant
    ? `${tenant.aggregateStatus ?? '-'}${tenant.reputationImpact ? ` (${tenant.reputationImpact})` : ''}`
    : 'set only';
}

export function registerReputationCommand(program: Command, run: Run): void {
  program
    .command('reputation')
    .description(
      'the accounts nearest the bounce or complaint rate at which sending is paused, nearest first (rates over REPUTATION_WINDOW_DAYS)',
    )
    .option('--limit <n>', 'how many accounts', parsePositive, 20)
    .option('--ses', "also each account's SES tenant status as SES reports it now (see `ses show`)")
    .action(
      run(async (ctx, opts: { limit: number; ses?: boolean }) => {
        const settings = ctx.config().reputation;
        const nearest = await accountsNearestThresholds(ctx.db(), settings, opts.limit);
        const rows: Listed[] = opts.ses ? await withSesState(ctx, nearest) : nearest;
        const sesHeader = opts.ses ? ['SES tenant'] : [];
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
              ...(opts.ses ? [sesColumn(r.ses)] : []),
            ]),
            `No real shared-mode sends in the last ${settings.windowDays} days.`,
          ),
        };
      }),
    );
}
