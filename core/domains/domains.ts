// Sending domains (docs/domains.md): mode fixed at creation, ownership by TXT, DKIM by 3 CNAMEs.
// This module stores them; domainClaims.ts holds the claim rules (who may hold a name),
// domainRegistration.ts registers them with SES and domainVerification.ts checks their DNS records.
// A row is one account's claim of a name: names are unique only among proven claims.
import { recordAudit } from '../platform/audit';
import { randomHex } from '../platform/crypto';
import { isStorableText, type Db } from '../platform/db';
import { mailFromDomainOf, ownershipRecordName, ownershipRecordValue } from './domainRecords';
import { normaliseDomainName } from '../model/addresses';
import { PostageError } from '../platform/errors';
import type { SendingMode } from '../model/sendingModes';

export interface Domain {
  id: string;
  accountId: string;
  name: string;
  sendingMode: SendingMode;
  ownershipToken: string;
  ownershipVerifiedAt: Date | null;
  /** Empty until the SES identity is created, which waits for proven ownership. */
  dkimTokens: string[];
  dkimVerifiedAt: Date | null;
  mailFromDomain: string | null;
  spfOk: boolean | null;
  dmarcOk: boolean | null;
  mailFromOk: boolean | null;
  advisoryCheckedAt?: Date | null;
  /** Set when another account proved ownership of the name first: the claim can never send. */
  releasedAt: Date | null;
  /** An unproven claim is deleted after this; null once ownership is proven. */
  claimExpiresAt: Date | null;
  /** This row registered the name's SES identity (and removes it when it goes). */
  sesIdentity: boolean;
  /** An operator marked it verified without DNS being read (cleared when DNS shows the DKIM records). */
  verifiedByOperator: boolean;
  /** Tracking defaults for sends without track_opens/track_clicks (shared mode only: docs/sending.md, "Tracking opens and clicks"). */
  trackOpens: boolean;
  trackClicks: boolean;
  /** One DNS label: `<label>.<name>` is a CNAME to the service, used for tracked links once verified (docs/domains.md, "Tracking subdomain"). */
  trackingSubdomain: string | null;
  trackingVerifiedAt: Date | null;
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
  released_at: Date | null;
  claim_expires_at: Date | null;
  ses_identity: boolean;
  verified_by_operator?: boolean;
  track_opens?: boolean;
  track_clicks?: boolean;
  tracking_subdomain?: string | null;
  tracking_verified_at?: Date | string | null;
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
    releasedAt: row.released_at,
    claimExpiresAt: row.claim_expires_at,
    sesIdentity: row.ses_identity,
    verifiedByOperator: row.verified_by_operator ?? false,
    trackOpens: row.track_opens ?? false,
    trackClicks: row.track_clicks ?? false,
    trackingSubdomain: row.tracking_subdomain ?? null,
    // The send gates read the row as JSON, where a time is a string.
    trackingVerifiedAt: row.tracking_verified_at ? new Date(row.tracking_verified_at) : null,
    createdAt: row.created_at,
  };
}

const RELEASED_DETAIL = 'another account proved ownership of this name first';

/** docs/domains.md: only a domain with both verifications can send. */
export function canSend(domain: Pick<Domain, 'ownershipVerifiedAt' | 'dkimVerifiedAt'>): boolean {
  return Boolean(domain.ownershipVerifiedAt && domain.dkimVerifiedAt);
}

export type DomainState = 'pending_ownership' | 'pending_dkim' | 'verified' | 'released';

/** Where a claim stands, with what to do next in plain words (the API's `status_detail`, the CLI's state line). */
export function domainState(
  domain: Pick<
    Domain,
    'name' | 'ownershipVerifiedAt' | 'dkimVerifiedAt' | 'releasedAt' | 'claimExpiresAt' | 'dkimTokens'
  >,
): { state: DomainState; detail: string } {
  if (domain.releasedAt) {
    return { state: 'released', detail: `Released: ${RELEASED_DETAIL}. This claim can never send; delete it.` };
  }
  if (!domain.ownershipVerifiedAt) {
    const expiry = domain.claimExpiresAt
      ? ` Unless ownership is verified by ${new Date(domain.claimExpiresAt).toISOString()}, this claim is deleted.`
      : '';
    return {
      state: 'pending_ownership',
      detail: `Publish the ownership TXT record, then verify. The three DKIM records are issued once ownership is verified.${expiry}`,
    };
  }
  if (!domain.dkimVerifiedAt) {
    return domain.dkimTokens.length === 0
      ? {
          state: 'pending_dkim',
          detail: 'Ownership is verified, but the DKIM records could not be issued yet: verify again.',
        }
      : { state: 'pending_dkim', detail: 'Ownership is verified: publish the three DKIM CNAME records, then verify.' };
  }
  return { state: 'verified', detail: `Ownership and DKIM are verified: ${domain.name} can send.` };
}

/** TXT record name and value that prove ownership. */
export function ownershipRecord(domain: Pick<Domain, 'name' | 'ownershipToken'>): { name: string; value: string } {
  return { name: ownershipRecordName(domain.name), value: ownershipRecordValue(domain.ownershipToken) };
}

/** Days an unproven claim lives when the caller does not say (DOMAIN_CLAIM_EXPIRY_DAYS). */
export const DEFAULT_CLAIM_EXPIRY_DAYS = 7;

/**
 * Stores one account's claim of a name. Callers that serve customers go through
 * domainClaims.ts/domainRegistration.ts (the claim rules, no DKIM tokens before SES issues them);
 * without `dkimTokens` (seeds, tests) random tokens stand in. Adding a name the account already
 * has is `domain_exists`; other accounts' claims of the name do not matter here.
 */
export async function addDomain(
  db: Db,
  input: {
    accountId: string;
    name: string;
    mode: SendingMode;
    dkimTokens?: string[];
    mailFromDomain?: string | null;
    claimExpiryDays?: number;
    /** Refuse the claim when the account already has this many pending (unproven, unreleased) domains. */
    pendingLimit?: number;
  },
  actor: string,
): Promise<Domain> {
  const name = normaliseDomainName(input.name);
  const expiryDays = input.claimExpiryDays ?? DEFAULT_CLAIM_EXPIRY_DAYS;
  return db.transaction(async (trx) => {
    if (input.pendingLimit !== undefined) {
      // The account row's lock makes the count and the insert one step: parallel adds cannot pass the cap together.
      await trx('accounts').where({ id: input.accountId }).forUpdate().first('id');
      if (await trx('domains').where({ account_id: input.accountId, name }).first('id'))
        throw new PostageError('domain_exists', `${name} is already in this account`);
      const [counted] = await trx('domains')
        .where({ account_id: input.accountId })
        .whereNull('ownership_verified_at')
        .whereNull('released_at')
        .count<{ count: string }[]>('* as count');
      if (Number(counted?.count ?? 0) >= input.pendingLimit) {
        throw new PostageError(
          'too_many_pending_domains',
          `this account already has ${input.pendingLimit} domains whose ownership is not verified yet: verify or delete one before adding another (unverified domains are deleted ${expiryDays} days after they were added)`,
        );
      }
    }
    const [row] = await trx<DomainRow>('domains')
      .insert({
        account_id: input.accountId,
        name,
        sending_mode: input.mode,
        // Per claim (account and name): two accounts claiming one name publish different values.
        ownership_token: randomHex(16),
        dkim_tokens: JSON.stringify(
          input.dkimTokens ?? [randomHex(16), randomHex(16), randomHex(16)],
        ) as unknown as string[],
        mail_from_domain:
          input.mailFromDomain !== undefined
            ? input.mailFromDomain
            : input.mode === 'byoc'
              ? mailFromDomainOf(name)
              : null,
        claim_expires_at: trx.raw('now() + make_interval(secs => ?)', [expiryDays * 86_400]) as unknown as Date,
      })
      .onConflict(['account_id', 'name'])
      .ignore()
      .returning('*');
    if (!row) throw new PostageError('domain_exists', `${name} is already in this account`);
    await recordAudit(trx, {
      accountId: input.accountId,
      actor,
      action: 'domain.add',
      details: { domain: name, mode: input.mode },
    });
    return toDomain(row);
  });
}

/** Every account's claim of a name, the proven one first. */
export async function claimsOfName(db: Db, name: string): Promise<Domain[]> {
  if (!isStorableText(name)) return [];
  const rows = await db<DomainRow>('domains')
    .where({ name: normaliseDomainName(name) })
    .orderByRaw('ownership_verified_at IS NULL, created_at, id');
  return rows.map(toDomain);
}

/**
 * The claim of `name` in `accountId`; without an account, the proven claim of the name (or its
 * only claim). Another account's claim is as absent as one that does not exist.
 */
export async function findDomain(db: Db, name: string, accountId?: string): Promise<Domain | undefined> {
  if (!isStorableText(name)) return undefined;
  if (accountId !== undefined) {
    const row = await db<DomainRow>('domains')
      .where({ name: normaliseDomainName(name), account_id: accountId })
      .first();
    return row ? toDomain(row) : undefined;
  }
  const claims = await claimsOfName(db, name);
  return claims[0]?.ownershipVerifiedAt || claims.length === 1 ? claims[0] : undefined;
}

/** As findDomain; without an account and with several unproven claims, says to name the account. */
export async function requireDomain(db: Db, name: string, accountId?: string): Promise<Domain> {
  const domain = await findDomain(db, name, accountId);
  if (domain) return domain;
  if (accountId === undefined) {
    const claims = await claimsOfName(db, name);
    if (claims.length > 1) {
      throw new PostageError(
        'domain_ambiguous',
        `${claims.length} accounts claim ${normaliseDomainName(name)} and none has proven ownership: name the account (--account)`,
      );
    }
  }
  throw new PostageError('domain_not_found', `no domain ${normaliseDomainName(name)}`);
}

export async function listDomains(db: Db, accountId: string): Promise<Domain[]> {
  return (await db<DomainRow>('domains').where({ account_id: accountId }).orderBy('name')).map(toDomain);
}

/**
 * Operator override for local setups and tests: both verifications pass without DNS and without
 * SES (the CLI's mark-verified also creates the identity: domainRegistration.ts). Ownership goes
 * through the claim rule, so another account's proven claim of the name still wins.
 */
export async function markDomainVerified(db: Db, name: string, actor: string, accountId?: string): Promise<Domain> {
  const domain = await requireDomain(db, name, accountId);
  if (!domain.ownershipVerifiedAt) await proveOwnership(db, domain.id, actor);
  return markDkimVerified(db, domain.id, actor);
}

/** Operator override: DKIM counts as verified (ownership must be proven already). */
export async function markDkimVerified(db: Db, id: string, actor: string): Promise<Domain> {
  return db.transaction(async (trx) => {
    const [row] = await trx<DomainRow>('domains')
      .where({ id })
      .whereNotNull('ownership_verified_at')
      .update({
        dkim_verified_at: trx.raw('COALESCE(dkim_verified_at, now())') as unknown as Date,
        // Only when this is what makes it verified: a domain DNS already verified stays so.
        verified_by_operator: trx.raw('verified_by_operator OR dkim_verified_at IS NULL') as unknown as boolean,
        updated_at: trx.fn.now() as unknown as Date,
      } as Partial<DomainRow>)
      .returning('*');
    if (!row) throw new PostageError('domain_not_found', `no domain ${id} with proven ownership`);
    await recordAudit(trx, {
      accountId: row.account_id,
      actor,
      action: 'domain.mark_verified',
      details: { domain: row.name },
    });
    return toDomain(row);
  });
}

/**
 * Ownership of the claim is proven (its TXT record was found, or an operator says so). The first
 * account to prove a name wins: the other unproven claims of the name are released (they can never
 * send). A name another account already proved cannot be proven again: `domain_unavailable`, whose
 * text names nobody. Proofs of a name are serialised; the partial unique index on proven names
 * backs that up.
 */
export async function proveOwnership(db: Db, id: string, actor: string): Promise<Domain> {
  try {
    return await db.transaction(async (trx) => {
      const named = await trx<DomainRow>('domains').where({ id }).first('name');
      if (!named) throw new PostageError('domain_not_found', `no domain ${id}`);
      // Proofs of one name take turns: two at once would otherwise each hold its own row and wait
      // for the other's (a deadlock), and the later one must see the earlier one's win.
      await trx.raw('SELECT pg_advisory_xact_lock(hashtext(?))', [`domain-claim:${named.name}`]);
      const claim = await trx<DomainRow>('domains').where({ id }).forUpdate().first();
      if (!claim) throw new PostageError('domain_not_found', `no domain ${id}`);
      if (claim.ownership_verified_at) return toDomain(claim);
      if (claim.released_at)
        throw new PostageError(
          'domain_unavailable',
          `${claim.name} cannot be verified in this account: ${RELEASED_DETAIL}. This claim is released and can never send; delete it`,
        );
      const winner = await trx<DomainRow>('domains')
        .where({ name: claim.name })
        .whereNotNull('ownership_verified_at')
        .first('id');
      if (winner) throw unavailable(claim.name);
      const [row] = await trx<DomainRow>('domains')
        .where({ id })
        .update({
          ownership_verified_at: trx.fn.now(),
          claim_expires_at: null,
          updated_at: trx.fn.now(),
        } as unknown as Partial<DomainRow>)
        .returning('*');
      await recordAudit(trx, {
        accountId: claim.account_id,
        actor,
        action: 'domain.ownership_verified',
        details: { domain: claim.name },
      });
      const released = await trx<DomainRow>('domains')
        .where({ name: claim.name })
        .whereNot({ id })
        .whereNull('ownership_verified_at')
        .whereNull('released_at')
        .update({ released_at: trx.fn.now(), updated_at: trx.fn.now() } as unknown as Partial<DomainRow>)
        .returning(['account_id', 'name']);
      for (const r of released) {
        await recordAudit(trx, {
          accountId: r.account_id,
          actor: 'system',
          action: 'domain.released',
          details: { domain: r.name, reason: RELEASED_DETAIL },
        });
      }
      if (claim.sending_mode === 'shared') {
        // A shared identity is one per name in the shared SES account: from now on it is the
        // winner's, so an older claim (from before identities waited for proof) must not remove it.
        await trx('domains')
          .where({ name: claim.name, sending_mode: 'shared', ses_identity: true })
          .whereNot({ id })
          .update({ ses_identity: false });
      }
      return toDomain(row!);
    });
  } catch (err) {
    // Only reachable past the lock (a proof made by other means): the name was proven meanwhile.
    if (
      (err as { code?: unknown }).code === '23505' &&
      String((err as { constraint?: unknown }).constraint) === 'domains_proven_name_unique'
    ) {
      const claim = await db<DomainRow>('domains').where({ id }).first('name');
      throw unavailable(claim?.name ?? 'this domain');
    }
    throw err;
  }
}

function unavailable(name: string): PostageError {
  return new PostageError(
    'domain_unavailable',
    `${name} cannot be verified in this account: the name is not available. If you control its DNS, contact support`,
  );
}

/** Stores the DKIM tokens SES issued when it created the claim's identity. */
export async function recordSesIdentity(db: Db, id: string, dkimTokens: string[]): Promise<Domain> {
  const [row] = await db<DomainRow>('domains')
    .where({ id })
    .update({
      dkim_tokens: JSON.stringify(dkimTokens),
      ses_identity: true,
      updated_at: db.fn.now(),
    } as unknown as Partial<DomainRow>)
    .returning('*');
  if (!row) throw new PostageError('domain_not_found', `no domain ${id}`);
  return toDomain(row);
}

/** What a DNS check found, ownership aside (proveOwnership records that). */
export interface DomainCheckResults {
  dkimVerified: boolean;
  spfOk: boolean;
  dmarcOk: boolean;
  mailFromOk: boolean;
}

/**
 * Stores what a DNS check found. Verification only moves forward (docs/decisions.md, "Verification
 * only moves forward"): a record that later disappears does not unverify the domain. Advisory
 * results are replaced.
 */
export async function recordDomainChecks(
  db: Db,
  id: string,
  results: DomainCheckResults,
  actor: string,
): Promise<Domain> {
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
    if (results.dkimVerified && before.ownership_verified_at && !before.dkim_verified_at) {
      patch.dkim_verified_at = trx.fn.now();
      verified.push('dkim');
    }
    // DNS now shows what an operator vouched for.
    if (results.dkimVerified) patch.verified_by_operator = false;
    const [row] = await trx<DomainRow>('domains').where({ id }).update(patch).returning('*');
    for (const what of verified) {
      await recordAudit(trx, {
        accountId: before.account_id,
        actor,
        action: `domain.${what}_verified`,
        details: { domain: before.name },
      });
    }
    return toDomain(row!);
  });
}

export async function deleteDomainRow(db: Db, id: string, actor: string): Promise<void> {
  await db.transaction(async (trx) => {
    const [row] = await trx<DomainRow>('domains').where({ id }).delete().returning('*');
    if (!row) throw new PostageError('domain_not_found', `no domain ${id}`);
    await recordAudit(trx, {
      accountId: row.account_id,
      actor,
      action: 'domain.delete',
      details: { domain: row.name, mode: row.sending_mode },
    });
  });
}
