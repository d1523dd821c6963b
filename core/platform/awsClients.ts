// Every AWS client Postage makes, built here with deadlines that really abort: the SDK's
// requestTimeout only logs a warning unless throwOnRequestTimeout is set, and a call left
// running after its activity timed out could still send an email the retry sends again.
import { SESClient } from '@aws-sdk/client-ses';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { STSClient } from '@aws-sdk/client-sts';
import type { Config } from './config';

export interface AwsCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
  expiration?: Date;
}

export interface Target {
  region: string;
  endpoint: string | undefined;
  /** Unset: the AWS default credential chain. */
  credentials: AwsCredentials | undefined;
}

/** Interactive management calls (STS, SES identities, BYOC validation): fail within seconds. */
export const AWS_CALL_TIMEOUT_MS = 15_000;
const CONNECT_TIMEOUT_MS = 5_000;

/** The options every AWS client gets: one attempt, a connect deadline and a request deadline that throws. */
export function clientOptions(target: Target, requestTimeoutMs: number) {
  return {
    region: target.region,
    // Retries belong to the caller: SendEmail is not idempotent (a hidden SDK retry after a lost
    // answer could send twice), and the workflow or the operator decides when to try again.
    maxAttempts: 1,
    requestHandler: {
      connectionTimeout: CONNECT_TIMEOUT_MS,
      requestTimeout: requestTimeoutMs,
      throwOnRequestTimeout: true,
    },
    ...(target.endpoint ? { endpoint: target.endpoint } : {}),
    ...(target.credentials ? { credentials: target.credentials } : {}),
  };
}

export function staticCredentials(
  accessKeyId: string | undefined,
  secretAccessKey: string | undefined,
): AwsCredentials | undefined {
  return accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined;
}

const sharedTarget = (config: Config): Target => ({
  region: config.ses.region,
  endpoint: config.ses.endpoint,
  credentials: staticCredentials(config.ses.accessKeyId, config.ses.secretAccessKey),
});

const byocTarget = (config: Config, region: string, credentials: AwsCredentials): Target => ({
  region,
  endpoint: config.ses.byocEndpoint,
  credentials,
});

/**
 * SES v2 of the shared account, for sending: the deadline is SES_SEND_TIMEOUT_MS. The send
 * activity shortens it per call to what its attempt has left (activities/attemptDeadline.ts).
 */
export function sharedSesClient(config: Config): SESv2Client {
  return new SESv2Client(clientOptions(sharedTarget(config), config.ses.sendTimeoutMs));
}

/** SES v2 of the shared account for management calls (configuration sets, tenants): a management deadline. */
export function sharedSesManagementClient(config: Config): SESv2Client {
  return new SESv2Client(clientOptions(sharedTarget(config), AWS_CALL_TIMEOUT_MS));
}

/** SES v2 in the customer's account through an assumed Service-BYOC-Role session, for sending. */
export function byocSesClient(config: Config, region: string, credentials: AwsCredentials): SESv2Client {
  return new SESv2Client(clientOptions(byocTarget(config, region, credentials), config.ses.sendTimeoutMs));
}

/** SES v1 of the shared account: domain identities (docs/deployment.md, section 4, names v1 permissions). */
export function sharedSesV1Client(config: Config): SESClient {
  return new SESClient(clientOptions(sharedTarget(config), AWS_CALL_TIMEOUT_MS));
}

/** SES v1 in the customer's account: domain identities and BYOC validation. */
export function byocSesV1Client(config: Config, region: string, credentials: AwsCredentials): SESClient {
  return new SESClient(clientOptions(byocTarget(config, region, credentials), AWS_CALL_TIMEOUT_MS));
}

/** SES v2 in the customer's account for BYOC validation (GetAccount): a management deadline. */
export function byocSesManagementClient(config: Config, region: string, credentials: AwsCredentials): SESv2Client {
  return new SESv2Client(clientOptions(byocTarget(config, region, credentials), AWS_CALL_TIMEOUT_MS));
}

/** STS with the relay's own credentials, for AssumeRole; activities cut its deadline to their attempt's. */
export function stsClient(config: Config): STSClient {
  return new STSClient(
    clientOptions(
      {
        region: config.sts.region,
        endpoint: config.sts.endpoint,
        credentials: staticCredentials(config.sts.accessKeyId, config.sts.secretAccessKey),
      },
      AWS_CALL_TIMEOUT_MS,
    ),
  );
}
