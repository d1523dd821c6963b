// account create|show|set|list: identity, verified email, plan, suspension; every change audited.
import type { Command } from 'commander';
import { createAccount, listAccounts, requireAccount, updateAccount, type Account } from '../../core/accounts/accounts';
import { listAudit } from '../../core/platform/audit';
import { getByocConfig, isByocUsable } from '../../core/byoc/byocConfig';
import { listDomains, canSend } from '../../core/domains/domains';
import { getPlan } from '../../core/accounts/plans';
import { subscribedPlan } from '../../core/accounts/subscription';
import { monthlyUsage } from '../../core/accounts/usage';
import { PostageError } from '../../core/platform/errors';
import { parseBoolean } from '../args';
import type { CliContext } from '../context';
import { fields, formatDate, table, yesNo, type CommandOutput } from '../output';
import type { Run } from '../run';

function accountFields(a: Account): [string, string][] {
  return [
    ['id', a.id],
    ['email', a.email],
    ['name', a.name || '-'],
    ['email verified', yesNo(a.isVerified)],
    ['plan', subscribedPlan(a) ?? 'none (free BYOC plan)'],
    ['sending suspended', a.sendingSuspended ? `yes (${a.suspendedReason ?? 'no reason given'})` : 'no'],
    ['created', formatDate(a.createdAt)],
  ];
}

async function showAccount(ctx: CliContext, idOrEmail: string): Promise<CommandOutput> {
  const db = ctx.db();
  const account = await requireAccount(db, idOrEmail);
  const [plan, domains, byoc, usage, audit] = await Promise.all([
    getPlan(db, subscribedPlan(account)),
    listDomains(db, account.id),
    getByocConfig(db, account.id),
    monthlyUsage(db, account.id),
    listAudit(db, account.id, 10),
  ]);
  const json = {
    account,
    plan: plan ?? null,
    usageCurrentMonth: usage,
    byocConfigured: isByocUsable(byoc),
    domains: domains.map((d) => ({ name: d.name, mode: d.sendingMode, canSend: canSend(d) })),
    audit,
  };
  const text = [
    fields([
      ...accountFields(account),
      [
        'allowance',
        plan
          ? `shared ${usage.shared}/${plan.sharedMonthlyQuota}, byoc ${usage.byoc}/${plan.byocMonthlyQuota} this month`
          : '-',
      ],
      ['byoc configured', yesNo(json.byocConfigured)],
      [
        'domains',
        domains.length
          ? domains.map((d) => `${d.name} (${d.sendingMode}${canSend(d) ? '' : ', unverified'})`).join(', ')
          : '-',
      ],
    ]),
    '',
    'Recent changes:',
    table(
      ['when', 'who', 'what'],
      audit.map((e) => [formatDate(e.createdAt), e.actor, `${e.action} ${JSON.stringify(e.details)}`]),
      '  (none)',
    ),
  ].join('\n');
  return { json, text };
}

export function registerAccountCommands(program: Command, run: Run): void {
  const account = program.command('account').description('create, inspect and change accounts');

  account
    .command('create')
    .description('create an account')
    .requiredOption('--email <email>', 'sign-in and verification address')
    .option('--name <name>', 'display name')
    .option('--plan <plan>', 'subscription: growth, pro, or none (the free BYOC plan)', 'none')
    .option('--verified', 'mark the email address as verified')
    .action(
      run(async (ctx, opts: { email: string; name?: string; plan: string; verified?: boolean }) => {
        const created = await createAccount(
          ctx.db(),
          { email: opts.email, name: opts.name ?? '', plan: opts.plan, verified: Boolean(opts.verified) },
          ctx.actor,
        );
        return { json: created, text: `Created account ${created.id}\n${fields(accountFields(created))}` };
      }),
    );

  account
    .command('show')
    .description('show an account with its plan, usage, domains and recent changes')
    .argument('<account>', 'account id or email')
    .action(run((ctx, id: string) => showAccount(ctx, id)));

  account
    .command('set')
    .description('change the plan, email verification or suspension of an account')
    .argument('<account>', 'account id or email')
    .option('--name <name>', 'display name')
    .option('--plan <plan>', 'growth, pro, or none')
    .option('--verified <bool>', 'email verified: true or false', parseBoolean)
    .option('--suspended <bool>', 'sending suspended: true or false', parseBoolean)
    .option('--reason <text>', 'why sending is suspended (with --suspended true)')
    .action(
      run(
        async (
          ctx,
          id: string,
          opts: { name?: string; plan?: string; verified?: boolean; suspended?: boolean; reason?: string },
        ) => {
          if ([opts.name, opts.plan, opts.verified, opts.suspended].every((v) => v === undefined)) {
            throw new PostageError(
              'nothing_to_change',
              'nothing to change: give --plan, --verified, --suspended or --name',
            );
          }
          const found = await requireAccount(ctx.db(), id);
          const updated = await updateAccount(
            ctx.db(),
            found.id,
            {
              ...(opts.name !== undefined ? { name: opts.name } : {}),
              ...(opts.plan !== undefined ? { plan: opts.plan } : {}),
              ...(opts.verified !== undefined ? { verified: opts.verified } : {}),
              ...(opts.suspended !== undefined ? { suspended: opts.suspended } : {}),
              ...(opts.reason !== undefined ? { suspendedReason: opts.reason } : {}),
            },
            ctx.actor,
          );
          return { json: updated, text: `Updated account ${updated.id}\n${fields(accountFields(updated))}` };
        },
      ),
    );

  account
    .command('list')
    .description('list all accounts')
    .action(
      run(async (ctx) => {
        const accounts = await listAccounts(ctx.db());
        return {
          json: accounts,
          text: table(
            ['id', 'email', 'plan', 'verified', 'suspended'],
            accounts.map((a) => [
              a.id,
              a.email,
              subscribedPlan(a) ?? 'none',
              yesNo(a.isVerified),
              yesNo(a.sendingSuspended),
            ]),
            'No accounts yet (account create --email ...).',
          ),
        };
      }),
    );
}
