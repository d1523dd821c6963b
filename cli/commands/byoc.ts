// byoc configure|show|validate|policy (docs/byoc.md).
import type { Command } from 'commander';
import { requireAccount } from '../../core/accounts/accounts';
import { isByocUsable, type ByocConfig } from '../../core/byoc/byocConfig';
import {
  byocPolicies,
  configureByoc,
  requireByocConfig,
  revalidateByoc,
  type ByocSetupResult,
} from '../../core/byoc/byocSetup';
import { fields, formatDate, yesNo, type CommandOutput } from '../output';
import type { Run } from '../run';

function configFields(c: ByocConfig): [string, string][] {
  return [
    ['role', c.roleArn],
    ['region', c.region],
    ['external id', c.externalId],
    ['byoc configured', yesNo(isByocUsable(c))],
    ['validated', formatDate(c.validatedAt)],
    ['last failure', c.validationError ?? '-'],
    ['unusable', c.unusableReason ?? '-'],
  ];
}

function setupOutput(result: ByocSetupResult): CommandOutput {
  const { config, validation } = result;
  const lines = [
    validation.ok ? validation.message : `Saved, not validated: ${validation.message}`,
    fields(configFields(config)),
  ];
  if (validation.code === 'assume_role_failed') {
    lines.push(
      '',
      `Next: give the role the trust policy from \`byoc policy ${config.accountId}\`, wait about 15 seconds, then run \`byoc validate ${config.accountId}\`.`,
    );
  }
  return {
    json: { config: { ...config, byocConfigured: isByocUsable(config) }, validation },
    text: lines.join('\n'),
    ...(validation.ok ? {} : { failure: validation.message }),
  };
}

export function registerByocCommands(program: Command, run: Run): void {
  const byoc = program
    .command('byoc')
    .description("BYOC: send through the customer's own AWS account by assuming their Service-BYOC-Role");

  byoc
    .command('configure')
    .description('save the role ARN and region (the ExternalId is created on first save and kept), then validate')
    .argument('<account>', 'account id or email')
    .requiredOption('--role-arn <arn>', 'arn:aws:iam::<customer account>:role/Service-BYOC-Role')
    .requiredOption('--region <region>', 'the SES region to send from, e.g. us-east-1')
    .action(
      run(async (ctx, accountRef: string, opts: { roleArn: string; region: string }) =>
        setupOutput(await configureByoc(ctx.db(), ctx.config(), { account: accountRef, ...opts }, ctx.actor)),
      ),
    );

  byoc
    .command('validate')
    .description(
      'assume the role with the ExternalId, then check SES sending is enabled and out of the sandbox (quota > 200/day)',
    )
    .argument('<account>', 'account id or email')
    .action(
      run(async (ctx, accountRef: string) =>
        setupOutput(await revalidateByoc(ctx.db(), ctx.config(), accountRef, ctx.actor)),
      ),
    );

  byoc
    .command('show')
    .description("show an account's BYOC configuration")
    .argument('<account>', 'account id or email')
    .action(
      run(async (ctx, accountRef: string) => {
        const account = await requireAccount(ctx.db(), accountRef);
        const config = await requireByocConfig(ctx.db(), account.id);
        return {
          json: { ...config, byocConfigured: isByocUsable(config) },
          text: fields([['account', account.email], ...configFields(config)]),
        };
      }),
    );

  byoc
    .command('policy')
    .description("print the trust policy and the 11-permission policy for the customer's role (with their ExternalId)")
    .argument('[account]', 'account id or email (fills in its ExternalId)')
    .action(
      run(async (ctx, accountRef?: string) => {
        const policies = await byocPolicies(ctx.db(), ctx.config(), accountRef);
        return {
          json: policies,
          text: [
            ...policies.steps.map((s, i) => `${i + 1}. ${s}`),
            '',
            `Trust policy of ${policies.roleName}:`,
            JSON.stringify(policies.trustPolicy, null, 2),
            '',
            'Permissions policy (all 11 are required):',
            JSON.stringify(policies.permissionsPolicy, null, 2),
          ].join('\n'),
        };
      }),
    );
}
