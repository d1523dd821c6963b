// moto's server as the AWS a BYOC customer owns: STS that accepts or refuses AssumeRole by the
// role's trust policy and ExternalId, IAM permissions enforced on every later call (SES included),
// and an SES that keeps every raw message it accepted.
//
// How moto is made to enforce IAM (read from moto's source, moto/iam/access_control.py):
// - enforcement starts once `POST /moto-api/reset-auth` sets the no-auth allowance to 0; the
//   set-up calls before that (admin and relay users, their keys) run unauthenticated;
// - afterwards every request must be signed with keys moto issued, and the caller's identity
//   policies must allow the action;
// - for sts:AssumeRole moto also evaluates the role's trust policy: the principal must be the
//   caller's exact ARN (an account-root principal is not understood) and `sts:ExternalId`
//   conditions are compared with the request's ExternalId, but only when one is sent: moto grants
//   an AssumeRole without ExternalId whatever the condition says. So `endpoint` is a small
//   hand-written stand-in in front of moto (test/helpers/stsExternalId.ts) that evaluates that
//   condition as AWS does and passes everything else through;
// - the trust policy is only evaluated for roles in the caller's own moto account, so the
//   customer's role lives in the relay's account here (moto's default, 123456789012). One account
//   can hold one `Service-BYOC-Role`: `configureByocRole` creates or reconfigures it.
import {
  CreateAccessKeyCommand,
  CreateRoleCommand,
  CreateUserCommand,
  DeleteRolePolicyCommand,
  IAMClient,
  PutRolePolicyCommand,
  PutUserPolicyCommand,
  UpdateAssumeRolePolicyCommand,
} from '@aws-sdk/client-iam';
import { CreateEmailIdentityCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import path from 'node:path';
import { BYOC_PERMISSIONS } from '../../core/byoc/byocPolicy';
import { startMoto } from '../../tools/stack/moto';
import { startStsExternalIdStandIn, type StsExternalIdStandIn } from './stsExternalId';
import { freePort, stopAll } from '../../tools/stack/processes';
import { testInfra } from './env';

export const MOTO_ACCOUNT_ID = '123456789012';
export const BYOC_ROLE_ARN = `arn:aws:iam::${MOTO_ACCOUNT_ID}:role/Service-BYOC-Role`;
export { BYOC_PERMISSIONS };

export interface AwsKeys {
  accessKeyId: string;
  secretAccessKey: string;
}

export interface SentRawEmail {
  id: string;
  source: string;
  destinations: string[];
  raw_data: string;
}

/** How the trust policy guards the ExternalId: `none` leaves the condition out (a role open to any caller of the relay account). */
export type ExternalIdCondition = 'StringEquals' | 'StringEqualsIfExists' | 'none';

export interface MotoPeer {
  /** moto behind the ExternalId stand-in: use it for every AWS call (STS, IAM, SES). */
  endpoint: string;
  /** The relay's keys (set them as STS_ACCESS_KEY_ID / STS_SECRET_ACCESS_KEY). */
  relay: AwsKeys & { arn: string };
  /** Keys allowed everything, for a test's own set-up and inspection calls (e.g. as the shared SES account). */
  admin: AwsKeys & { arn: string };
  /** Creates Service-BYOC-Role or replaces its trust policy and permissions. */
  configureByocRole(opts: {
    externalId: string;
    principalArn?: string;
    permissions?: string[];
    externalIdCondition?: ExternalIdCondition;
  }): Promise<string>;
  /** Verifies a sending domain (or address) in the customer's SES, so moto accepts it as sender. */
  verifySesIdentity(identity: string, region?: string): Promise<void>;
  /** Every raw message moto's SES accepted, with the MIME as sent. */
  sentRawEmails(): Promise<SentRawEmail[]>;
  /** How many AssumeRole calls moto granted so far. */
  assumedRoleCount(): Promise<number>;
  /** Another IAM user of the account (e.g. the shared SES account's sender) with these actions. */
  createUser(name: string, actions: string[]): Promise<AwsKeys & { arn: string }>;
  stop(): Promise<void>;
}

async function createUser(iam: IAMClient, name: string, actions: string[]): Promise<AwsKeys & { arn: string }> {
  const { User } = await iam.send(new CreateUserCommand({ UserName: name }));
  await iam.send(
    new PutUserPolicyCommand({
      UserName: name,
      PolicyName: `${name}-policy`,
      PolicyDocument: JSON.stringify({
        Version: '2012-10-17',
        Statement: [{ Effect: 'Allow', Action: actions, Resource: '*' }],
      }),
    }),
  );
  const { AccessKey } = await iam.send(new CreateAccessKeyCommand({ UserName: name }));
  return { accessKeyId: AccessKey!.AccessKeyId!, secretAccessKey: AccessKey!.SecretAccessKey!, arn: User!.Arn! };
}

export async function startMotoPeer(name = 'moto'): Promise<MotoPeer> {
  const moto = await startMoto({
    port: await freePort(),
    logFile: path.join(testInfra().runDir, 'logs', `${name}-${process.pid}-${Date.now()}.log`),
  });
  const region = 'us-east-1';
  let standIn: StsExternalIdStandIn | undefined;
  try {
    // Unauthenticated bootstrap: an administrator for the test's own set-up calls, and the relay.
    const bootstrap = new IAMClient({
      region,
      endpoint: moto.endpoint,
      credentials: { accessKeyId: 'bootstrap', secretAccessKey: 'bootstrap' },
    });
    const admin = await createUser(bootstrap, 'test-admin', ['*']);
    const relay = await createUser(bootstrap, 'postage-relay', ['sts:AssumeRole']);
    const res = await fetch(`${moto.endpoint}/moto-api/reset-auth`, { method: 'POST', body: '0' });
    if (!res.ok) throw new Error(`moto refused to enable IAM enforcement: HTTP ${res.status}`);
    standIn = await startStsExternalIdStandIn(moto.endpoint, admin);
    const endpoint = standIn.endpoint;

    const iam = new IAMClient({ region, endpoint, credentials: admin });
    let roleExists = false;
    return {
      endpoint,
      relay,
      admin,
      async configureByocRole(opts) {
        const condition = opts.externalIdCondition ?? 'StringEquals';
        const trust = JSON.stringify({
          Version: '2012-10-17',
          Statement: [
            {
              Effect: 'Allow',
              Principal: { AWS: opts.principalArn ?? relay.arn },
              Action: 'sts:AssumeRole',
              ...(condition === 'none' ? {} : { Condition: { [condition]: { 'sts:ExternalId': opts.externalId } } }),
            },
          ],
        });
        if (roleExists)
          await iam.send(new UpdateAssumeRolePolicyCommand({ RoleName: 'Service-BYOC-Role', PolicyDocument: trust }));
        else {
          await iam.send(new CreateRoleCommand({ RoleName: 'Service-BYOC-Role', AssumeRolePolicyDocument: trust }));
          roleExists = true;
        }
        const permissions = opts.permissions ?? [...BYOC_PERMISSIONS];
        if (permissions.length === 0) {
          await iam
            .send(new DeleteRolePolicyCommand({ RoleName: 'Service-BYOC-Role', PolicyName: 'postage-byoc' }))
            .catch(() => undefined);
        } else {
          await iam.send(
            new PutRolePolicyCommand({
              RoleName: 'Service-BYOC-Role',
              PolicyName: 'postage-byoc',
              PolicyDocument: JSON.stringify({
                Version: '2012-10-17',
                Statement: [{ Effect: 'Allow', Action: permissions, Resource: '*' }],
              }),
            }),
          );
        }
        return BYOC_ROLE_ARN;
      },
      async verifySesIdentity(identity, sesRegion = region) {
        const ses = new SESv2Client({ region: sesRegion, endpoint, credentials: admin });
        await ses.send(new CreateEmailIdentityCommand({ EmailIdentity: identity }));
      },
      async sentRawEmails() {
        const data = (await (await fetch(`${endpoint}/moto-api/data.json`)).json()) as {
          ses?: { RawMessage?: SentRawEmail[] };
        };
        return data.ses?.RawMessage ?? [];
      },
      async assumedRoleCount() {
        const data = (await (await fetch(`${endpoint}/moto-api/data.json`)).json()) as {
          sts?: { AssumedRole?: unknown[] };
        };
        return data.sts?.AssumedRole?.length ?? 0;
      },
      createUser: (userName, actions) => createUser(iam, userName, actions),
      stop: async () => {
        await standIn?.close();
        await stopAll([moto.process]);
      },
    };
  } catch (err) {
    await standIn?.close();
    await stopAll([moto.process]);
    throw err;
  }
}
