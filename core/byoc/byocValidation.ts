// "Validate and save" for BYOC (docs/byoc.md, "Validation"): assume the customer's role with the
// configuration's ExternalId, then check that the SES account can send and is out of the sandbox
// (daily quota above 200). Each failure gets its documented `code` and message.
//
// The role must also refuse everyone else: once it is assumed with the right ExternalId, it is
// tried with a wrong one and with none. The role name is fixed (docs/byoc.md, "How it works"), so
// its ARN gives away no more than an AWS account number; a trust policy without the ExternalId
// condition would let any Postage account that saves the ARN send from the customer's SES (the
// confused deputy), so such a role fails validation (`external_id_not_required`).
//
// The account is read with SES v2 GetAccount (one call answers both questions). The documented
// 11-permission policy grants the SES v1 actions GetAccountSendingEnabled and GetSendQuota instead
// of ses:GetAccount, so when GetAccount is refused (or not offered by the endpoint) the two v1 calls
// answer; only if those are refused too is a permission missing.
import { GetAccountSendingEnabledCommand, GetSendQuotaCommand } from '@aws-sdk/client-ses';
import { GetAccountCommand } from '@aws-sdk/client-sesv2';
import type { STSClient } from '@aws-sdk/client-sts';
import { describeAwsError, type AwsError } from '../platform/awsErrors';
import { newExternalId, type ByocConfig } from './byocConfig';
import { byocSesManagementClient, byocSesV1Client, stsClient } from '../platform/awsClients';
import { assumeByocRole, byocSessionName, roleAssumableWith, type ByocCredentials } from './byocRole';
import type { Config } from '../platform/config';

/** docs/byoc.md, "Validation": a daily quota of 200 or less is the sandbox. */
export const SANDBOX_MAX_DAILY_QUOTA = 200;

export type ByocValidationCode =
  | 'ok'
  | 'assume_role_failed'
  /** The role can be assumed without the configuration's ExternalId (docs/byoc.md, "Validation"). */
  | 'external_id_not_required'
  | 'sending_disabled'
  | 'sandbox'
  | 'missing_permission'
  | 'not_propagated'
  | 'ses_unreachable';

export interface ByocValidationResult {
  ok: boolean;
  code: ByocValidationCode;
  message: string;
  /** True when the failure says the configuration cannot work as it is (not worth retrying). */
  definitive: boolean;
  account?: SesAccountState;
}

/** `maxSendRate`: SES's messages a second, the pace of the account's sends (docs/sending.md, "Pace and fair shares"). */
export interface SesAccountState {
  sendingEnabled: boolean;
  max24HourSend: number;
  maxSendRate?: number;
}

const isAccessDenied = (e: AwsError) => /^AccessDenied/.test(e.name ?? '');
// Credentials of a role session that SES does not recognise yet: IAM changes still propagating.
const isUnrecognisedSession = (e: AwsError) =>
  ['InvalidClientTokenId', 'UnrecognizedClientException', 'InvalidAccessKeyId'].includes(e.name ?? '') ||
  /security token included in the request is invalid/i.test(e.message ?? '');
const isUnsupported = (e: AwsError) => e.$metadata?.httpStatusCode === 404;

export const VALIDATION_PASSED =
  'BYOC is validated: the role can be assumed, sending is enabled and the account is out of the SES sandbox.';

export function notPropagated(): ByocValidationResult {
  return {
    ok: false,
    code: 'not_propagated',
    definitive: false,
    message:
      'The role changes have not propagated yet (propagation takes about 10 seconds): retry after about 15 seconds.',
  };
}

export function missingPermission(permission: 'get-send-quota' | 'get-account-sending-enabled'): ByocValidationResult {
  return {
    ok: false,
    code: 'missing_permission',
    definitive: true,
    message: `Missing ${permission} permission (all 11 permissions are required).`,
  };
}

/** What the SES account answered, judged in the order of the codes in docs/byoc.md, "Validation". */
export function judgeSesAccount(account: SesAccountState, region: string): ByocValidationResult {
  if (!account.sendingEnabled) {
    return {
      ok: false,
      code: 'sending_disabled',
      definitive: true,
      account,
      message: `Sending is disabled on the account (SES, ${region}).`,
    };
  }
  if (account.max24HourSend <= SANDBOX_MAX_DAILY_QUOTA) {
    return {
      ok: false,
      code: 'sandbox',
      definitive: true,
      account,
      message: `The account is in sandbox mode: its daily send quota is ${account.max24HourSend} (it must be above ${SANDBOX_MAX_DAILY_QUOTA}); request production access for SES in ${region}.`,
    };
  }
  return { ok: true, code: 'ok', definitive: true, account, message: VALIDATION_PASSED };
}

/** Classifies an SES failure that has no better answer. */
export function sesFailure(err: AwsError): ByocValidationResult {
  if (isUnrecognisedSession(err)) return notPropagated();
  return {
    ok: false,
    code: 'ses_unreachable',
    definitive: false,
    message: `Could not read the SES account: ${describeAwsError(err)}.`,
  };
}

async function readWithV1(config: Config, region: string, credentials: ByocCredentials): Promise<ByocValidationResult> {
  const ses = byocSesV1Client(config, region, credentials);
  let max24HourSend: number;
  let maxSendRate: number | undefined;
  try {
    const quota = await ses.send(new GetSendQuotaCommand({}));
    max24HourSend = quota.Max24HourSend ?? 0;
    maxSendRate = quota.MaxSendRate;
  } catch (err) {
    return isAccessDenied(err as AwsError) ? missingPermission('get-send-quota') : sesFailure(err as AwsError);
  }
  let sendingEnabled: boolean;
  try {
    sendingEnabled = (await ses.send(new GetAccountSendingEnabledCommand({}))).Enabled ?? false;
  } catch (err) {
    return isAccessDenied(err as AwsError)
      ? missingPermission('get-account-sending-enabled')
      : sesFailure(err as AwsError);
  }
  return judgeSesAccount({ sendingEnabled, max24HourSend, ...(maxSendRate ? { maxSendRate } : {}) }, region);
}

/**
 * Undefined when STS refuses the role both with a wrong ExternalId and with none; otherwise the
 * failure to report. A probe that STS could not answer proves nothing and may pass on retry.
 */
async function externalIdProblem(
  sts: STSClient,
  byoc: Pick<ByocConfig, 'accountId' | 'roleArn' | 'externalId'>,
): Promise<ByocValidationResult | undefined> {
  const sessionName = `${byocSessionName(byoc.accountId)}-check`;
  let wrongId: string;
  do wrongId = newExternalId();
  while (wrongId === byoc.externalId);
  let withWrongId: boolean;
  let withNone: boolean;
  try {
    [withWrongId, withNone] = await Promise.all([
      roleAssumableWith(sts, { roleArn: byoc.roleArn, externalId: wrongId, sessionName }),
      roleAssumableWith(sts, { roleArn: byoc.roleArn, externalId: undefined, sessionName }),
    ]);
  } catch (err) {
    return {
      ok: false,
      code: 'assume_role_failed',
      definitive: false,
      message: `Could not check that role ${byoc.roleArn} requires the ExternalId: ${describeAwsError(err as AwsError)}; validate again.`,
    };
  }
  if (!withWrongId && !withNone) return undefined;
  const how =
    withWrongId && withNone
      ? 'with a wrong ExternalId and with none'
      : withWrongId
        ? 'with a wrong ExternalId'
        : 'without any ExternalId';
  return {
    ok: false,
    code: 'external_id_not_required',
    definitive: true,
    message:
      `Role ${byoc.roleArn} can be assumed ${how}: its trust policy does not require your ExternalId. ` +
      `As it is, any Postage account that knows the role's ARN could send email and manage identities in your Amazon SES (the confused-deputy problem). ` +
      `Add the condition "StringEquals": {"sts:ExternalId": "${byoc.externalId}"} to the trust policy (see byoc policy), then validate again.`,
  };
}

export async function validateByocRole(
  config: Config,
  byoc: Pick<ByocConfig, 'accountId' | 'roleArn' | 'region' | 'externalId'>,
): Promise<ByocValidationResult> {
  const sts = stsClient(config);
  let credentials: ByocCredentials;
  try {
    credentials = await assumeByocRole(sts, {
      roleArn: byoc.roleArn,
      externalId: byoc.externalId,
      sessionName: byocSessionName(byoc.accountId),
    });
  } catch (err) {
    const e = err as AwsError;
    if (!isAccessDenied(e))
      return {
        ok: false,
        code: 'assume_role_failed',
        definitive: false,
        message: `Could not assume role ${byoc.roleArn}: ${describeAwsError(e)}.`,
      };
    return {
      ok: false,
      code: 'assume_role_failed',
      definitive: true,
      message: `Could not assume role ${byoc.roleArn}: its trust policy must name the relay account ${config.sts.relayAccountId} as principal and require sts:ExternalId ${byoc.externalId} (see byoc policy).`,
    };
  }

  const unprotected = await externalIdProblem(sts, byoc);
  if (unprotected) return unprotected;

  try {
    const account = await byocSesManagementClient(config, byoc.region, credentials).send(new GetAccountCommand({}));
    return judgeSesAccount(
      {
        sendingEnabled: account.SendingEnabled ?? false,
        max24HourSend: account.SendQuota?.Max24HourSend ?? 0,
        ...(account.SendQuota?.MaxSendRate ? { maxSendRate: account.SendQuota.MaxSendRate } : {}),
      },
      byoc.region,
    );
  } catch (err) {
    const e = err as AwsError;
    if (isAccessDenied(e) || isUnsupported(e)) return readWithV1(config, byoc.region, credentials);
    return sesFailure(e);
  }
}
