// Sending domains (spec 2.5, 3.1): mode fixed at creation, ownership by TXT, DKIM by 3 CNAMEs.
import { recordAudit } from './audit';
import { randomHex } from './crypto';
import type { Db } from './db';
import { PostageError } from './errors';

export type SendingMode = 'byoc' | 'shared';
export const SENDING_MODES: readonly SendingMode[] = ['byoc', 'shared'];

export interface Domain {
  id: string;
  accountId: string;
  name: string;
  sendingMode: SendingMode;
  ownershipToken: string;
  ownershipVerifiedAt: Date | null;
  dkimTokens: string[];
  dkimVerifiedAt: Date | null;
  mailFromDomain: string | null;
  spfOk: boolean | null;
  dmarcOk: boolean | null;
  mailFromOk: boolean | null;
  createdAt: Date;
}

interface DomainRow {
  id: string;
  account_id: string;
  name: string;
  sending_mode: SendingMode;
  ownership_token: string;
  ownership_verified_at: Date | null;
  dkim_tokens: string[];
  dkim_verified_at: Date | null;
  mail_from_domain: string | null;
  spf_ok: boolean | null;
  dmarc_ok: boolean | null;
  mail_from_ok: boolean | null;
  created_at: Date;
}

export function toDomain(row: DomainRow): Domain {
  return {
    id: row.id,
    accountId: row.account_id,
    name: row.name,
    sendingMode: row.sending_mode,
    ownershipToken: row.ownership_token,
    ownershipVerifiedAt: row.ownership_verified_at,
    dkimTokens: row.dkim_tokens,
    dkimVerifiedAt: row.dkim_verified_at,
    mailFromDomain: row.mail_from_domain,
    spfOk: row.spf_ok,
    dmarcOk: row.dmarc_ok,
    mailFromOk: row.mail_from_ok,
    createdAt: row.created_at,
  };
}

export function normaliseDomainName(name: string): string {
  return name.trim().toLowerCase().replace(/\.$/, '');
}

/** TXT record name and value that prove ownership. */
export function ownershipRecord(domain: Pick<Domain, 'name' | 'ownershipToken'>): { name: string; value: string } {
  return { name: `_postage-verification.${domain.name}`, value: `postage-verification=${domain.ownershipToken}` };
}

export async function addDomain(
  db: Db,
  input: { accountId: string; name: string; mode: SendingMode; dkimTokens?: string[] },
  actor: string,
): Promise<Domain> {
  const name = normaliseDomainName(input.name);
  return db.transaction(async (trx) => {
    const [row] = await trx<DomainRow>('domains')
      .insert({
        account_id: input.accountId,
        name,
        sending_mode: input.mode,
        ownership_token: randomHex(16),
        dkim_tokens: JSON.stringify(input.dkimTokens ?? [randomHex(16), randomHex(16), randomHex(16)]) as unknown as string[],
        mail_from_domain: input.mode === 'byoc' ? `send.${name}` : null,
      })
      .onConflict('name')
      .ignore()
      .returning('*');
    if (!row) throw new PostageError('domain_exists', `${name} is already registered`);
    await recordAudit(trx, { accountId: input.accountId, actor, action: 'domain.add', details: { domain: name, mode: input.mode } });
    return toDomain(row);
  });
}

export async function findDomain(db: Db, name: string): Promise<Domain | undefined> {
  const row = await db<DomainRow>('domains').where({ name: normaliseDomainName(name) }).first();
  return row ? toDomain(row) : undefined;
}

export async function listDomains(db: Db, accountId: string): Promise<Domain[]> {
  return (await db<DomainRow>('domains').where({ account_id: accountId }).orderBy('name')).map(toDomain);
}

/** Operator override for local setups: both verifications pass without DNS. */
export async function markDomainVerified(db: Db, name: string, actor: string): Promise<Domain> {
  return db.transaction(async (trx) => {
    const [row] = await trx<DomainRow>('domains')
      .where({ name: normaliseDomainName(name) })
      .update({
        ownership_verified_at: trx.raw('COALESCE(ownership_verified_at, now())') as unknown as Date,
        dkim_verified_at: trx.raw('COALESCE(dkim_verified_at, now())') as unknown as Date,
        updated_at: trx.fn.now() as unknown as Date,
      } as Partial<DomainRow>)
      .returning('*');
    if (!row) throw new PostageError('domain_not_found', `no domain ${name}`);
    await recordAudit(trx, { accountId: row.account_id, actor, action: 'domain.mark_verified', details: { domain: row.name } });
    return toDomain(row);
  });
}
