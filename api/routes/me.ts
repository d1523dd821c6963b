// GET /api/me/ (spec 2.4, 4.2): exactly the fields of the current-account record.
import { Router } from 'express';
import { getAccount } from '../../core/accounts';
import { getByocConfig, isByocUsable } from '../../core/byocConfig';
import { listDomains } from '../../core/domains';
import { monthlyUsage } from '../../core/usage';
import type { ApiDeps } from '../deps';
import { sendUnauthenticated } from '../errors';

export function meRoute(deps: ApiDeps): Router {
  const router = Router();
  router.get('/api/me/', async (_req, res) => {
    const accountId = res.locals.apiKey!.accountId;
    const [account, usage, domains, byoc] = await Promise.all([
      getAccount(deps.db, accountId),
      monthlyUsage(deps.db, accountId),
      listDomains(deps.db, accountId),
      getByocConfig(deps.db, accountId),
    ]);
    if (!account) return sendUnauthenticated(res);
    const verified = domains.filter((d) => d.ownershipVerifiedAt && d.dkimVerifiedAt);
    res.json({
      name: account.name,
      email: account.email,
      is_verified: account.isVerified,
      current_plan: account.plan ?? '',
      byoc_usage_current_month: usage.byoc,
      shared_usage_current_month: usage.shared,
      byoc_configured: isByocUsable(byoc),
      verified_byoc_domains: verified.filter((d) => d.sendingMode === 'byoc').map((d) => d.name),
      verified_shared_domains: verified.filter((d) => d.sendingMode === 'shared').map((d) => d.name),
    });
  });
  return router;
}
