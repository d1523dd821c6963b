// "Validate and save" for BYOC (spec 3.2, 5.3): assume the customer's role with the
// configuration's ExternalId, then check that the SES account can send and is out of the sandbox
// (daily quota above 200). Each failure gets the spec's message.
//
// The account is read with SES v2 GetAccount (one call answers both questions). The documented
// 11-permission policy grants the SES v1 actions GetAccountSendingEnabled and GetSendQuota instead
// of ses:GetAccount, so when GetAccount is refused (or not offered by the endpoint) the two v1 calls
// answer; only if those are refused too is a permission missing.
import { GetAccountSendingEnabledCommand, GetSendQuotaCommand } from '@aws-sdk/client-ses';
import { GetAccountCommand } from '@aws-sdk/client-sesv2';
import { describeAwsError, type AwsError } from '../platform/awsErrors';
import type { ByocConfig } from './byocConfig';
import { byocSesManagementClient, byocSesV1Client, stsClient } from '../platform/awsClients';
import { assumeByocRole, byocSessionName, type ByocCredentials } from './byocRole';
import type { Config } from '../platform/config';

/** Spec 8: a daily quota of 200 or less is the sandbox. */
export const SANDBOX_MAX_DAILY_QUOTA = 200;

export type ByocValidationCode = 'ok' | 'assume_role_failed' | 'sending_disabled' | 'sandbox' | 'missing_permission' | 'not_propagated' | 'ses_unreachable';

export interface ByocValidationResult {
  ok: boolean;
  code: ByocValidationCode;
  message: string;
  /** True when the failure says the configuration cannot work as it is (not worth retrying). */
  definitive: boolean;
  account?: { sendingEnabled: boolean; max24HourSend: number };
}

const isAccessDenied = (e: AwsError) => /^AccessDenied/.test(e.name ?? '');
// Credentials of a role session that SES does not recognise yet: IAM changes still propagating.
const isUnrecognisedSession = (e: AwsError) =>
  ['InvalidClientTokenId', 'UnrecognizedClientException', 'InvalidAccessKeyId'].includes(e.name ?? '') || /security token included in the request is invalid/i.test(e.message ?? '');
const isUnsupported = (e: AwsError) => e.$metadata?.httpStatusCode === 404;

export const VALIDATION_PASSED = 'BYOC is validated: the role can be assumed, sending is enabled and the account is out of the SES sandbox.';

export function notPropagated(): ByocValidationResult {
  return {
    ok: false,
    code: 'not_propagated',
    definitive: false,
    message: 'The role changes have not propagated yet (propagation takes about 10 seconds): retry after about 15 seconds.',
  };
}

export function missingPermission(permission: 'get-send-quota' | 'get-account-sending-enabled'): ByocValidationResult {
  return { ok: false, code: 'missing_permission', definitive: true, message: `Missing ${permission} permission (all 11 permissions are required).` };
}

/** What the SES account answered, judged in the order of spec 3.2. */
export function judgeSesAccount(account: { sendingEnabled: boolean; max24HourSend: number }, region: string): ByocValidationResult {
  if (!account.sendingEnabled) {
    return { ok: false, code: 'sending_disabled', definitive: true, account, message: `Sending is disabled on the account (SES, ${region}).` };
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
  return { ok: false, code: 'ses_unreachable', definitive: false, message: `Could not read the SES account: ${describeAwsError(err)}.` };
}

async function readWithV1(config: Config, region: string, credentials: ByocCredentials): Promise<ByocValidationResult> {
  const ses = byocSesV1Client(config, region, credentials);
  let max24HourSend: number;
  try {
    max24HourSend = (await ses.send(new GetSendQuotaCommand({}))).Max24HourSend ?? 0;
  } catch (err) {
    return isAccessDenied(err as AwsError) ? missingPermission('get-send-quota') : sesFailure(err as AwsError);
  }
  let sendingEnabled: boolean;
  try {
    sendingEnabled = (await ses.send(new GetAccountSendingEnabledCommand({}))).Enabled ?? false;
  } catch (err) {
    return isAccessDenied(err as AwsError) ? missingPermission('get-account-sending-enabled') : sesFailure(err as AwsError);
  }
  return judgeSesAccount({ sendingEnabled, max24HourSend }, region);
}

export async function validateByocRole(config: Config, byoc: Pick<ByocConfig, 'accountId' | 'roleArn' | 'region' | 'externalId'>): Promise<ByocValidationResult> {
  let credentials: ByocCredentials;
  try {
    credentials = await assumeByocRole(stsClient(config), { roleArn: byoc.roleArn, externalId: byoc.externalId, sessionName: byocSessionName(byoc.accountId) });
  } catch (err) {
    const e = err as AwsError;
    if (!isAccessDenied(e)) return { ok: false, code: 'assume_role_failed', definitive: false, message: `Could not assume role ${byoc.roleArn}: ${describeAwsError(e)}.` };
    return {
      ok: false,
      code: 'assume_role_failed',
      definitive: true,
      message: `Could not assume role ${byoc.roleArn}: its trust policy must name the relay account ${config.sts.relayAccountId} as principal and require sts:ExternalId ${byoc.externalId} (see byoc policy).`,
    };
  }

  try {
    const account = await byocSesManagementClient(config, byoc.region, credentials).send(new GetAccountCommand({}));
    return judgeSesAccount({ sendingEnabled: account.SendingEnabled ?? false, max24HourSend: account.SendQuota?.Max24HourSend ?? 0 }, byoc.region);
  } catch (err) {
    const e = err as AwsError;
    if (isAccessDenied(e) || isUnsupported(e)) return readWithV1(config, byoc.region, credentials);
    return sesFailure(e);
  }
}
