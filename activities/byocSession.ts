// The BYOC session behind an activity: the account's validated configuration and credentials for
// its Service-BYOC-Role, from this worker's cache or a fresh AssumeRole. Credentials never leave
// the process: activities return at most their expiry. The AssumeRole call ends before the
// activity's attempt does (attemptDeadline.ts), within STS's own 15 s deadline.
import { ApplicationFailure, Context } from '@temporalio/activity';
import {
  assumeByocRole,
  byocCacheKey,
  byocSessionName,
  parseByocRoleArn,
  type ByocCredentials,
} from '../core/byoc/byocRole';
import { getByocConfig, isByocUsable, type ByocConfig } from '../core/byoc/byocConfig';
import { classifyStsError, type ClassifiedProviderError } from '../core/ses/providerErrors';
import { SEND_FAILURE } from '../core/model/sendFailures';
import { AWS_CALL_TIMEOUT_MS } from '../core/platform/awsClients';
import { AttemptDeadline } from './attemptDeadline';
import type { ResolvedActivityDeps } from './deps';

/** Throws the classified error as Temporal understands it: retryable or not, reason redacted. */
export function throwClassified(error: ClassifiedProviderError): never {
  if (error.kind === 'retry') throw ApplicationFailure.retryable(error.reason, error.code);
  throw ApplicationFailure.nonRetryable(
    error.reason,
    error.kind === 'account' ? SEND_FAILURE.account : SEND_FAILURE.message,
  );
}

/** Too little of the attempt is left for another call: give it up, the retry starts afresh. */
export function attemptOutOfTime(call: string): never {
  throw ApplicationFailure.retryable(
    `too little of the attempt was left to call ${call} (the steps before it were slow); the retry calls it again`,
    'AttemptDeadline',
  );
}

export interface ByocSession {
  config: ByocConfig;
  credentials: ByocCredentials;
  cacheKey: string;
}

/** `deadline`: the current attempt's (by default measured from this call, so call it first thing). */
export async function byocSession(
  deps: ResolvedActivityDeps,
  accountId: string,
  deadline = AttemptDeadline.ofCurrentAttempt(),
): Promise<ByocSession> {
  const config = await getByocConfig(deps.db, accountId);
  if (!config || !isByocUsable(config)) {
    throw ApplicationFailure.nonRetryable(
      'BYOC is not configured for this account, or its role was found unusable; validate the configuration again',
      SEND_FAILURE.notConfigured,
    );
  }
  const arn = parseByocRoleArn(config.roleArn);
  if (!arn.ok) throw ApplicationFailure.nonRetryable(`Could not assume role: ${arn.reason}`, SEND_FAILURE.account);
  const cacheKey = byocCacheKey(config);
  try {
    const credentials = await deps.byocCredentials.get(cacheKey, () => {
      const abortSignal =
        deadline.callSignal(AWS_CALL_TIMEOUT_MS, Context.current().cancellationSignal) ?? attemptOutOfTime('STS');
      return assumeByocRole(
        deps.sts,
        { roleArn: config.roleArn, externalId: config.externalId, sessionName: byocSessionName(accountId) },
        { abortSignal },
      );
    });
    return { config, credentials, cacheKey };
  } catch (err) {
    if (err instanceof ApplicationFailure) throw err; // attemptOutOfTime: already what Temporal needs
    throwClassified(classifyStsError(err));
  }
}
