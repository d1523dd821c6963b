// Verifying a domain against DNS (docs/domains.md, "Verify"): ownership first (the TXT record),
// then DKIM (all three CNAMEs), plus the advisory SPF, DMARC and MAIL FROM checks that feed send
// `warnings`.
import { checkTrackingCname } from './trackingDomain';
import type { Config } from '../platform/config';
import type { Db } from '../platform/db';
import type { DnsLookup } from './dnsLookup';
import { dkimRecord, mailFromMxValue, ownershipRecordName, ownershipRecordValue, SPF_INCLUDE } from './domainRecords';
import { domainRegion, ensureSesIdentity } from './domainRegistration';
import { canSend, proveOwnership, recordDomainChecks, type Domain } from './domains';

export interface RecordCheck {
  type: 'TXT' | 'CNAME' | 'MX';
  name: string;
  expected: string;
  found: string[];
  ok: boolean;
}

export interface DomainVerification {
  domain: Domain;
  ownership: RecordCheck;
  /** Empty when ownership is not verified yet: DKIM is checked only after it (docs/domains.md, "Verify"). */
  dkim: RecordCheck[];
  advisory: { spf: RecordCheck; dmarc: RecordCheck; mailFrom: RecordCheck };
  /** The tracking subdomain's CNAME, when one is set (docs/domains.md, "Tracking subdomain"; never needed to send). */
  tracking?: RecordCheck;
  canSend: boolean;
}

export async function checkOwnership(
  dns: DnsLookup,
  domain: Pick<Domain, 'name' | 'ownershipToken'>,
): Promise<RecordCheck> {
  const name = ownershipRecordName(domain.name);
  const expected = ownershipRecordValue(domain.ownershipToken);
  const found = await dns.txt(name);
  return { type: 'TXT', name, expected, found, ok: found.some((v) => v.trim() === expected) };
}

export async function checkDkim(dns: DnsLookup, domain: Pick<Domain, 'name' | 'dkimTokens'>): Promise<RecordCheck[]> {
  return Promise.all(
    domain.dkimTokens.map(async (token) => {
      const { name, value } = dkimRecord(domain.name, token);
      const found = await dns.cname(name);
      return { type: 'CNAME' as const, name, expected: value, found, ok: found.includes(value) };
    }),
  );
}

export async function checkAdvisory(
  dns: DnsLookup,
  domain: Pick<Domain, 'name' | 'mailFromDomain'>,
  region: string,
): Promise<DomainVerification['advisory']> {
  const spfName = domain.mailFromDomain ?? domain.name;
  const dmarcName = `_dmarc.${domain.name}`;
  const mxExpected = mailFromMxValue(region);
  const [spfFound, dmarcFound, mxFound] = await Promise.all([
    dns.txt(spfName),
    dns.txt(dmarcName),
    domain.mailFromDomain ? dns.mx(domain.mailFromDomain) : Promise.resolve([]),
  ]);
  const spfOk = spfFound.some((v) => /^v=spf1\s/i.test(v) && v.toLowerCase().split(/\s+/).includes(SPF_INCLUDE));
  return {
    spf: { type: 'TXT', name: spfName, expected: `v=spf1 ... ${SPF_INCLUDE} ...`, found: spfFound, ok: spfOk },
    dmarc: {
      type: 'TXT',
      name: dmarcName,
      expected: 'v=DMARC1; ...',
      found: dmarcFound,
      ok: dmarcFound.some((v) => /^v=DMARC1\s*;/i.test(v.trim())),
    },
    mailFrom: {
      type: 'MX',
      name: domain.mailFromDomain ?? `(no MAIL FROM domain for ${domain.name})`,
      expected: mxExpected,
      found: mxFound.map((m) => `${m.priority} ${m.exchange}`),
      ok: mxFound.some((m) => m.exchange === mxExpected),
    },
  };
}

/**
 * `domain verify`: checks DNS, stores what moved forward, reports every record it looked at.
 * Ownership first: once the claim's TXT record is found, the claim wins the name (or, if another
 * account proved it first, `domain_unavailable`) and the SES identity is created, which issues the
 * DKIM records; DKIM is checked from then on (docs/domains.md, "Verify").
 */
export async function verifyDomain(
  db: Db,
  config: Config,
  dns: DnsLookup,
  claim: Domain,
  actor: string,
): Promise<DomainVerification> {
  let domain = claim;
  // A released claim stays released: only its deletion is left.
  if (domain.releasedAt) await proveOwnership(db, domain.id, actor);
  const [ownership, advisory] = await Promise.all([
    checkOwnership(dns, domain),
    checkAdvisory(dns, domain, await domainRegion(db, config, domain)),
  ]);
  if (!domain.ownershipVerifiedAt && ownership.ok) domain = await proveOwnership(db, domain.id, actor);
  if (domain.ownershipVerifiedAt && !(domain.sesIdentity && domain.dkimTokens.length === 3) && !domain.dkimVerifiedAt)
    domain = await ensureSesIdentity(db, config, domain);
  const dkim = domain.ownershipVerifiedAt && domain.dkimTokens.length > 0 ? await checkDkim(dns, domain) : [];
  const dkimVerified = Boolean(domain.dkimVerifiedAt) || (dkim.length === 3 && dkim.every((c) => c.ok));
  const updated = await recordDomainChecks(
    db,
    domain.id,
    { dkimVerified, spfOk: advisory.spf.ok, dmarcOk: advisory.dmarc.ok, mailFromOk: advisory.mailFrom.ok },
    actor,
  );
  const tracking = await checkTrackingCname(db, config, dns, updated);
  return {
    domain: tracking.domain,
    ownership,
    dkim,
    advisory,
    ...(tracking.check ? { tracking: { type: 'CNAME' as const, ...tracking.check } } : {}),
    canSend: canSend(tracking.domain),
  };
}
