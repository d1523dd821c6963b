// Adding and deleting a sending domain (docs/domains.md): the rules, the SES identity (once
// ownership is proven), the row.
import { trackingRecord } from './trackingDomain';
import { requireAccount } from '../accounts/accounts';
import { getByocConfig, isByocUsable } from '../byoc/byocConfig';
import type { Config } from '../platform/config';
import type { Db } from '../platform/db';
import { domainDnsRecords, mailFromDomainOf, parseSendingDomain, type DnsRecord } from './domainRecords';
import {
  addDomain,
  deleteDomainRow,
  markDkimVerified,
  proveOwnership,
  recordSesIdentity,
  type Domain,
} from './domains';
import type { SendingMode } from '../model/sendingModes';
import { PostageError } from '../platform/errors';
import { byocDomainIdentities, sharedDomainIdentities, type DomainIdentities } from '../ses/sesIdentities';

/** The SES region a domain's identity lives in (its MAIL FROM MX points there). */
export async function domainRegion(
  db: Db,
  config: Config,
  domain: Pick<Domain, 'accountId' | 'sendingMode'>,
): Promise<string> {
  if (domain.sendingMode === 'shared') return config.ses.region;
  return (await getByocConfig(db, domain.accountId))?.region ?? config.ses.region;
}

export async function domainRecordsOf(db: Db, config: Config, domain: Domain): Promise<DnsRecord[]> {
  const tracking = trackingRecord(config, domain);
  return domainDnsRecords({
    ...domain,
    region: await domainRegion(db, config, domain),
    ...(tracking ? { tracking } : {}),
  });
}

async function identitiesFor(db: Db, config: Config, accountId: string, mode: SendingMode): Promise<DomainIdentities> {
  if (mode === 'shared') return sharedDomainIdentities(config);
  const byoc = await getByocConfig(db, accountId);
  requireUsableByoc(byoc);
  return byocDomainIdentities(config, byoc!);
}

function requireUsableByoc(byoc: Awaited<ReturnType<typeof getByocConfig>>): void {
  if (!isByocUsable(byoc)) {
    throw new PostageError(
      'byoc_not_configured',
      'BYOC domains are registered in your own AWS account: configure and validate BYOC first (byoc configure)',
    );
  }
}

/**
 * Adds the account's claim of a name (domainClaims.ts has the rules). Nothing reaches SES here:
 * the identity, and with it the DKIM records, come once ownership is proven (ensureSesIdentity).
 * Another account's claim of the name, proven or not, changes nothing in the answer.
 */
export async function registerDomain(
  db: Db,
  config: Config,
  input: { accountId: string; name: string; mode: SendingMode },
  actor: string,
): Promise<{ domain: Domain; records: DnsRecord[] }> {
  const name = parseSendingDomain(input.name, input.mode);
  const account = await requireAccount(db, input.accountId);
  // BYOC: the identity will live in the customer's account, so BYOC must be usable first.
  if (input.mode === 'byoc') requireUsableByoc(await getByocConfig(db, account.id));
  const domain = await addDomain(
    db,
    {
      accountId: account.id,
      name,
      mode: input.mode,
      dkimTokens: [],
      mailFromDomain: mailFromDomainOf(name),
      claimExpiryDays: config.domains.claimExpiryDays,
      pendingLimit: config.domains.pendingLimit,
    },
    actor,
  );
  return { domain, records: await domainRecordsOf(db, config, domain) };
}

/**
 * Creates the SES identity of a claim whose ownership is proven (docs/domains.md, "Verify":
 * ownership before DKIM) and stores the DKIM tokens SES issued. Safe to repeat: a failed
 * registration is tried again at the next verify.
 */
export async function ensureSesIdentity(db: Db, config: Config, domain: Domain): Promise<Domain> {
  if (!domain.ownershipVerifiedAt || domain.releasedAt)
    throw new PostageError(
      'domain_not_verified',
      `ownership of ${domain.name} is not verified: no SES identity before it is`,
    );
  if (domain.sesIdentity && domain.dkimTokens.length === 3) return domain;
  const identities = await identitiesFor(db, config, domain.accountId, domain.sendingMode);
  const { dkimTokens } = await identities.register(domain.name, domain.mailFromDomain ?? mailFromDomainOf(domain.name));
  return recordSesIdentity(db, domain.id, dkimTokens);
}

/** `domain mark-verified`: the operator vouches for ownership and DKIM; the identity is created as for a proof. */
export async function markVerifiedByOperator(db: Db, config: Config, domain: Domain, actor: string): Promise<Domain> {
  const proven = domain.ownershipVerifiedAt ? domain : await proveOwnership(db, domain.id, actor);
  const registered = await ensureSesIdentity(db, config, proven);
  return markDkimVerified(db, registered.id, actor);
}

/**
 * Deletes the claim and removes its SES identity if it holds one (an unproven or released claim
 * holds none: a shared identity of the name may be another account's). The row goes even when
 * SES cannot be reached (for example a BYOC role that no longer works): the warning says what was
 * left behind.
 */
export async function removeDomain(
  db: Db,
  config: Config,
  domain: Domain,
  actor: string,
): Promise<{ domain: Domain; warnings: string[] }> {
  const warnings = domain.sesIdentity ? await releaseSesIdentity(db, config, domain) : [];
  await deleteDomainRow(db, domain.id, actor);
  return { domain, warnings };
}

/** Removes the claim's SES identity; what could not be removed comes back as warnings. */
export async function releaseSesIdentity(
  db: Db,
  config: Config,
  domain: Pick<Domain, 'name' | 'accountId' | 'sendingMode'>,
): Promise<string[]> {
  try {
    const identities =
      domain.sendingMode === 'shared'
        ? sharedDomainIdentities(config)
        : await byocIdentitiesIfConfigured(db, config, domain.accountId);
    if (!identities)
      return [
        `the SES identity of ${domain.name} in your AWS account was not removed: the account has no BYOC configuration`,
      ];
    await identities.remove(domain.name);
    return [];
  } catch (err) {
    return [`the SES identity was not removed: ${err instanceof Error ? err.message : String(err)}`];
  }
}

async function byocIdentitiesIfConfigured(
  db: Db,
  config: Config,
  accountId: string,
): Promise<DomainIdentities | undefined> {
  const byoc = await getByocConfig(db, accountId);
  return byoc ? byocDomainIdentities(config, byoc) : undefined;
}
