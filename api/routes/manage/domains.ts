// Domains (spec 2.5, 3.1): list, add (a claim of the name; answers with the records to publish),
// read (each record's state), verify (ownership, which wins the name and issues the DKIM records;
// then DKIM; says what is still missing), delete. The claim rules are in core/domains/domains.ts.
import { Router, type Response } from 'express';
import { scopeIncludesDomain } from '../../../core/accounts/keyScope';
import { createDnsLookup } from '../../../core/domains/dnsLookup';
import { domainRecordsOf, registerDomain, removeDomain } from '../../../core/domains/domainRegistration';
import { verifyDomain, type RecordCheck } from '../../../core/domains/domainVerification';
import { findDomain, listDomains, type Domain } from '../../../core/domains/domains';
import type { SendingMode } from '../../../core/model/sendingModes';
import { PostageError } from '../../../core/platform/errors';
import type { RouteDeps } from '../../http/deps';
import { handled } from '../../http/handled';
import { presentDomain, presentRecord } from '../../presenters/resources';
import { validBody } from '../../http/requestBody';

export function domainsRoute(deps: RouteDeps): Router {
  const router = Router();
  const dns = createDnsLookup(deps.config.dns.servers);
  const present = async (domain: Domain) => presentDomain(domain, await domainRecordsOf(deps.db, deps.config, domain));
  /** The caller's claim of that name; another account's is as absent as one that does not exist. */
  const ownDomain = async (res: Response, name: string): Promise<Domain> => {
    const domain = await findDomain(deps.db, name, res.locals.caller!.accountId);
    if (!domain) throw new PostageError('domain_not_found', `no domain ${name} in this account`);
    return domain;
  };

  router.get(
    '/api/domains',
    handled(async (_req, res) => {
      const caller = res.locals.caller!;
      // A domain-scoped key sees only its domains (middleware/keyScope.ts).
      const domains = (await listDomains(deps.db, caller.accountId)).filter((d) => scopeIncludesDomain(caller.domainScope, d.name));
      res.json({ domains: await Promise.all(domains.map(present)) });
    }),
  );

  router.post(
    '/api/domains',
    handled(async (req, res) => {
      const input = validBody<{ name: string; sending_mode: SendingMode }>('CreateDomainRequest', req, res);
      if (!input) return;
      const caller = res.locals.caller!;
      const { domain } = await registerDomain(deps.db, deps.config, { accountId: caller.accountId, name: input.name, mode: input.sending_mode }, caller.actor);
      res.locals.outcome = 'domain_added';
      res.status(201).json(await present(domain));
    }),
  );

  router.get(
    '/api/domains/:name',
    handled(async (req, res) => {
      res.json(await present(await ownDomain(res, String(req.params.name))));
    }),
  );

  router.post(
    '/api/domains/:name/verify',
    handled(async (req, res) => {
      const domain = await ownDomain(res, String(req.params.name));
      const result = await verifyDomain(deps.db, deps.config, dns, domain, res.locals.caller!.actor);
      const records = await domainRecordsOf(deps.db, deps.config, result.domain);
      // Required records not found yet: ownership first; DKIM once ownership is verified (spec 3.1).
      const dkimMissing = new Set(result.dkim.filter((c) => !c.ok).map((c) => c.name));
      const missing = records.filter((r) =>
        r.purpose === 'ownership' ? !result.domain.ownershipVerifiedAt : r.purpose === 'dkim' ? !result.domain.dkimVerifiedAt && (result.dkim.length === 0 || dkimMissing.has(r.name)) : false,
      );
      const check = (purpose: string, c: RecordCheck) => ({ purpose, type: c.type, name: c.name, expected: c.expected, found: c.found, ok: c.ok });
      res.locals.outcome = result.canSend ? 'domain_verified' : 'domain_pending';
      res.json({
        domain: presentDomain(result.domain, records),
        missing: missing.map((r) => presentRecord(result.domain, r)),
        checks: [
          check('ownership', result.ownership),
          ...result.dkim.map((c) => check('dkim', c)),
          check('mail_from', result.advisory.mailFrom),
          check('spf', result.advisory.spf),
          check('dmarc', result.advisory.dmarc),
        ],
      });
    }),
  );

  router.delete(
    '/api/domains/:name',
    handled(async (req, res) => {
      const domain = await ownDomain(res, String(req.params.name));
      const { warnings } = await removeDomain(deps.db, deps.config, domain, res.locals.caller!.actor);
      res.locals.outcome = 'domain_deleted';
      res.json({ success: true, warnings });
    }),
  );
  return router;
}
