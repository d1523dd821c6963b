// `provision-ses-<account id>`: the account's own SES configuration set and tenant on the shared
// account (docs/reputation.md, "How accounts are kept apart"), started when the account claims a
// shared domain. One idempotent step, retried with backoff while SES refuses or is away.
import type { ProvisionSesResult } from '../activities/provisionSesConfigurationSet';
import { sesProvisioning } from './activityProxies';

export const provisionSesWorkflowId = (accountId: string) => `provision-ses-${accountId}`;

export async function provisionSes(input: { accountId: string }): Promise<ProvisionSesResult> {
  return sesProvisioning.provisionSesConfigurationSet(input);
}
