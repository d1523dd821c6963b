// plan set|list: monthly allowances per sending mode and the most days accounts may keep their
// data (docs/privacy.md); `free` is the plan of accounts without a subscription (its BYOC
// allowance is the documented 50: docs/errors-and-limits.md, "Limits").
import type { Command } from 'commander';
import { FREE_PLAN, listPlans, setPlan, type Plan, type RetentionBounds } from '../../core/accounts/plans';
import { parseBound, parseCount } from '../args';
import { table } from '../output';
import type { Run } from '../run';

const planRow = (p: Plan) => [
  p.name === FREE_PLAN ? `${p.name} (no subscription)` : p.name,
  p.sharedMonthlyQuota,
  p.byocMonthlyQuota,
  [p.maxLogRetentionDays, p.maxContentRetentionDays, p.maxReceivedRetentionDays].map((d) => d ?? 'setting').join('/'),
];

type PlanOptions = { sharedMonthly?: number; byocMonthly?: number } & {
  [K in keyof RetentionBounds]?: number | 'none';
};
/** `none`: no bound of the plan's own (null). */
const bound = (value: number | 'none' | undefined): number | null | undefined => (value === 'none' ? null : value);

export function registerPlanCommands(program: Command, run: Run): void {
  const plan = program.command('plan').description('monthly allowances of the plans (0 leaves a mode out of a plan)');

  plan
    .command('set')
    .description('create a plan or change its monthly allowances')
    .argument('<name>', 'plan name, e.g. growth, pro, free')
    .option('--shared-monthly <n>', 'shared-mode emails per UTC month', parseCount)
    .option('--byoc-monthly <n>', 'BYOC emails per UTC month', parseCount)
    .option(
      '--max-log-retention-days <n>',
      'most days an account may keep its email log (none: the setting)',
      parseBound,
    )
    .option(
      '--max-content-retention-days <n>',
      'most days an account may keep shared content (none: the setting)',
      parseBound,
    )
    .option(
      '--max-received-retention-days <n>',
      'most days an account may keep received mail (none: the setting)',
      parseBound,
    )
    .action(
      run(async (ctx, name: string, opts: PlanOptions) => {
        const saved = await setPlan(ctx.db(), name, {
          ...opts,
          maxLogRetentionDays: bound(opts.maxLogRetentionDays),
          maxContentRetentionDays: bound(opts.maxContentRetentionDays),
          maxReceivedRetentionDays: bound(opts.maxReceivedRetentionDays),
        });
        return {
          json: saved,
          text: `Plan ${saved.name}: shared ${saved.sharedMonthlyQuota}/month, byoc ${saved.byocMonthlyQuota}/month`,
        };
      }),
    );

  plan
    .command('list')
    .description('list the plans')
    .action(
      run(async (ctx) => {
        const plans = await listPlans(ctx.db());
        return {
          json: plans,
          text: table(
            ['plan', 'shared/month', 'byoc/month', 'max days log/content/received'],
            plans.map(planRow),
            'No plans.',
          ),
        };
      }),
    );
}
