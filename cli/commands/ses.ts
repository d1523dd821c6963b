// ses: each shared-mode account's own SES configuration set and tenant on the shared account
// (docs/reputation.md, "How accounts are kept apart"). `provision` makes them for accounts that
// claimed a shared domain before the setting was on (the same idempotent step the worker's
// provision-ses-<account> workflow runs, here at once so the operator sees its result); `show`
// prints what SES says of an account's set and tenant.
import type { Command } from 'commander';
import { requireAccount } from '../../core/accounts/accounts';
import { sharedSesManagementClient } from '../../core/platform/awsClients';
import type { SesIsolationSettings } from '../../core/platform/settings/table';
import {
  provisionSesIsolation,
  sesAccountState,
  sharedAccountsToProvision,
  type SesAccountState,
} from '../../core/ses/accountIsolation';
import type { CliContext } from '../context';
import { fields, formatDate } from '../output';
import type { Run } from '../run';

function isolationSettings(ctx: CliContext): SesIsolationSettings {
  const isolation = ctx.config().ses.isolation;
  if (!isolation)
    throw new Error('SES_ACCOUNT_CONFIGURATION_SETS is off: set it (and SES_EVENTS_TOPIC_ARN) as the worker has it');
  return isolation;
}

async function provision(ctx: CliContext, accountIds: string[]) {
  const isolation = isolationSettings(ctx);
  const ses = sharedSesManagementClient(ctx.config());
  try {
    const done = [];
    for (const accountId of accountIds)
      done.push({ accountId, ...(await provisionSesIsolation(ctx.db(), ses, isolation, accountId)) });
    return done;
  } finally {
    ses.destroy();
  }
}

export function describeSesState(state: SesAccountState): string {
  const tenant = state.tenantState;
  const sending = state.configurationSetSending;
  return fields([
    ['account', state.accountId],
    ['configuration set', state.configurationSet ?? '- (not provisioned: the deployment default)'],
    ['set sending', sending === null ? '-' : sending ? 'enabled' : 'DISABLED'],
    ['tenant', state.tenant ?? '-'],
    ['tenant status', tenant?.sendingStatus ?? '-'],
    ['sending (SES aggregate)', tenant?.aggregateStatus ?? '-'],
    ['reputation impact', tenant ? (tenant.reputationImpact ?? 'none') : '-'],
    ['cause', tenant?.cause ?? '-'],
    ['provisioned', formatDate(state.provisionedAt)],
  ]);
}

export function registerSesCommands(program: Command, run: Run): void {
  const ses = program
    .command('ses')
    .description("each shared-mode account's own SES configuration set and tenant on the shared account");

  ses
    .command('provision')
    .description('create the configuration set (and tenant) of an account, or of every shared-mode account without one')
    .argument('[account]', 'account id or email')
    .option('--all', 'every account with a shared domain and no configuration set yet')
    .action(
      run(async (ctx, id: string | undefined, opts: { all?: boolean }) => {
        if (!id === !opts.all) throw new Error('give an account or --all');
        const ids = id ? [(await requireAccount(ctx.db(), id)).id] : await sharedAccountsToProvision(ctx.db());
        const done = await provision(ctx, ids);
        const lines = done.map(
          (d) => `${d.accountId}: ${d.configurationSetName}${d.tenantName ? ` (tenant ${d.tenantName})` : ''}`,
        );
        return { json: { provisioned: done }, text: lines.length ? lines.join('\n') : 'nothing to provision' };
      }),
    );

  ses
    .command('show')
    .description("an account's configuration set and tenant, and their state as SES reports it now")
    .argument('<account>', 'account id or email')
    .action(
      run(async (ctx, id: string) => {
        const account = await requireAccount(ctx.db(), id);
        const client = sharedSesManagementClient(ctx.config());
        try {
          const state = await sesAccountState(ctx.db(), client, account.id);
          return { json: state, text: describeSesState(state) };
        } finally {
          client.destroy();
        }
      }),
    );
}
