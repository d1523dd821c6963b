import {
  recordReputationEvent,
  reputationRates,
  suspendForReputation,
  suspensionReason,
  type ReputationEvent,
} from '../core/providerEvents/reputation';
import { systemAccountId } from '../core/sending/systemEmail';
import type { ResolvedActivityDeps } from './deps';

/**
 * Counts a hard bounce or complaint of a real shared send toward the account's rolling rates, and
 * suspends sending when a threshold is crossed (the API then answers 403 sending_suspended),
 * except for the system account (Postage's own emails), which an alert watches instead.
 */
export function updateReputation(deps: ResolvedActivityDeps) {
  return async function updateReputation(input: {
    accountId: string;
    messageId: string;
    event: ReputationEvent;
    at: string;
  }): Promise<{
    counted: boolean;
    sends: number;
    bounceRate: number;
    complaintRate: number;
    suspended: boolean;
  }> {
    const counted = await recordReputationEvent(deps.db, input);
    const settings = deps.config.reputation;
    const rates = await reputationRates(deps.db, input.accountId, settings.windowDays);
    const reason = suspensionReason(rates, settings);
    // Postage's own emails must keep going: the system account is watched by an alert instead.
    const exempt = reason !== null && (await systemAccountId(deps.db, deps.config)) === input.accountId;
    if (exempt)
      deps.logger.warn(
        { accountId: input.accountId, reason },
        'the system account crossed the reputation threshold (not suspended)',
      );
    const suspended = reason && !exempt ? await suspendForReputation(deps.db, input.accountId, reason, rates) : false;
    if (suspended) deps.metrics.suspensions.inc();
    if (suspended)
      deps.logger.warn(
        { accountId: input.accountId, reason },
        'sending suspended after the reputation threshold was crossed',
      );
    return { counted, sends: rates.sends, bounceRate: rates.bounceRate, complaintRate: rates.complaintRate, suspended };
  };
}
