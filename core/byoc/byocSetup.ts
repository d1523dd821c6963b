// Configuring BYOC (docs/byoc.md): check the role ARN and region, save (creating the ExternalId
// once), validate against the customer's AWS account, store the outcome.
import { requireAccount } from '../accounts/accounts';
import { BYOC_ROLE_NAME, getByocConfig, recordByocValidation, saveByocConfig, type ByocConfig } from './byocConfig';
import { byocPermissionsPolicy, byocSetupSteps, byocTrustPolicy, type PolicyDocument } from './byocPolicy';
import { parseByocRoleArn } from './byocRole';
import { validateByocRole, type ByocValidationResult } from './byocValidation';
import type { Config } from '../platform/config';
import type { Db } from '../platform/db';
import { PostageError } from '../platform/errors';
import { isSesRegion, SES_REGIONS } from '../platform/sesRegions';

export interface ByocSetupResult {
  config: ByocConfig;
  validation: ByocValidationResult;
}

export async function requireByocConfig(db: Db, accountId: string): Promise<ByocConfig> {
  const config = await getByocConfig(db, accountId);
  if (!config)
    throw new PostageError('byoc_not_configured', 'this account has no BYOC configuration yet (byoc configure)');
  return config;
}

async function validateAndRecord(db: Db, config: Config, byoc: ByocConfig, actor: string): Promise<ByocSetupResult> {
  const validation = await validateByocRole(config, byoc);
  return { config: await recordByocValidation(db, byoc.accountId, validation, actor), validation };
}

/** Validate and save: the configuration is saved even when validation fails, so its ExternalId can go into the trust policy. */
export async function configureByoc(
  db: Db,
  config: Config,
  input: { account: string; roleArn: string; region: string },
  actor: string,
): Promise<ByocSetupResult> {
  const account = await requireAccount(db, input.account);
  const roleArn = input.roleArn.trim();
  const parsed = parseByocRoleArn(roleArn);
  if (!parsed.ok) throw new PostageError('invalid_role_arn', `${JSON.stringify(input.roleArn)}: ${parsed.reason}`);
  const region = input.region.trim().toLowerCase();
  if (!isSesRegion(region))
    throw new PostageError(
      'invalid_region',
      `${JSON.stringify(input.region)} is not an SES region; choose one of ${SES_REGIONS.join(', ')}`,
    );
  const saved = await saveByocConfig(db, { accountId: account.id, roleArn, region }, actor);
  return validateAndRecord(db, config, saved, actor);
}

export async function revalidateByoc(
  db: Db,
  config: Config,
  accountIdOrEmail: string,
  actor: string,
): Promise<ByocSetupResult> {
  const account = await requireAccount(db, accountIdOrEmail);
  return validateAndRecord(db, config, await requireByocConfig(db, account.id), actor);
}

export interface ByocPolicies {
  roleName: typeof BYOC_ROLE_NAME;
  relayAccountId: string;
  externalId: string | null;
  steps: string[];
  trustPolicy: PolicyDocument;
  permissionsPolicy: PolicyDocument;
}

/** With an account, its ExternalId is filled in; without, a placeholder shows where it goes. */
export async function byocPolicies(db: Db, config: Config, accountIdOrEmail?: string): Promise<ByocPolicies> {
  let externalId: string | null = null;
  if (accountIdOrEmail) {
    const account = await requireAccount(db, accountIdOrEmail);
    externalId = (await requireByocConfig(db, account.id)).externalId;
  }
  return policiesFor(config, externalId);
}

/** The policies for an ExternalId (null before the first save: a placeholder stands in). */
export function policiesFor(config: Config, externalId: string | null): ByocPolicies {
  const relay = config.sts.relayAccountId;
  const shown = externalId ?? '<EXTERNAL_ID>';
  return {
    roleName: BYOC_ROLE_NAME,
    relayAccountId: relay,
    externalId,
    steps: byocSetupSteps(relay, shown),
    trustPolicy: byocTrustPolicy(relay, shown),
    permissionsPolicy: byocPermissionsPolicy(),
  };
}

/**
 * A CloudFormation template (JSON) that creates Service-BYOC-Role with the trust policy (relay
 * account, this ExternalId) and the 11 permissions, and outputs the role ARN to paste back.
 */
export function byocCloudFormationTemplate(config: Config, externalId: string): Record<string, unknown> {
  const policies = policiesFor(config, externalId);
  return {
    AWSTemplateFormatVersion: '2010-09-09',
    Description: `Postage BYOC: lets Postage's relay account ${policies.relayAccountId} send through your Amazon SES with the ExternalId of your Postage account.`,
    Resources: {
      ServiceBYOCRole: {
        Type: 'AWS::IAM::Role',
        Properties: {
          RoleName: policies.roleName,
          Description:
            'Assumed by Postage (15-minute sessions) to send email and manage domain identities in Amazon SES.',
          MaxSessionDuration: 3600,
          AssumeRolePolicyDocument: policies.trustPolicy,
          Policies: [{ PolicyName: 'PostageByoc', PolicyDocument: policies.permissionsPolicy }],
        },
      },
    },
    Outputs: {
      RoleArn: {
        Description: 'Paste this role ARN into Postage (BYOC settings), then Validate.',
        Value: { 'Fn::GetAtt': ['ServiceBYOCRole', 'Arn'] },
      },
    },
  };
}
