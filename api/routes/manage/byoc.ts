// BYOC (spec 2.7, 3.2, 5): the configuration, "Validate and save", a new validation, the trust
// and permissions policies with the account's ExternalId, and a CloudFormation template that
// creates Service-BYOC-Role with both.
import { Router } from 'express';
import { getByocConfig } from '../../../core/byoc/byocConfig';
import { byocCloudFormationTemplate, configureByoc, policiesFor, revalidateByoc } from '../../../core/byoc/byocSetup';
import { PostageError } from '../../../core/platform/errors';
import type { RouteDeps } from '../../http/deps';
import { handled } from '../../http/handled';
import { presentByoc, presentValidation } from '../../presenters/resources';
import { validBody } from '../../http/requestBody';

export function byocRoute(deps: RouteDeps): Router {
  const router = Router();

  router.get(
    '/api/byoc',
    handled(async (_req, res) => {
      res.json(presentByoc(await getByocConfig(deps.db, res.locals.caller!.accountId)));
    }),
  );

  router.put(
    '/api/byoc',
    handled(async (req, res) => {
      const input = validBody<{ role_arn: string; region: string }>('ByocRequest', req, res);
      if (!input) return;
      const caller = res.locals.caller!;
      const { config, validation } = await configureByoc(deps.db, deps.config, { account: caller.accountId, roleArn: input.role_arn, region: input.region }, caller.actor);
      res.locals.outcome = `byoc_${validation.code}`;
      res.json({ byoc: presentByoc(config), validation: presentValidation(validation) });
    }),
  );

  router.post(
    '/api/byoc/validate',
    handled(async (_req, res) => {
      const caller = res.locals.caller!;
      const { config, validation } = await revalidateByoc(deps.db, deps.config, caller.accountId, caller.actor);
      res.locals.outcome = `byoc_${validation.code}`;
      res.json({ byoc: presentByoc(config), validation: presentValidation(validation) });
    }),
  );

  router.get(
    '/api/byoc/policy',
    handled(async (_req, res) => {
      const saved = await getByocConfig(deps.db, res.locals.caller!.accountId);
      const p = policiesFor(deps.config, saved?.externalId ?? null);
      res.json({ role_name: p.roleName, relay_account_id: p.relayAccountId, external_id: p.externalId, steps: p.steps, trust_policy: p.trustPolicy, permissions_policy: p.permissionsPolicy });
    }),
  );

  router.get(
    '/api/byoc/cloudformation',
    handled(async (_req, res) => {
      const saved = await getByocConfig(deps.db, res.locals.caller!.accountId);
      // The ExternalId is created by the first save (spec 2.7); the template must carry it.
      if (!saved) throw new PostageError('byoc_not_configured', 'Save the role ARN and region first (PUT /api/byoc): that creates the ExternalId the template needs.');
      res.set('Content-Disposition', 'attachment; filename="postage-byoc-role.json"');
      res.json(byocCloudFormationTemplate(deps.config, saved.externalId));
    }),
  );
  return router;
}
