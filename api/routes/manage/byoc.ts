// BYOC (docs/byoc.md): the configuration, "Validate and save", a new validation, the trust
// and permissions policies with the account's ExternalId, and a CloudFormation template that
// creates Service-BYOC-Role with both.
import { getByocConfig } from '../../../core/byoc/byocConfig';
import { byocCloudFormationTemplate, configureByoc, policiesFor, revalidateByoc } from '../../../core/byoc/byocSetup';
import { PostageError } from '../../../core/platform/errors';
import { rememberByocSendRate, sesPacerFor } from '../../../core/sending/sesPacing';
import { operation } from '../../http/operation';
import { presentByoc, presentValidation } from '../../presenters/resources';
import {
  Byoc,
  ByocPolicy,
  ByocRequest,
  ByocSaved,
  ByocValidation,
  CloudFormationTemplate,
} from '../../schemas/management';

export const byocOperations = [
  operation({
    method: 'get',
    path: '/api/byoc',
    summary: 'The BYOC configuration (role, region, ExternalId, validation state).',
    who: 'caller',
    role: 'viewer',
    scopedKey: 'account_wide',
    ok: [200, Byoc, 'The configuration (configured: false before the first save).'],
    async handler({ deps, caller }) {
      return presentByoc(await getByocConfig(deps.db, caller.accountId));
    },
  }),
  operation({
    method: 'put',
    path: '/api/byoc',
    summary:
      'Validate and save the role ARN and region; answers with the BYOC validation failure reason when validation fails (the configuration is saved either way).',
    who: 'caller',
    role: 'developer',
    scopedKey: 'account_wide',
    body: ByocRequest,
    ok: [200, ByocSaved, 'Saved; see `validation`.'],
    async handler({ deps, res, caller, body }) {
      const { config, validation } = await configureByoc(
        deps.db,
        deps.config,
        { account: caller.accountId, roleArn: body.role_arn, region: body.region },
        caller.actor,
      );
      res.locals.outcome = `byoc_${validation.code}`;
      await rememberByocSendRate(sesPacerFor(deps.redis, deps.config), caller.accountId, validation.account);
      return { byoc: presentByoc(config), validation: presentValidation(validation) };
    },
  }),
  operation({
    method: 'post',
    path: '/api/byoc/validate',
    summary: 'Validate the saved configuration again.',
    who: 'caller',
    role: 'developer',
    scopedKey: 'account_wide',
    ok: [200, ByocValidation, 'Validated; see `validation`.'],
    more: { 409: [{ codes: ['byoc_setup_required'] }, 'Nothing saved yet.'] },
    async handler({ deps, res, caller }) {
      const { config, validation } = await revalidateByoc(deps.db, deps.config, caller.accountId, caller.actor);
      res.locals.outcome = `byoc_${validation.code}`;
      await rememberByocSendRate(sesPacerFor(deps.redis, deps.config), caller.accountId, validation.account);
      return { byoc: presentByoc(config), validation: presentValidation(validation) };
    },
  }),
  operation({
    method: 'get',
    path: '/api/byoc/policy',
    summary: 'The trust policy (relay account, ExternalId condition) and the 11 permissions of Service-BYOC-Role.',
    who: 'caller',
    role: 'viewer',
    scopedKey: 'account_wide',
    ok: [200, ByocPolicy, 'The policies.'],
    async handler({ deps, caller }) {
      const saved = await getByocConfig(deps.db, caller.accountId);
      const p = policiesFor(deps.config, saved?.externalId ?? null);
      return {
        role_name: p.roleName,
        relay_account_id: p.relayAccountId,
        external_id: p.externalId,
        steps: p.steps,
        trust_policy: p.trustPolicy,
        permissions_policy: p.permissionsPolicy,
      };
    },
  }),
  operation({
    method: 'get',
    path: '/api/byoc/cloudformation',
    summary: 'A CloudFormation template (JSON) creating Service-BYOC-Role with both policies.',
    who: 'caller',
    role: 'viewer',
    scopedKey: 'account_wide',
    ok: [200, CloudFormationTemplate, 'The template (Content-Disposition: attachment).'],
    more: {
      409: [{ codes: ['byoc_setup_required'] }, 'Save the role ARN and region first: that creates the ExternalId.'],
    },
    async handler({ deps, res, caller }) {
      const saved = await getByocConfig(deps.db, caller.accountId);
      // The ExternalId is created by the first save (docs/byoc.md, step 1 of the CloudFormation
      // setup); the template must carry it.
      if (!saved)
        throw new PostageError(
          'byoc_not_configured',
          'Save the role ARN and region first (PUT /api/byoc): that creates the ExternalId the template needs.',
        );
      res.set('Content-Disposition', 'attachment; filename="postage-byoc-role.json"');
      return byocCloudFormationTemplate(deps.config, saved.externalId);
    },
  }),
];
