// inbound list: received messages (docs/inbound.md), newest first, across accounts or for one,
// for operators: where each is in its workflow (waiting to start, started, recorded), which is how
// a message stuck before the worker's relay shows. Content stays out but for the subject (as the
// email log shows it); the raw message and attachments are read through the API.
// inbound domains: the names that receive, whose account, the MX record each must publish
// (INBOUND_MX_HOST) and what the last check found.
import type { Command } from 'commander';
import { requireAccount } from '../../core/accounts/accounts';
import { inboundDomainsForOperators, inboundMxRecord } from '../../core/inbound/inboundDomains';
import { contentColumn, messagesWithContent } from '../../core/inbound/storedContent';
import type { AuthVerdicts } from '../../core/model/inbound';
import { normaliseDomainName } from '../../core/model/addresses';
import type { Db } from '../../core/platform/db';
import { parsePositive } from '../args';
import { formatDate, table } from '../output';
import type { Run } from '../run';

/** Where a message is in `receive-<id>`: its row without `started_at` waits for the relay. */
export type InboundProgress = 'waiting' | 'started' | 'recorded';

export interface OperatorInboundRow {
  id: string;
  accountId: string;
  accountEmail: string;
  domain: string;
  source: 'mx' | 'ses';
  envelopeFrom: string;
  envelopeTo: string;
  fromAddress: string | null;
  subject: string | null;
  size: number;
  attachments: number;
  verdicts: AuthVerdicts | null;
  receivedAt: Date;
  progress: InboundProgress;
}

interface Row {
  id: string;
  account_id: string;
  account_email: string;
  source: 'mx' | 'ses';
  envelope_from: string;
  envelope_to: string;
  from_address: string | null;
  subject: string | null;
  size_bytes: number;
  attachments: string | number;
  verdicts: AuthVerdicts | null;
  received_at: Date;
  started_at: Date | null;
  recorded_at: Date | null;
}

/** Newest first; `domain` is the recipient's domain (the inbound domain, even one deleted since). */
export async function operatorInboundList(
  db: Db,
  opts: { accountId?: string; domain?: string; limit: number },
): Promise<OperatorInboundRow[]> {
  const query = messagesWithContent(db)
    .join('accounts as a', 'a.id', 'm.account_id')
    .select<Row[]>(
      'm.id',
      'm.account_id',
      'a.email as account_email',
      'm.source',
      'm.envelope_from',
      'm.envelope_to',
      contentColumn(db, 'from_address'),
      contentColumn(db, 'subject'),
      'm.size_bytes',
      'm.verdicts',
      'm.received_at',
      'm.started_at',
      'm.recorded_at',
      db.raw('(SELECT count(*) FROM inbound_attachments t WHERE t.message_id = m.id) AS attachments'),
    )
    .orderBy([
      { column: 'm.received_at', order: 'desc' },
      { column: 'm.id', order: 'asc' },
    ])
    .limit(opts.limit);
  if (opts.accountId) query.where('m.account_id', opts.accountId);
  // Recipients are stored lower-cased: the domain is what follows the last `@`.
  if (opts.domain) query.whereRaw(`split_part(m.envelope_to, '@', 2) = ?`, [normaliseDomainName(opts.domain)]);
  return (await query).map((r) => ({
    id: r.id,
    accountId: r.account_id,
    accountEmail: r.account_email,
    domain: r.envelope_to.slice(r.envelope_to.lastIndexOf('@') + 1),
    source: r.source,
    envelopeFrom: r.envelope_from,
    envelopeTo: r.envelope_to,
    fromAddress: r.from_address,
    subject: r.subject,
    size: r.size_bytes,
    attachments: Number(r.attachments),
    verdicts: r.verdicts,
    receivedAt: r.received_at,
    progress: r.recorded_at ? 'recorded' : r.started_at ? 'started' : 'waiting',
  }));
}

const verdictsText = (v: AuthVerdicts | null) => (v ? `spf=${v.spf} dkim=${v.dkim} dmarc=${v.dmarc}` : '-');

export function registerInboundCommands(program: Command, run: Run): void {
  const inbound = program.command('inbound').description('received email (docs/inbound.md)');
  inbound
    .command('list')
    .description(
      'received messages, newest first, with where each is in its workflow (waiting: not started yet, the relay starts it within a minute)',
    )
    .option('--account <account>', 'only this account (id or email)')
    .option('--domain <domain>', 'only messages received for this domain')
    .option('--limit <n>', 'how many rows', parsePositive, 50)
    .action(
      run(async (ctx, opts: { account?: string; domain?: string; limit: number }) => {
        const account = opts.account ? await requireAccount(ctx.db(), opts.account) : undefined;
        const rows = await operatorInboundList(ctx.db(), {
          limit: opts.limit,
          ...(account ? { accountId: account.id } : {}),
          ...(opts.domain ? { domain: opts.domain } : {}),
        });
        return {
          json: rows,
          text: table(
            ['received', 'id', 'account', 'to', 'from', 'subject', 'size', 'files', 'checks', 'state'],
            rows.map((r) => [
              formatDate(r.receivedAt),
              r.id,
              r.accountEmail,
              r.envelopeTo,
              r.fromAddress ?? (r.envelopeFrom || '<>'),
              r.subject ?? '-',
              r.size,
              r.attachments,
              verdictsText(r.verdicts),
              r.progress,
            ]),
            'No received messages.',
          ),
        };
      }),
    );
  inbound
    .command('domains')
    .description('inbound domains: their account, the MX record to publish and whether the last check found it')
    .option('--account <account>', 'only this account (id or email)')
    .action(
      run(async (ctx, opts: { account?: string }) => {
        const account = opts.account ? await requireAccount(ctx.db(), opts.account) : undefined;
        const domains = await inboundDomainsForOperators(ctx.db(), account?.id);
        const rows = domains.map((d) => ({
          name: d.name,
          domain: d.parentName,
          accountId: d.accountId,
          accountEmail: d.accountEmail,
          mx: inboundMxRecord(ctx.config(), d).value,
          mxVerifiedAt: d.mxVerifiedAt,
          mxCheckedAt: d.mxCheckedAt,
          rules: d.ruleCount,
          createdAt: d.createdAt,
        }));
        return {
          json: rows,
          text: table(
            ['inbound domain', 'domain', 'account', 'mx record', 'mx found', 'rules', 'added'],
            rows.map((r) => [
              r.name,
              r.domain,
              r.accountEmail,
              r.mx,
              r.mxVerifiedAt ? formatDate(r.mxVerifiedAt) : r.mxCheckedAt ? 'no' : 'not checked',
              r.rules,
              formatDate(r.createdAt),
            ]),
            'No inbound domains.',
          ),
        };
      }),
    );
}
