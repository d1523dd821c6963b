// The BYOC session behind an activity: the account's validated configuration and credentials for
// its Service-BYOC-Role, from this worker's cache or a fresh AssumeRole. Credentials never leave
// the process: activities return at most their expiry.
import { ApplicationFailure } from '@temporalio/activity';
import { assumeByocRole, byocCacheKey, byocSessionName, parseByocRoleArn, type ByocCredentials } from '../core/byoc/byocRole';
import { getByocConfig, isByocUsable, type ByocConfig } from '../core/byoc/byocConfig';
import { classifyStsError, type ClassifiedProviderError } from '../core/ses/providerErrors';
import { SEND_FAILURE } from '../core/model/sendFailures';
import type { ResolvedActivityDeps } from './deps';

/** Throws the classified error as Temporal understands it: retryable or not, reason redacted. */
export function throwClassified(error: ClassifiedProviderError): never {
  if (error.kind === 'retry') throw ApplicationFailure.retryable(error.reason, error.code);
  throw ApplicationFailure.nonRetryable(error.reason, error.kind === 'account' ? SEND_FAILURE.account : SEND_FAILURE.message);
}

export interface ByocSession {
  config: ByocConfig;
  credentials: ByocCredentials;
  cacheKey: string;
}

export async function byocSession(deps: ResolvedActivityDeps, accountId: string): Promise<ByocSession> {
  const config = await getByocConfig(deps.db, accountId);
  if (!config || !isByocUsable(config)) {
    throw ApplicationFailure.nonRetryable('BYOC is not configured for this account, or its role was found unusable; validate the configuration again', SEND_FAILURE.notConfigured);
  }
  const arn = parseByocRoleArn(config.roleArn);
  if (!arn.ok) throw ApplicationFailure.nonRetryable(`Could not assume role: ${arn.reason}`, SEND_FAILURE.account);
  const cacheKey = byocCacheKey(config);
  try {
    const credentials = await deps.byocCredentials.get(cacheKey, () =>
      assumeByocRole(deps.sts, { roleArn: config.roleArn, externalId: config.externalId, sessionName: byocSessionName(accountId) }),
    );
    return { config, credentials, cacheKey };
  } catch (err) {
    throwClassified(classifyStsError(err));
  }
}
