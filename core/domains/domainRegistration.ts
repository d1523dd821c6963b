// Adding and deleting a sending domain (spec 2.5): the rules, the SES identity, the row.
import { requireAccount } from '../accounts/accounts';
import { getByocConfig, isByocUsable } from '../byoc/byocConfig';
import type { Config } from '../platform/config';
import type { Db } from '../platform/db';
import { domainDnsRecords, mailFromDomainOf, parseSendingDomain, type DnsRecord } from './domainRecords';
import { addDomain, deleteDomainRow, findDomain, requireDomain, type Domain, type SendingMode } from './domains';
import { PostageError } from '../platform/errors';
import { byocDomainIdentities, sharedDomainIdentities, type DomainIdentities } from '../ses/sesIdentities';

/** The SES region a domain's identity lives in (its MAIL FROM MX points there). */
export async function domainRegion(db: Db, config: Config, domain: Pick<Domain, 'accountId' | 'sendingMode'>): Promise<string> {
  if (domain.sendingMode === 'shared') return config.ses.region;
  return (await getByocConfig(db, domain.accountId))?.region ?? config.ses.region;
}

export async function domainRecordsOf(db: Db, config: Config, domain: Domain): Promise<DnsRecord[]> {
  return domainDnsRecords({ ...domain, region: await domainRegion(db, config, domain) });
}

async function identitiesFor(db: Db, config: Config, accountId: string, mode: SendingMode): Promise<DomainIdentities> {
  if (mode === 'shared') return sharedDomainIdentities(config);
  const byoc = await getByocConfig(db, accountId);
  if (!isByocUsable(byoc)) {
    throw new PostageError('byoc_not_configured', 'BYOC domains are registered in your own AWS account: configure and validate BYOC first (byoc configure)');
  }
  return byocDomainIdentities(config, byoc!);
}

export async function registerDomain(
  db: Db,
  config: Config,
  input: { accountId: string; name: string; mode: SendingMode },
  actor: string,
): Promise<{ domain: Domain; records: DnsRecord[] }> {
  const name = parseSendingDomain(input.name, input.mode);
  const account = await requireAccount(db, input.accountId);
  // Checked before SES is touched, so nobody can (re)register an identity another account owns.
  const existing = await findDomain(db, name);
  if (existing) throw new PostageError('domain_exists', existing.accountId === account.id ? `${name} is already registered in this account` : `${name} is registered by another account`);

  const mailFromDomain = mailFromDomainOf(name);
  const identities = await identitiesFor(db, config, account.id, input.mode);
  const { dkimTokens } = await identities.register(name, mailFromDomain);
  const domain = await addDomain(db, { accountId: account.id, name, mode: input.mode, dkimTokens, mailFromDomain }, actor);
  return { domain, records: await domainRecordsOf(db, config, domain) };
}

/**
 * Deletes the domain and removes its SES identity. The row goes even when SES cannot be reached
 * (for example a BYOC role that no longer works): the warning says what was left behind.
 */
export async function removeDomain(db: Db, config: Config, name: string, actor: string): Promise<{ domain: Domain; warnings: string[] }> {
  const domain = await requireDomain(db, name);
  const warnings: string[] = [];
  try {
    const identities =
      domain.sendingMode === 'shared' ? sharedDomainIdentities(config) : await byocIdentitiesIfConfigured(db, config, domain.accountId);
    if (identities) await identities.remove(domain.name);
    else warnings.push(`the SES identity of ${domain.name} in your AWS account was not removed: the account has no BYOC configuration`);
  } catch (err) {
    warnings.push(`the SES identity was not removed: ${err instanceof Error ? err.message : String(err)}`);
  }
  await deleteDomainRow(db, domain.id, actor);
  return { domain, warnings };
}

async function byocIdentitiesIfConfigured(db: Db, config: Config, accountId: string): Promise<DomainIdentities | undefined> {
  const byoc = await getByocConfig(db, accountId);
  return byoc ? byocDomainIdentities(config, byoc) : undefined;
}
