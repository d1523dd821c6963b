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
import { pendingNotices } from '../../core/accounts/accountNotices';
import { startAccountNotices } from '../../workflows/client';
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

/**
 * Starts the announcement of the account's notices not yet announced (a pause or resume just
 * recorded: docs/reputation.md, "Warnings and pauses"). Temporal out of reach is a warning, not a
 * failure: the change is made, and `account announce` (or the account's next bounce) tells it.
 */
async function announceNotices(
  ctx: CliContext,
  accountId: string,
): Promise<{ announced: number | null; text: string }> {
  try {
    const client = await ctx.temporal();
    const pending = await pendingNotices(ctx.db(), accountId);
    const announced = await startAccountNotices(client, ctx.config().temporal.taskQueue, accountId, pending);
    return {
      announced,
      text:
        announced > 0
          ? `Owners and admins notified, and the webhook event sent (${announced} notice${announced > 1 ? 's' : ''}).`
          : 'Nothing to announce.',
    };
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    process.stderr.write(
      `postage-admin: warning: the owners and admins are not told yet (Temporal: ${reason}); run \`postage-admin account announce ${accountId}\`\n`,
    );
    return { announced: null, text: 'Not announced yet.' };
  }
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
          const text = `Updated account ${updated.id}\n${fields(accountFields(updated))}`;
          if (opts.suspended === undefined) return { json: updated, text };
          // `noticesAnnounced`: null when Temporal was out of reach (a warning says what to run).
          const notices = await announceNotices(ctx, updated.id);
          return { json: { ...updated, noticesAnnounced: notices.announced }, text: `${text}\n${notices.text}` };
        },
      ),
    );

  account
    .command('announce')
    .description('tell the owners and admins (email and webhook) of a pause or resume not announced yet')
    .argument('<account>', 'account id or email')
    .action(
      run(async (ctx, id: string) => {
        const found = await requireAccount(ctx.db(), id);
        const notices = await announceNotices(ctx, found.id);
        return { json: { accountId: found.id, noticesAnnounced: notices.announced }, text: notices.text };
      }),
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
