// domain add|verify|show|list|delete|mark-verified (spec 2.5, 3.1).
import type { Command } from 'commander';
import { requireAccount } from '../../core/accounts/accounts';
import type { DnsRecord } from '../../core/domains/domainRecords';
import { domainRecordsOf, registerDomain, removeDomain } from '../../core/domains/domainRegistration';
import { canSend, isSendingMode, listDomains, markDomainVerified, requireDomain, type Domain } from '../../core/domains/domains';
import { verifyDomain, type RecordCheck } from '../../core/domains/domainVerification';
import { PostageError } from '../../core/platform/errors';
import { fields, formatDate, table, yesNo } from '../output';
import type { Run } from '../run';

function recordsText(records: DnsRecord[]): string {
  const rows = (required: boolean) => records.filter((r) => r.required === required).map((r) => [r.type, r.name, r.value]);
  return [
    'Required (both verifications need them):',
    table(['type', 'name', 'value'], rows(true), ''),
    '',
    'Recommended (sending works without them; until they exist, shared sends carry warnings):',
    table(['type', 'name', 'value'], rows(false), ''),
  ].join('\n');
}

function status(d: Domain): [string, string][] {
  return [
    ['ownership', d.ownershipVerifiedAt ? `verified ${formatDate(d.ownershipVerifiedAt)}` : 'not verified'],
    ['dkim', d.dkimVerifiedAt ? `verified ${formatDate(d.dkimVerifiedAt)}` : 'not verified'],
    ['can send', yesNo(canSend(d))],
  ];
}

function checkLine(c: RecordCheck): string[] {
  return [c.ok ? 'ok' : 'MISSING', c.type, c.name, c.ok ? c.expected : `want ${c.expected}; found ${c.found.length ? c.found.join(' | ') : 'nothing'}`];
}

export function registerDomainCommands(program: Command, run: Run): void {
  const domain = program.command('domain').description('sending domains: add, verify against DNS, inspect, delete');

  domain
    .command('add')
    .description('add a sending domain and print the DNS records to publish')
    .argument('<account>', 'account id or email')
    .argument('<domain>', 'the domain (BYOC: the root domain, e.g. example.com)')
    .requiredOption('--mode <mode>', 'shared or byoc (fixed once the domain exists)')
    .action(
      run(async (ctx, accountRef: string, name: string, opts: { mode: string }) => {
        if (!isSendingMode(opts.mode)) throw new PostageError('invalid_mode', `--mode must be shared or byoc, not ${JSON.stringify(opts.mode)}`);
        const account = await requireAccount(ctx.db(), accountRef);
        const { domain: added, records } = await registerDomain(ctx.db(), ctx.config(), { accountId: account.id, name, mode: opts.mode }, ctx.actor);
        return {
          json: { domain: added, records },
          text: [
            `Added ${added.name} (${added.sendingMode}) to ${account.email}. MAIL FROM: ${added.mailFromDomain}.`,
            `Publish these DNS records, then run: postage-admin domain verify ${added.name}`,
            '',
            recordsText(records),
          ].join('\n'),
        };
      }),
    );

  domain
    .command('verify')
    .description('check ownership (TXT), then DKIM (CNAMEs), then the advisory records, against DNS')
    .argument('<domain>')
    .action(
      run(async (ctx, name: string) => {
        const result = await verifyDomain(ctx.db(), ctx.config(), ctx.dns(), name, ctx.actor);
        const d = result.domain;
        const checks = [result.ownership, ...result.dkim].map(checkLine);
        if (!d.ownershipVerifiedAt) checks.push(['skipped', 'CNAME', '(3 DKIM records)', 'checked once ownership is verified']);
        const advisory = [result.advisory.spf, result.advisory.dmarc, result.advisory.mailFrom].map(checkLine);
        const missing = !d.ownershipVerifiedAt ? 'ownership' : !d.dkimVerifiedAt ? 'DKIM' : null;
        return {
          json: result,
          text: [
            fields([['domain', `${d.name} (${d.sendingMode})`], ...status(d)]),
            '',
            table(['check', 'type', 'name', 'value'], checks, ''),
            '',
            'Advisory:',
            table(['check', 'type', 'name', 'value'], advisory, ''),
            ...(missing ? ['', 'DNS changes can take up to 48 hours to propagate; run verify again later.'] : []),
          ].join('\n'),
          ...(missing ? { failure: `${d.name} cannot send yet: ${missing} is not verified` } : {}),
        };
      }),
    );

  domain
    .command('show')
    .description('show a domain, its verification state and its DNS records')
    .argument('<domain>')
    .action(
      run(async (ctx, name: string) => {
        const d = await requireDomain(ctx.db(), name);
        const records = await domainRecordsOf(ctx.db(), ctx.config(), d);
        const advisory: [string, string][] = [
          ['spf', yesNo(d.spfOk)],
          ['dmarc', yesNo(d.dmarcOk)],
          ['mail from', yesNo(d.mailFromOk)],
          ['advice checked', formatDate(d.advisoryCheckedAt)],
        ];
        return {
          json: { domain: d, canSend: canSend(d), records },
          text: [fields([['domain', d.name], ['mode', d.sendingMode], ['account', d.accountId], ['mail from', d.mailFromDomain ?? '-'], ...status(d), ...advisory]), '', recordsText(records)].join('\n'),
        };
      }),
    );

  domain
    .command('list')
    .description("list an account's domains")
    .argument('<account>', 'account id or email')
    .action(
      run(async (ctx, accountRef: string) => {
        const account = await requireAccount(ctx.db(), accountRef);
        const domains = await listDomains(ctx.db(), account.id);
        return {
          json: domains.map((d) => ({ ...d, canSend: canSend(d) })),
          text: table(
            ['domain', 'mode', 'ownership', 'dkim', 'can send'],
            domains.map((d) => [d.name, d.sendingMode, yesNo(Boolean(d.ownershipVerifiedAt)), yesNo(Boolean(d.dkimVerifiedAt)), yesNo(canSend(d))]),
            `No domains yet (domain add ${account.email} example.com --mode shared).`,
          ),
        };
      }),
    );

  domain
    .command('delete')
    .description('delete a domain and remove its SES identity (permanent)')
    .argument('<domain>')
    .action(
      run(async (ctx, name: string) => {
        const { domain: d, warnings } = await removeDomain(ctx.db(), ctx.config(), name, ctx.actor);
        return { json: { deleted: d.name, warnings }, text: [`Deleted ${d.name}.`, ...warnings.map((w) => `warning: ${w}`)].join('\n') };
      }),
    );

  domain
    .command('mark-verified')
    .description('operator override for local setups: mark ownership and DKIM verified without DNS')
    .argument('<domain>')
    .action(
      run(async (ctx, name: string) => {
        const d = await markDomainVerified(ctx.db(), name, ctx.actor);
        return { json: { domain: d, canSend: canSend(d) }, text: `Marked ${d.name} verified (operator override).\n${fields(status(d))}` };
      }),
    );
}
