// Sending domains (spec 2.5, 3.1): mode fixed at creation, ownership by TXT, DKIM by 3 CNAMEs.
// This module stores them; domainRegistration.ts registers them with SES and
// domainVerification.ts checks their DNS records.
import { recordAudit } from '../platform/audit';
import { randomHex } from '../platform/crypto';
import { isStorableText, type Db } from '../platform/db';
import { mailFromDomainOf, normaliseDomainName, ownershipRecordName, ownershipRecordValue } from './domainRecords';
import { PostageError } from '../platform/errors';

export { normaliseDomainName } from './domainRecords';

import type { SendingMode } from '../model/sendingModes';

export { isSendingMode, SENDING_MODES, type SendingMode } from '../model/sendingModes';

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
  advisoryCheckedAt?: Date | null;
  createdAt: Date;
}

export interface DomainRow {
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
  advisory_checked_at?: Date | null;
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
    advisoryCheckedAt: row.advisory_checked_at ?? null,
    createdAt: row.created_at,
  };
}

/** Spec 3.1: only a domain with both verifications can send. */
export function canSend(domain: Pick<Domain, 'ownershipVerifiedAt' | 'dkimVerifiedAt'>): boolean {
  return Boolean(domain.ownershipVerifiedAt && domain.dkimVerifiedAt);
}

/** TXT record name and value that prove ownership. */
export function ownershipRecord(domain: Pick<Domain, 'name' | 'ownershipToken'>): { name: string; value: string } {
  return { name: ownershipRecordName(domain.name), value: ownershipRecordValue(domain.ownershipToken) };
}

/**
 * Stores a new domain. Callers that talk to SES go through domainRegistration.ts, which passes the
 * DKIM tokens SES issued; without them (seeds, tests) random tokens stand in.
 */
export async function addDomain(
  db: Db,
  input: { accountId: string; name: string; mode: SendingMode; dkimTokens?: string[]; mailFromDomain?: string | null },
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
        mail_from_domain: input.mailFromDomain !== undefined ? input.mailFromDomain : input.mode === 'byoc' ? mailFromDomainOf(name) : null,
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
  if (!isStorableText(name)) return undefined;
  const row = await db<DomainRow>('domains').where({ name: normaliseDomainName(name) }).first();
  return row ? toDomain(row) : undefined;
}

export async function requireDomain(db: Db, name: string): Promise<Domain> {
  const domain = await findDomain(db, name);
  if (!domain) throw new PostageError('domain_not_found', `no domain ${normaliseDomainName(name)}`);
  return domain;
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

export interface DomainCheckResults {
  ownershipVerified: boolean;
  dkimVerified: boolean;
  spfOk: boolean;
  dmarcOk: boolean;
  mailFromOk: boolean;
}

/**
 * Stores what a DNS check found. Verification only moves forward (spec 3.1 shows no way back):
 * a record that later disappears does not unverify the domain. Advisory results are replaced.
 */
export async function recordDomainChecks(db: Db, id: string, results: DomainCheckResults, actor: string): Promise<Domain> {
  return db.transaction(async (trx) => {
    const before = await trx<DomainRow>('domains').where({ id }).forUpdate().first();
    if (!before) throw new PostageError('domain_not_found', `no domain ${id}`);
    const patch: Record<string, unknown> = {
      spf_ok: results.spfOk,
      dmarc_ok: results.dmarcOk,
      mail_from_ok: results.mailFromOk,
      advisory_checked_at: trx.fn.now(),
      updated_at: trx.fn.now(),
    };
    const verified: string[] = [];
    if (results.ownershipVerified && !before.ownership_verified_at) {
      patch.ownership_verified_at = trx.fn.now();
      verified.push('ownership');
    }
    if (results.dkimVerified && !before.dkim_verified_at) {
      patch.dkim_verified_at = trx.fn.now();
      verified.push('dkim');
    }
    const [row] = await trx<DomainRow>('domains').where({ id }).update(patch).returning('*');
    for (const what of verified) {
      await recordAudit(trx, { accountId: before.account_id, actor, action: `domain.${what}_verified`, details: { domain: before.name } });
    }
    return toDomain(row!);
  });
}

export async function deleteDomainRow(db: Db, id: string, actor: string): Promise<void> {
  await db.transaction(async (trx) => {
    const [row] = await trx<DomainRow>('domains').where({ id }).delete().returning('*');
    if (!row) throw new PostageError('domain_not_found', `no domain ${id}`);
    await recordAudit(trx, { accountId: row.account_id, actor, action: 'domain.delete', details: { domain: row.name, mode: row.sending_mode } });
  });
}
