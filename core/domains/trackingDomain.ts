// A domain's tracking subdomain (docs/domains.md, "Tracking subdomain"): `<label>.<domain>`, a
// CNAME to the service, on which tracked links are served once the CNAME is verified; until then
// they use BASE_URL.
import { recordAudit } from '../platform/audit';
import type { Config } from '../platform/config';
import type { Db } from '../platform/db';
import type { DnsLookup } from './dnsLookup';
import { toDomain, type Domain, type DomainRow } from './domains';

/** One DNS label: lowercase letters, digits and hyphens, 1 to 63, no hyphen at either end. */
export const TRACKING_SUBDOMAIN = '^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$';

/** The base URL of tracked links for this domain's messages now. */
export function trackingHost(
  config: Pick<Config, 'api' | 'tracking'>,
  domain: Pick<Domain, 'name' | 'trackingSubdomain' | 'trackingVerifiedAt'>,
): string {
  if (domain.trackingSubdomain && domain.trackingVerifiedAt)
    return `${config.tracking.hostScheme}://${domain.trackingSubdomain}.${domain.name}`;
  return config.api.baseUrl.replace(/\/+$/, '');
}

/** The name a tracking subdomain must be a CNAME of: TRACKING_CNAME_TARGET, else BASE_URL's host. */
export function trackingCnameTarget(config: Pick<Config, 'api' | 'tracking'>): string {
  return (config.tracking.cnameTarget ?? new URL(config.api.baseUrl).hostname).toLowerCase().replace(/\.$/, '');
}

/** The CNAME to publish for the domain's tracking subdomain; undefined without one. */
export function trackingRecord(
  config: Pick<Config, 'api' | 'tracking'>,
  domain: Pick<Domain, 'name' | 'trackingSubdomain'>,
): { name: string; value: string } | undefined {
  if (!domain.trackingSubdomain) return undefined;
  return { name: `${domain.trackingSubdomain}.${domain.name}`, value: trackingCnameTarget(config) };
}

export interface TrackingSettings {
  trackOpens?: boolean;
  trackClicks?: boolean;
  /** null removes it; a new label must be verified again. */
  trackingSubdomain?: string | null;
}

/** Stores the domain's tracking settings (PATCH /api/domains/{name}), with an audit entry naming what changed. */
export async function updateTrackingSettings(
  db: Db,
  domain: Domain,
  change: TrackingSettings,
  actor: string,
): Promise<Domain> {
  const subdomainChanged =
    change.trackingSubdomain !== undefined && change.trackingSubdomain !== domain.trackingSubdomain;
  const update: Partial<DomainRow> = {
    ...(change.trackOpens !== undefined ? { track_opens: change.trackOpens } : {}),
    ...(change.trackClicks !== undefined ? { track_clicks: change.trackClicks } : {}),
    // A new name is not verified by the old one's CNAME.
    ...(subdomainChanged ? { tracking_subdomain: change.trackingSubdomain ?? null, tracking_verified_at: null } : {}),
  };
  if (Object.keys(update).length === 0) return domain;
  return db.transaction(async (trx) => {
    const [row] = await trx<DomainRow>('domains').where({ id: domain.id }).update(update).returning('*');
    await recordAudit(trx, {
      accountId: domain.accountId,
      actor,
      action: 'domain.tracking_update',
      details: {
        domain: domain.name,
        ...(change.trackOpens !== undefined ? { track_opens: change.trackOpens } : {}),
        ...(change.trackClicks !== undefined ? { track_clicks: change.trackClicks } : {}),
        ...(subdomainChanged ? { tracking_subdomain: change.trackingSubdomain ?? null } : {}),
      },
    });
    return toDomain(row!);
  });
}

/**
 * Checks the tracking subdomain's CNAME, as the DKIM CNAMEs are checked (domainVerification.ts),
 * and stores the answer: verified once found, unverified again when it is gone. Not checked
 * before the domain's ownership is verified (docs/domains.md).
 */
export async function checkTrackingCname(
  db: Db,
  config: Pick<Config, 'api' | 'tracking'>,
  dns: DnsLookup,
  domain: Domain,
): Promise<{ domain: Domain; check?: { name: string; expected: string; found: string[]; ok: boolean } }> {
  const record = trackingRecord(config, domain);
  // Only the proven owner's CNAME counts: a claim not yet verified could name anyone's subdomain.
  if (!record || !domain.ownershipVerifiedAt) return { domain };
  const found = await dns.cname(record.name);
  const ok = found.includes(record.value);
  let updated = domain;
  if (ok !== Boolean(domain.trackingVerifiedAt)) {
    const [row] = await db<DomainRow>('domains')
      .where({ id: domain.id, tracking_subdomain: domain.trackingSubdomain })
      .update({ tracking_verified_at: ok ? new Date() : null })
      .returning('*');
    if (row) updated = toDomain(row);
  }
  return { domain: updated, check: { name: record.name, expected: record.value, found, ok } };
}
