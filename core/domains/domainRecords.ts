// The DNS records a sending domain publishes (docs/domains.md, "The records"): a TXT record proving
// ownership and three DKIM CNAMEs (required), plus the advisory MAIL FROM (MX + SPF) and DMARC
// records.
import { getDomain } from 'tldts';
import { normaliseDomainName } from '../model/addresses';
import { PostageError } from '../platform/errors';

export type RecordPurpose = 'ownership' | 'dkim' | 'mail_from' | 'spf' | 'dmarc' | 'tracking';

export interface DnsRecord {
  purpose: RecordPurpose;
  type: 'TXT' | 'CNAME' | 'MX';
  name: string;
  value: string;
  required: boolean;
}

/** The MAIL FROM subdomain SES uses for bounces (docs/domains.md, "The records": `send.<domain>`). */
export function mailFromDomainOf(domain: string): string {
  return `send.${domain}`;
}

export function ownershipRecordName(domain: string): string {
  return `_postage-verification.${domain}`;
}

export function ownershipRecordValue(token: string): string {
  return `postage-verification=${token}`;
}

export function dkimRecord(domain: string, token: string): { name: string; value: string } {
  return { name: `${token}._domainkey.${domain}`, value: `${token}.dkim.amazonses.com` };
}

export function mailFromMxValue(region: string): string {
  return `feedback-smtp.${region}.amazonses.com`;
}

export const SPF_INCLUDE = 'include:amazonses.com';
export const RECOMMENDED_SPF = `v=spf1 ${SPF_INCLUDE} ~all`;
export const RECOMMENDED_DMARC = 'v=DMARC1; p=none;';

/** Everything to publish for a domain, required records first. */
export function domainDnsRecords(input: {
  name: string;
  ownershipToken: string;
  dkimTokens: string[];
  mailFromDomain: string | null;
  region: string;
  /** The tracking subdomain's CNAME (docs/domains.md, "Tracking subdomain"), when one is set. */
  tracking?: { name: string; value: string };
}): DnsRecord[] {
  const records: DnsRecord[] = [
    {
      purpose: 'ownership',
      type: 'TXT',
      name: ownershipRecordName(input.name),
      value: ownershipRecordValue(input.ownershipToken),
      required: true,
    },
    ...input.dkimTokens.map((t) => ({
      purpose: 'dkim' as const,
      type: 'CNAME' as const,
      ...dkimRecord(input.name, t),
      required: true,
    })),
  ];
  if (input.mailFromDomain) {
    records.push(
      {
        purpose: 'mail_from',
        type: 'MX',
        name: input.mailFromDomain,
        value: `10 ${mailFromMxValue(input.region)}`,
        required: false,
      },
      { purpose: 'spf', type: 'TXT', name: input.mailFromDomain, value: RECOMMENDED_SPF, required: false },
    );
  }
  records.push({
    purpose: 'dmarc',
    type: 'TXT',
    name: `_dmarc.${input.name}`,
    value: RECOMMENDED_DMARC,
    required: false,
  });
  if (input.tracking) records.push({ purpose: 'tracking', type: 'CNAME', ...input.tracking, required: false });
  return records;
}

// Letters, digits and hyphens per label, at least two labels, no leading/trailing hyphen.
const HOSTNAME = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]([a-z0-9-]{0,61}[a-z0-9])?$/;

/** A normalised domain name, or a PostageError saying what is wrong with it. */
export function parseSendingDomain(input: string, mode: 'byoc' | 'shared'): string {
  const name = normaliseDomainName(input);
  if (!HOSTNAME.test(name))
    throw new PostageError('invalid_domain', `${JSON.stringify(input)} is not a domain name (for example example.com)`);
  // BYOC takes the root (registrable) domain; SES gets the MAIL FROM subdomain under it.
  const root = getDomain(name);
  if (mode === 'byoc' && root !== null && root !== name) {
    throw new PostageError(
      'invalid_domain',
      `BYOC takes the root domain, not a subdomain: use ${root} (mail goes out with MAIL FROM ${mailFromDomainOf(root)})`,
    );
  }
  return name;
}
