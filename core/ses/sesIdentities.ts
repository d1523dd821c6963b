// Registering sending domains with SES (docs/domains.md, "Verify"): the domain identity, its three
// Easy DKIM tokens and the `send.<domain>` MAIL FROM subdomain; and removing them again. Shared
// domains live in the service's SES account; BYOC domains in the customer's, through the assumed
// role. These are SES API v1 calls because they are exactly the permissions the BYOC policy lists
// (`GET /api/byoc/policy`, docs/byoc.md) and the shared account is given (docs/deployment.md,
// section 4): VerifyDomainIdentity, VerifyDomainDkim, SetIdentityMailFromDomain, DeleteIdentity.
import {
  DeleteIdentityCommand,
  type SESClient,
  SetIdentityMailFromDomainCommand,
  VerifyDomainDkimCommand,
  VerifyDomainIdentityCommand,
} from '@aws-sdk/client-ses';
import { byocSesV1Client, sharedSesV1Client, stsClient } from '../platform/awsClients';
import { assumeByocRole, byocSessionName, type ByocCredentials } from '../byoc/byocRole';
import type { ByocConfig } from '../byoc/byocConfig';
import type { Config } from '../platform/config';
import { randomHex } from '../platform/crypto';
import { PostageError } from '../platform/errors';
import { describeAwsError } from '../platform/awsErrors';

export interface DomainIdentities {
  /** Where the identity lives, for messages ("the shared SES account", "your AWS account"). */
  readonly where: string;
  register(domain: string, mailFromDomain: string): Promise<{ dkimTokens: string[] }>;
  remove(domain: string): Promise<void>;
}

export function sesDomainIdentities(client: SESClient, where: string): DomainIdentities {
  return {
    where,
    async register(domain, mailFromDomain) {
      try {
        await client.send(new VerifyDomainIdentityCommand({ Domain: domain }));
        const { DkimTokens } = await client.send(new VerifyDomainDkimCommand({ Domain: domain }));
        if (!DkimTokens || DkimTokens.length !== 3)
          throw new Error(`SES returned ${DkimTokens?.length ?? 0} DKIM tokens instead of 3`);
        // UseDefaultValue: until the MX record exists, SES falls back to its own MAIL FROM instead of
        // rejecting mail, so a missing MX is advice (docs/domains.md, "The records"), not an outage.
        await client.send(
          new SetIdentityMailFromDomainCommand({
            Identity: domain,
            MailFromDomain: mailFromDomain,
            BehaviorOnMXFailure: 'UseDefaultValue',
          }),
        );
        return { dkimTokens: DkimTokens };
      } catch (err) {
        throw new PostageError(
          'ses_identity_failed',
          `could not register ${domain} in ${where}: ${describeAwsError(err)}`,
        );
      }
    },
    async remove(domain) {
      try {
        await client.send(new DeleteIdentityCommand({ Identity: domain }));
      } catch (err) {
        throw new PostageError(
          'ses_identity_failed',
          `could not remove ${domain} from ${where}: ${describeAwsError(err)}`,
        );
      }
    },
  };
}

/** For a local SES emulator without identity support: tokens made up here, nothing registered. */
export function localDomainIdentities(): DomainIdentities {
  return {
    where: 'the local setup (SES_DOMAIN_IDENTITIES=local: no SES identity is registered)',
    async register() {
      return { dkimTokens: [randomHex(16), randomHex(16), randomHex(16)] };
    },
    async remove() {},
  };
}

export function sharedDomainIdentities(config: Config): DomainIdentities {
  return config.ses.domainIdentities === 'local'
    ? localDomainIdentities()
    : sesDomainIdentities(sharedSesV1Client(config), 'the shared SES account');
}

/** The customer's SES through their Service-BYOC-Role (a fresh session, never the relay's cache). */
export async function byocDomainIdentities(config: Config, byoc: ByocConfig): Promise<DomainIdentities> {
  let credentials: ByocCredentials;
  try {
    credentials = await assumeByocRole(stsClient(config), {
      roleArn: byoc.roleArn,
      externalId: byoc.externalId,
      sessionName: byocSessionName(byoc.accountId),
    });
  } catch (err) {
    throw new PostageError(
      'byoc_role_unusable',
      `could not assume ${byoc.roleArn}: ${describeAwsError(err)}; run byoc validate`,
    );
  }
  return sesDomainIdentities(byocSesV1Client(config, byoc.region, credentials), `your AWS account (${byoc.region})`);
}
