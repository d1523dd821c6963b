import { Context } from '@temporalio/activity';
import { sharedSesManagementClient } from '../core/platform/awsClients';
import { provisionSesIsolation, type SesIsolation } from '../core/ses/accountIsolation';
import type { ResolvedActivityDeps } from './deps';

export type ProvisionSesResult = { provisioned: true; names: SesIsolation } | { provisioned: false; reason: string };

/**
 * The account's own configuration set (and tenant) on the shared SES account, then its names on
 * the account (core/ses/accountIsolation.ts). Run again, it finds everything there and succeeds.
 */
export function provisionSesConfigurationSet(deps: ResolvedActivityDeps) {
  return async function provisionSesConfigurationSet(input: { accountId: string }): Promise<ProvisionSesResult> {
    const isolation = deps.config.ses.isolation;
    // Switched off after this run was started: nothing to do, and nothing worth retrying.
    if (!isolation) return { provisioned: false, reason: 'SES_ACCOUNT_CONFIGURATION_SETS is off' };
    const ses = sharedSesManagementClient(deps.config);
    try {
      const names = await provisionSesIsolation(
        deps.db,
        ses,
        isolation,
        input.accountId,
        Context.current().cancellationSignal,
      );
      deps.logger.info({ accountId: input.accountId, ...names }, 'SES configuration set provisioned');
      return { provisioned: true, names };
    } finally {
      ses.destroy();
    }
  };
}
