// Domain claims expire (docs/domains.md, "Claims"): a claim whose ownership is not proven within
// DOMAIN_CLAIM_EXPIRY_DAYS of being added (released claims included) is deleted by the hourly
// content purge (core/sending/retention.ts). The claim rules themselves (unique among proven
// claims, first proof wins, pending cap) are in domains.ts, next to the rows they guard.
import { recordAudit } from '../platform/audit';
import { loadConfig, type Config } from '../platform/config';
import type { Db } from '../platform/db';
import { releaseSesIdentity } from './domainRegistration';
import { toDomain, type Domain, type DomainRow } from './domains';

/** Claims deleted per statement, so one purge never holds a long lock. */
const PURGE_BATCH = 500;

/**
 * Deletes the unproven claims whose expiry is before `now` and releases the SES identity of any
 * that still hold one (only claims added before identities waited for proof can). The retention
 * activity passes only the database, so that release reads this process's (the worker's)
 * configuration, and only when there is an identity to release.
 */
export async function purgeExpiredDomainClaims(db: Db, now: Date, config?: () => Config): Promise<number> {
  let deleted = 0;
  for (;;) {
    const rows = await db.transaction(async (trx) => {
      const gone = await trx<DomainRow>('domains')
        .whereIn(
          'id',
          trx('domains')
            .select('id')
            .whereNull('ownership_verified_at')
            .where('claim_expires_at', '<', now)
            .limit(PURGE_BATCH)
            .forUpdate()
            .skipLocked(),
        )
        .delete()
        .returning('*');
      for (const row of gone) {
        await recordAudit(trx, {
          accountId: row.account_id,
          actor: 'system',
          action: 'domain.expired',
          details: { domain: row.name, mode: row.sending_mode },
        });
      }
      return gone.map(toDomain);
    });
    deleted += rows.length;
    const holding = rows.filter((d) => d.sesIdentity);
    if (holding.length > 0) await releaseIdentities(db, (config ?? (() => loadConfig('worker')))(), holding);
    if (rows.length < PURGE_BATCH) return deleted;
  }
}

async function releaseIdentities(db: Db, config: Config, domains: Domain[]): Promise<void> {
  for (const domain of domains) {
    // Best effort, as deleting a domain by hand: the row is gone; what SES kept goes in the audit.
    const warnings = await releaseSesIdentity(db, config, domain);
    if (warnings.length > 0)
      await recordAudit(db, {
        accountId: domain.accountId,
        actor: 'system',
        action: 'domain.identity_not_released',
        details: { domain: domain.name, warnings },
      });
  }
}
