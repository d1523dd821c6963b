// domain add|verify|show|list|delete|mark-verified (docs/domains.md).
import type { Command } from 'commander';
import { requireAccount } from '../../core/accounts/accounts';
import type { DnsRecord } from '../../core/domains/domainRecords';
import {
  domainRecordsOf,
  markVerifiedByOperator,
  registerDomain,
  removeDomain,
} from '../../core/domains/domainRegistration';
import {
  TRACKING_SUBDOMAIN,
  trackingHost,
  trackingRecord,
  updateTrackingSettings,
} from '../../core/domains/trackingDomain';
import { canSend, domainState, listDomains, requireDomain, type Domain } from '../../core/domains/domains';
import { isSendingMode } from '../../core/model/sendingModes';
import { verifyDomain, type RecordCheck } from '../../core/domains/domainVerification';
import type { Db } from '../../core/platform/db';
import { PostageError } from '../../core/platform/errors';
import { fields, formatDate, table, yesNo } from '../output';
import type { Run } from '../run';

function recordsText(records: DnsRecord[]): string {
  const rows = (required: boolean) =>
    records.filter((r) => r.required === required).map((r) => [r.type, r.name, r.value]);
  const dkimIssued = records.some((r) => r.purpose === 'dkim');
  return [
    'Required (both verifications need them):',
    table(['type', 'name', 'value'], rows(true), ''),
    ...(dkimIssued ? [] : ['(the three DKIM CNAME records are issued once ownership is verified)']),
    '',
    'Recommended (sending works without them; until they exist, shared sends carry warnings):',
    table(['type', 'name', 'value'], rows(false), ''),
  ].join('\n');
}

/** `on` or `off` (the CLI's switches), else a usage error naming the option. */
function onOff(option: string, value: string): boolean {
  if (value === 'on' || value === 'off') return value === 'on';
  throw new PostageError('invalid_option', `${option} takes on or off, not ${value}`);
}

/** A tracking subdomain label, or null for `none`. */
function subdomainOption(value: string): string | null {
  if (value === 'none') return null;
  if (!new RegExp(TRACKING_SUBDOMAIN).test(value))
    throw new PostageError(
      'invalid_option',
      '--subdomain takes one DNS label (lower-case letters, digits and inner hyphens, up to 63) or none',
    );
  return value;
}

function status(d: Domain): [string, string][] {
  const { state, detail } = domainState(d);
  return [
    ['state', `${state}: ${detail}`],
    ['ownership', d.ownershipVerifiedAt ? `verified ${formatDate(d.ownershipVerifiedAt)}` : 'not verified'],
    ['dkim', d.dkimVerifiedAt ? `verified ${formatDate(d.dkimVerifiedAt)}` : 'not verified'],
    ['can send', yesNo(canSend(d))],
  ];
}

function checkLine(c: RecordCheck): string[] {
  return [
    c.ok ? 'ok' : 'MISSING',
    c.type,
    c.name,
    c.ok ? c.expected : `want ${c.expected}; found ${c.found.length ? c.found.join(' | ') : 'nothing'}`,
  ];
}

const ACCOUNT_OPTION = '--account <account>';
const ACCOUNT_HELP =
  "the claiming account's id or email (needed when several accounts claim the name and none has proven it)";

/** The claim a command is about: the account's if named, else the name's proven (or only) claim. */
async function claimOf(db: Db, name: string, accountRef: string | undefined): Promise<Domain> {
  return requireDomain(db, name, accountRef === undefined ? undefined : (await requireAccount(db, accountRef)).id);
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
        if (!isSendingMode(opts.mode))
          throw new PostageError('invalid_mode', `--mode must be shared or byoc, not ${JSON.stringify(opts.mode)}`);
        const account = await requireAccount(ctx.db(), accountRef);
        const { domain: added, records } = await registerDomain(
          ctx.db(),
          ctx.config(),
          { accountId: account.id, name, mode: opts.mode },
          ctx.actor,
        );
        return {
          json: { domain: added, records },
          text: [
            `Added ${added.name} (${added.sendingMode}) to ${account.email}. MAIL FROM: ${added.mailFromDomain}.`,
            `Publish the ownership TXT record, then run: postage-admin domain verify ${added.name} --account ${account.email}`,
            `Unverified, this claim is deleted at ${formatDate(added.claimExpiresAt)}.`,
            '',
            recordsText(records),
          ].join('\n'),
        };
      }),
    );

  domain
    .command('verify')
    .description(
      'check ownership (TXT; proving it creates the SES identity and issues the DKIM records), then DKIM (CNAMEs), then the advisory records, against DNS',
    )
    .argument('<domain>')
    .option(ACCOUNT_OPTION, ACCOUNT_HELP)
    .action(
      run(async (ctx, name: string, opts: { account?: string }) => {
        const result = await verifyDomain(
          ctx.db(),
          ctx.config(),
          ctx.dns(),
          await claimOf(ctx.db(), name, opts.account),
          ctx.actor,
        );
        const d = result.domain;
        const checks = [result.ownership, ...result.dkim].map(checkLine);
        if (!d.ownershipVerifiedAt)
          checks.push(['skipped', 'CNAME', '(3 DKIM records)', 'checked once ownership is verified']);
        const advisory = [
          result.advisory.spf,
          result.advisory.dmarc,
          result.advisory.mailFrom,
          ...(result.tracking ? [result.tracking] : []),
        ].map(checkLine);
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
    .option(ACCOUNT_OPTION, ACCOUNT_HELP)
    .action(
      run(async (ctx, name: string, opts: { account?: string }) => {
        const d = await claimOf(ctx.db(), name, opts.account);
        const records = await domainRecordsOf(ctx.db(), ctx.config(), d);
        const advisory: [string, string][] = [
          ['spf', yesNo(d.spfOk)],
          ['dmarc', yesNo(d.dmarcOk)],
          ['mail from', yesNo(d.mailFromOk)],
          ['advice checked', formatDate(d.advisoryCheckedAt)],
        ];
        return {
          json: { domain: d, canSend: canSend(d), records },
          text: [
            fields([
              ['domain', d.name],
              ['mode', d.sendingMode],
              ['account', d.accountId],
              ['mail from', d.mailFromDomain ?? '-'],
              ['claim expires', formatDate(d.claimExpiresAt)],
              ...status(d),
              ...advisory,
            ]),
            '',
            recordsText(records),
          ].join('\n'),
        };
      }),
    );

  domain
    .command('tracking')
    .description(
      'change a domain\'s tracking defaults and subdomain (docs/domains.md, "Tracking subdomain"; shared mode only)',
    )
    .argument('<domain>')
    .option('--opens <on|off>', 'track opens of sends that do not say')
    .option('--clicks <on|off>', 'track clicks of sends that do not say')
    .option('--subdomain <label>', 'the tracking subdomain (a CNAME to the service), or "none" to remove it')
    .option(ACCOUNT_OPTION, ACCOUNT_HELP)
    .action(
      run(
        async (ctx, name: string, opts: { opens?: string; clicks?: string; subdomain?: string; account?: string }) => {
          const change = {
            ...(opts.opens !== undefined ? { trackOpens: onOff('--opens', opts.opens) } : {}),
            ...(opts.clicks !== undefined ? { trackClicks: onOff('--clicks', opts.clicks) } : {}),
            ...(opts.subdomain !== undefined ? { trackingSubdomain: subdomainOption(opts.subdomain) } : {}),
          };
          const d = await updateTrackingSettings(
            ctx.db(),
            await claimOf(ctx.db(), name, opts.account),
            change,
            ctx.actor,
          );
          const record = trackingRecord(ctx.config(), d);
          return {
            json: { domain: d.name, trackOpens: d.trackOpens, trackClicks: d.trackClicks, record: record ?? null },
            text: fields([
              ['domain', d.name],
              ['track opens', yesNo(d.trackOpens)],
              ['track clicks', yesNo(d.trackClicks)],
              ['tracking host', trackingHost(ctx.config(), d)],
              [
                'subdomain',
                record
                  ? `${record.name} CNAME ${record.value} (${d.trackingVerifiedAt ? 'verified' : 'not verified yet: domain verify checks it'})`
                  : '-',
              ],
            ]),
          };
        },
      ),
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
            ['domain', 'mode', 'state', 'ownership', 'dkim', 'can send'],
            domains.map((d) => [
              d.name,
              d.sendingMode,
              domainState(d).state,
              yesNo(Boolean(d.ownershipVerifiedAt)),
              yesNo(Boolean(d.dkimVerifiedAt)),
              yesNo(canSend(d)),
            ]),
            `No domains yet (domain add ${account.email} example.com --mode shared).`,
          ),
        };
      }),
    );

  domain
    .command('delete')
    .description('delete a domain and remove its SES identity (permanent)')
    .argument('<domain>')
    .option(ACCOUNT_OPTION, ACCOUNT_HELP)
    .action(
      run(async (ctx, name: string, opts: { account?: string }) => {
        const { domain: d, warnings } = await removeDomain(
          ctx.db(),
          ctx.config(),
          await claimOf(ctx.db(), name, opts.account),
          ctx.actor,
        );
        return {
          json: { deleted: d.name, warnings },
          text: [`Deleted ${d.name}.`, ...warnings.map((w) => `warning: ${w}`)].join('\n'),
        };
      }),
    );

  domain
    .command('mark-verified')
    .description(
      'operator override for local setups: mark ownership and DKIM verified without DNS (creates the SES identity)',
    )
    .argument('<domain>')
    .option(ACCOUNT_OPTION, ACCOUNT_HELP)
    .action(
      run(async (ctx, name: string, opts: { account?: string }) => {
        const d = await markVerifiedByOperator(
          ctx.db(),
          ctx.config(),
          await claimOf(ctx.db(), name, opts.account),
          ctx.actor,
        );
        return {
          json: { domain: d, canSend: canSend(d) },
          text: `Marked ${d.name} verified (operator override).\n${fields(status(d))}`,
        };
      }),
    );
}
