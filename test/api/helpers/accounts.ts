// Account states the gates look at, set up the way the dashboard (or the relay) leaves them.
import { randomBytes } from 'node:crypto';
import type { Db } from '../../../core/platform/db';
import { addDomain, markDomainVerified } from '../../../core/domains/domains';

/**
 * A BYOC configuration as validation leaves it; `unusable` is what the relay records when the role
 * stops working. Role, region and external id default to stand-ins; a test that assumes the role
 * (moto) passes its own.
 */
export async function configureByoc(
  db: Db,
  accountId: string,
  opts: { validated?: boolean; unusable?: string; roleArn?: string; region?: string; externalId?: string } = {},
): Promise<void> {
  await db('byoc_configs').insert({
    account_id: accountId,
    role_arn: opts.roleArn ?? 'arn:aws:iam::210987654321:role/Service-BYOC-Role',
    region: opts.region ?? 'us-east-1',
    external_id: opts.externalId ?? randomBytes(24).toString('hex'),
    enabled: opts.validated !== false,
    validated_at: opts.validated === false ? null : db.fn.now(),
    unusable_reason: opts.unusable ?? null,
    unusable_at: opts.unusable ? db.fn.now() : null,
  });
}

/** Ownership verified by its TXT record, DKIM still pending. */
export async function verifyOwnershipOnly(db: Db, domain: string): Promise<void> {
  await db('domains').where({ name: domain }).update({ ownership_verified_at: db.fn.now(), dkim_verified_at: null });
}

/** The advisory records of a shared domain, as the last DNS check found them. */
export async function setAdvisoryRecords(
  db: Db,
  domain: string,
  ok: { spf: boolean; dmarc: boolean; mailFrom: boolean },
): Promise<void> {
  await db('domains')
    .where({ name: domain })
    .update({ spf_ok: ok.spf, dmarc_ok: ok.dmarc, mail_from_ok: ok.mailFrom, advisory_checked_at: db.fn.now() });
}

/** Sets this month's (or another month's) counter for a mode directly. */
export async function setUsage(
  db: Db,
  accountId: string,
  mode: 'byoc' | 'shared',
  count: number,
  month: string,
): Promise<void> {
  await db('usage_counters')
    .insert({ account_id: accountId, month, mode, count })
    .onConflict(['account_id', 'month', 'mode'])
    .merge();
}

/** Another verified domain for the account (both checks passed); returns its name. */
export async function addVerifiedDomain(db: Db, accountId: string, mode: 'byoc' | 'shared'): Promise<string> {
  const name = `${mode}-${randomBytes(4).toString('hex')}.example.com`;
  await addDomain(db, { accountId, name, mode }, 'test');
  await markDomainVerified(db, name, 'test');
  return name;
}

/**
 * Revokes the account's keys without the change notification (`session_replication_role = replica`
 * skips the trigger): a revocation that has not yet reached the API's key cache, which the answer
 * must honour all the same.
 */
export async function revokeKeysUnannounced(db: Db, accountId: string): Promise<void> {
  await changeKeysUnannounced(db, accountId, { revoked_at: db.fn.now() });
}

/** Any change to an account's keys, without the notification (see revokeKeysUnannounced). */
export async function changeKeysUnannounced(db: Db, accountId: string, change: Record<string, unknown>): Promise<void> {
  await db.transaction(async (trx) => {
    await trx.raw(`SET LOCAL session_replication_role = replica`);
    await trx('api_keys').where({ account_id: accountId }).update(change);
  });
}
