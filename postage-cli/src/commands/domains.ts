// postage domains list | verify: the account's sending domains and their DNS checks.
import type { Command } from 'commander';
import type { CliContext } from '../context.js';
import { EXIT, fields, table } from '../output.js';
import type { Run } from '../run.js';

async function list(ctx: CliContext) {
  const { domains } = await ctx.client().domains.list();
  return {
    json: { domains },
    text: table(
      ['DOMAIN', 'MODE', 'STATUS', 'CAN SEND'],
      domains.map((d) => [d.name, d.sending_mode, d.status, d.can_send ? 'yes' : 'no']),
      'No domains yet: add one in the dashboard (Domains), then `postage domains verify <name>`.',
    ),
  };
}

/** Checks DNS now; exit 1 while required records are missing, so a script can wait for them. */
async function verify(ctx: CliContext, name: string) {
  const result = await ctx.client().domains.verify(name);
  const missing = result.missing.map((r) => `  ${r.type.padEnd(6)}${r.name}  ${r.value}  (${r.purpose})`);
  if (!result.domain.can_send) process.exitCode = EXIT.failed;
  return {
    json: result,
    text: [
      fields([
        ['Domain', result.domain.name],
        ['Status', result.domain.status],
        ['Can send', result.domain.can_send ? 'yes' : 'no'],
      ]),
      ...(missing.length ? ['', 'Publish these records, then verify again:', ...missing] : []),
    ].join('\n'),
  };
}

export function registerDomainsCommands(program: Command, run: Run): void {
  const domains = program.command('domains').description('sending domains (full_access key)');
  domains.command('list').description('the account’s domains and their states').action(run(list));
  domains
    .command('verify <name>')
    .description('check the domain’s DNS records now (exit 1 while it cannot send)')
    .action(run(verify));
}
