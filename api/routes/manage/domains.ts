// Domains (docs/domains.md): list, add (a claim of the name; answers with the records to publish),
// read (each record's state), verify (ownership, which wins the name and issues the DKIM records;
// then DKIM; says what is still missing), delete. The claim rules are in core/domains/domains.ts.
import { scopeIncludesDomain } from '../../../core/accounts/keyScope';
import { createDnsLookup } from '../../../core/domains/dnsLookup';
import { domainRecordsOf, registerDomain, removeDomain } from '../../../core/domains/domainRegistration';
import { verifyDomain, type RecordCheck } from '../../../core/domains/domainVerification';
import { findDomain, listDomains, type Domain } from '../../../core/domains/domains';
import { trackingHost, updateTrackingSettings } from '../../../core/domains/trackingDomain';
import { PostageError } from '../../../core/platform/errors';
import { isSesProvisioned } from '../../../core/ses/accountIsolation';
import { startSesProvisioning } from '../../../workflows/client';
import type { RouteDeps } from '../../http/deps';
import { operation } from '../../http/operation';
import { perApp } from '../../http/perApp';
import { presentDomain, presentRecord } from '../../presenters/resources';
import {
  CreateDomainRequest,
  Deleted,
  Domain as DomainView,
  DomainList,
  DomainVerification,
  UpdateDomainRequest,
} from '../../schemas/management';

const dnsLookup = perApp((deps) => createDnsLookup(deps.config.dns.servers));
const present = async (deps: RouteDeps, domain: Domain) =>
  presentDomain(domain, await domainRecordsOf(deps.db, deps.config, domain), trackingHost(deps.config, domain));

/** The caller's claim of that name; another account's is as absent as one that does not exist. */
async function ownDomain(deps: RouteDeps, accountId: string, name: string): Promise<Domain> {
  const domain = await findDomain(deps.db, name, accountId);
  if (!domain) throw new PostageError('domain_not_found', `no domain ${name} in this account`);
  return domain;
}

/**
 * A shared claim makes the account a shared sender: its own SES configuration set (and tenant) is
 * provisioned meanwhile (docs/reputation.md, "How accounts are kept apart"). The claim stands if
 * the start fails: the account sends as before until the operator runs `postage-admin ses provision`.
 */
async function provisionSharedSender(deps: RouteDeps, accountId: string): Promise<void> {
  if (!deps.config.ses.isolation || (await isSesProvisioned(deps.db, accountId))) return;
  await startSesProvisioning(deps.temporal, deps.config.temporal.taskQueue, accountId).catch((err: unknown) =>
    deps.logger.warn({ err, accountId }, 'could not start provisioning the SES configuration set'),
  );
}

export const domainOperations = [
  operation({
    method: 'get',
    path: '/api/domains',
    summary: 'The account’s sending domains with their DNS records and states.',
    who: 'caller',
    role: 'viewer',
    scopedKey: 'filtered',
    ok: [200, DomainList, 'The domains.'],
    async handler({ deps, caller }) {
      // A domain-scoped key sees only its domains (middleware/keyScope.ts).
      const domains = (await listDomains(deps.db, caller.accountId)).filter((d) =>
        scopeIncludesDomain(caller.domainScope, d.name),
      );
      return { domains: await Promise.all(domains.map((d) => present(deps, d))) };
    },
  }),
  operation({
    method: 'post',
    path: '/api/domains',
    summary:
      'Claim a domain (mode fixed for good); answers with the records to publish: the ownership TXT, MAIL FROM MX and SPF, DMARC. The 3 DKIM CNAMEs follow once ownership is verified. Other accounts’ claims of the name change nothing in the answer; the first account to verify ownership wins the name. Unverified claims expire (`expires_at`).',
    who: 'caller',
    role: 'developer',
    scopedKey: 'account_wide',
    body: CreateDomainRequest,
    ok: [201, DomainView, 'Added.'],
    more: {
      409: [
        { codes: ['domain_exists', 'too_many_pending_domains', 'byoc_setup_required'] },
        'Already in this account, too many domains of the account await ownership verification, or a BYOC domain before BYOC validates.',
      ],
    },
    async handler({ deps, res, caller, body }) {
      const { domain } = await registerDomain(
        deps.db,
        deps.config,
        { accountId: caller.accountId, name: body.name, mode: body.sending_mode },
        caller.actor,
      );
      if (domain.sendingMode === 'shared') await provisionSharedSender(deps, caller.accountId);
      res.locals.outcome = 'domain_added';
      return present(deps, domain);
    },
  }),
  operation({
    method: 'get',
    path: '/api/domains/{name}',
    summary: 'One domain and the state of each record.',
    who: 'caller',
    role: 'viewer',
    scopedKey: 'domain',
    ok: [200, DomainView, 'The domain.'],
    async handler({ deps, caller, params }) {
      return present(deps, await ownDomain(deps, caller.accountId, params.name));
    },
  }),
  operation({
    method: 'patch',
    path: '/api/domains/{name}',
    summary:
      'Change the domain’s tracking settings: the defaults of sends that do not say (`track_opens`, `track_clicks`; shared mode only) and its tracking subdomain (docs/domains.md, "Tracking subdomain"). A new subdomain is verified by `POST /api/domains/{name}/verify`; until then tracked links use the service’s own address.',
    who: 'caller',
    role: 'developer',
    scopedKey: 'domain',
    body: UpdateDomainRequest,
    ok: [200, DomainView, 'Changed (or already so).'],
    async handler({ deps, res, caller, params, body }) {
      const domain = await ownDomain(deps, caller.accountId, params.name);
      const updated = await updateTrackingSettings(
        deps.db,
        domain,
        {
          ...(body.track_opens !== undefined ? { trackOpens: body.track_opens } : {}),
          ...(body.track_clicks !== undefined ? { trackClicks: body.track_clicks } : {}),
          ...(body.tracking_subdomain !== undefined ? { trackingSubdomain: body.tracking_subdomain } : {}),
        },
        caller.actor,
      );
      res.locals.outcome = 'domain_updated';
      return present(deps, updated);
    },
  }),
  operation({
    method: 'delete',
    path: '/api/domains/{name}',
    summary: 'Delete the domain (a released claim too) and its SES identity if it has one.',
    who: 'caller',
    role: 'developer',
    scopedKey: 'domain',
    ok: [200, Deleted, 'Deleted (warnings say what could not be removed from SES).'],
    async handler({ deps, res, caller, params }) {
      const domain = await ownDomain(deps, caller.accountId, params.name);
      const { warnings } = await removeDomain(deps.db, deps.config, domain, caller.actor);
      res.locals.outcome = 'domain_deleted';
      return { success: true as const, warnings };
    },
  }),
  operation({
    method: 'post',
    path: '/api/domains/{name}/verify',
    summary:
      'Check DNS: ownership (TXT), then DKIM (3 CNAMEs), plus the advisory records; says which required records are missing. Once ownership is verified the SES identity is created and the DKIM records are issued; other unverified claims of the name are released.',
    who: 'caller',
    role: 'developer',
    scopedKey: 'domain',
    ok: [200, DomainVerification, 'Checked.'],
    more: {
      409: [
        { codes: ['domain_unavailable', 'byoc_setup_required'] },
        'The claim is released, or the TXT record was found but the name cannot be verified in this account; or a BYOC domain whose BYOC stopped validating.',
      ],
      502: [{ codes: ['provider_error'] }, 'DNS or SES could not answer; try again.'],
    },
    async handler({ deps, res, caller, params }) {
      const domain = await ownDomain(deps, caller.accountId, params.name);
      const result = await verifyDomain(deps.db, deps.config, dnsLookup(deps), domain, caller.actor);
      const records = await domainRecordsOf(deps.db, deps.config, result.domain);
      // Required records not found yet: ownership first; DKIM once ownership is verified
      // (docs/domains.md, "Verify").
      const dkimMissing = new Set(result.dkim.filter((c) => !c.ok).map((c) => c.name));
      const missing = records.filter((r) =>
        r.purpose === 'ownership'
          ? !result.domain.ownershipVerifiedAt
          : r.purpose === 'dkim'
            ? !result.domain.dkimVerifiedAt && (result.dkim.length === 0 || dkimMissing.has(r.name))
            : false,
      );
      const check = (purpose: string, c: RecordCheck) => ({
        purpose,
        type: c.type,
        name: c.name,
        expected: c.expected,
        found: c.found,
        ok: c.ok,
      });
      res.locals.outcome = result.canSend ? 'domain_verified' : 'domain_pending';
      return {
        domain: presentDomain(result.domain, records, trackingHost(deps.config, result.domain)),
        missing: missing.map((r) => presentRecord(result.domain, r)),
        checks: [
          check('ownership', result.ownership),
          ...result.dkim.map((c) => check('dkim', c)),
          check('mail_from', result.advisory.mailFrom),
          check('spf', result.advisory.spf),
          check('dmarc', result.advisory.dmarc),
          ...(result.tracking ? [check('tracking', result.tracking)] : []),
        ],
      };
    },
  }),
];
