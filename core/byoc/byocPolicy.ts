// What a BYOC customer pastes into their AWS account (docs/byoc.md, "Without CloudFormation"): the
// trust policy of Service-BYOC-Role, naming the relay account with an ExternalId condition, and the
// role's permissions policy with exactly the 11 SES permissions.
import { BYOC_ROLE_NAME } from './byocConfig';

/** The 11 permissions of docs/byoc.md ("How it works"), in this order: sending, domain registration, verification status, MAIL FROM, removal, sandbox detection. */
export const BYOC_PERMISSIONS: readonly string[] = [
  'ses:SendEmail',
  'ses:SendRawEmail',
  'ses:VerifyDomainIdentity',
  'ses:VerifyDomainDkim',
  'ses:GetIdentityVerificationAttributes',
  'ses:GetIdentityDkimAttributes',
  'ses:GetIdentityMailFromDomainAttributes',
  'ses:SetIdentityMailFromDomain',
  'ses:DeleteIdentity',
  'ses:GetAccountSendingEnabled',
  'ses:GetSendQuota',
];

export interface PolicyDocument {
  Version: '2012-10-17';
  Statement: Record<string, unknown>[];
}

/** Without the ExternalId condition the role would be open to a confused-deputy attack (docs/byoc.md, "Validation"). */
export function byocTrustPolicy(relayAccountId: string, externalId: string): PolicyDocument {
  return {
    Version: '2012-10-17',
    Statement: [
      {
        Effect: 'Allow',
        Principal: { AWS: `arn:aws:iam::${relayAccountId}:root` },
        Action: 'sts:AssumeRole',
        Condition: { StringEquals: { 'sts:ExternalId': externalId } },
      },
    ],
  };
}

export function byocPermissionsPolicy(): PolicyDocument {
  return {
    Version: '2012-10-17',
    Statement: [{ Sid: 'PostageByoc', Effect: 'Allow', Action: [...BYOC_PERMISSIONS], Resource: '*' }],
  };
}

export function byocSetupSteps(relayAccountId: string, externalId: string): string[] {
  return [
    `In IAM, create a role named exactly ${BYOC_ROLE_NAME} ("Another AWS account", account ${relayAccountId}, "Require external ID" ${externalId}).`,
    'Replace its trust policy with the trust policy below.',
    'Attach the permissions policy below as an inline policy.',
    'Copy the role ARN and run `byoc configure` (or `byoc validate` once configured); wait about 15 seconds after changing the role.',
  ];
}
