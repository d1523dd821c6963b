// Receiving set up directly in the database, as the management routes leave it: an inbound domain
// under a sender's verified shared domain, its rules, and an endpoint subscribed to email.received.
import { messageColumns } from '../../core/inbound/receivedEmail';
import { contentColumn, messagesWithContent } from '../../core/inbound/storedContent';
import type { Db } from '../../core/platform/db';
import type { InboundRuleKind } from '../../core/model/inbound';
import { createSender, type SenderFixture } from '../helpers/fixtures';

export interface InboundFixture {
  sender: SenderFixture;
  /** The inbound domain, `in.<the sender's domain>`. */
  domain: string;
  inboundDomainId: string;
  ruleIds: Record<string, string>;
}

export async function createInbound(
  db: Db,
  opts: { plan?: string; rules?: { match: string; kind: InboundRuleKind }[] } = {},
): Promise<InboundFixture> {
  const sender = await createSender(db, { plan: opts.plan ?? 'growth' });
  const parent = await db('domains').where({ name: sender.domain }).first<{ id: string }>('id');
  const domain = `in.${sender.domain}`;
  const [row] = await db('inbound_domains')
    .insert({ account_id: sender.account.id, domain_id: parent.id, name: domain })
    .returning<{ id: string }[]>('id');
  const ruleIds: Record<string, string> = {};
  for (const rule of opts.rules ?? [{ match: 'support', kind: 'address' }]) {
    const [r] = await db('inbound_rules')
      .insert({ account_id: sender.account.id, inbound_domain_id: row!.id, match: rule.match, kind: rule.kind })
      .returning<{ id: string }[]>('id');
    ruleIds[rule.match] = r!.id;
  }
  return { sender, domain, inboundDomainId: row!.id, ruleIds };
}

export interface StoredInbound {
  id: string;
  account_id: string;
  source: string;
  source_id: string | null;
  envelope_from: string;
  envelope_to: string;
  client_ip: string | null;
  helo: string | null;
  size_bytes: number;
  raw: Buffer;
  started_at: Date | null;
}

/** The received messages stored for one recipient, oldest first, each with its bytes as received. */
export function storedFor(db: Db, recipient: string): Promise<StoredInbound[]> {
  return messagesWithContent(db)
    .where('m.envelope_to', recipient.toLowerCase())
    .orderBy('m.received_at')
    .select<StoredInbound[]>(...messageColumns(db), contentColumn(db, 'raw'));
}
