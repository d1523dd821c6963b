import {
  metricsCrossing,
  pauseReason,
  recordReputationEvent,
  reputationRates,
  suspendForReputation,
  type MetricReading,
  type ReputationEvent,
  type ReputationRates,
} from '../core/providerEvents/reputation';
import { recordReputationWarnings } from '../core/providerEvents/reputationWarnings';
import { systemAccountId } from '../core/sending/systemEmail';
import { announcePendingNotices } from './accountNotices';
import type { ResolvedActivityDeps } from './deps';

/** Suspends the account for the metric at its pause level; whether this call suspended it. */
async function suspendFor(
  deps: ResolvedActivityDeps,
  accountId: string,
  rates: ReputationRates,
  pausing: MetricReading,
): Promise<boolean> {
  const reason = pauseReason(pausing, rates, deps.config.reputation.windowDays);
  const suspended = await suspendForReputation(deps.db, accountId, reason, rates, {
    metric: pausing.metric,
    rate: pausing.rate,
  });
  if (suspended) {
    deps.metrics.suspensions.inc();
    deps.logger.warn({ accountId, reason }, 'sending suspended after the reputation threshold was crossed');
  }
  return suspended;
}

/**
 * Counts a hard bounce or complaint of a real shared send toward the account's rolling rates,
 * warns the owners and admins once when a rate crosses its warning level, and suspends sending
 * when a threshold is crossed (the API then answers 403 sending_suspended); each warning and pause
 * is announced by its own workflow (workflows/announceAccountNotice.ts). The system account
 * (Postage's own emails) is neither warned nor suspended: an alert watches it instead.
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
    const [pausing] = metricsCrossing(rates, settings, 'pause');
    const warned = metricsCrossing(rates, settings, 'warning').length > 0;
    // Postage's own emails must keep going: the system account is watched by an alert instead.
    const exempt =
      (pausing !== undefined || warned) && (await systemAccountId(deps.db, deps.config)) === input.accountId;
    if (exempt && pausing)
      deps.logger.warn(
        { accountId: input.accountId, reason: pauseReason(pausing, rates, settings.windowDays) },
        'the system account crossed the reputation threshold (not suspended)',
      );
    if (!exempt) await recordReputationWarnings(deps.db, input.accountId, rates, settings);
    const suspended = !exempt && pausing ? await suspendFor(deps, input.accountId, rates, pausing) : false;
    await announcePendingNotices(deps, input.accountId);
    return { counted, sends: rates.sends, bounceRate: rates.bounceRate, complaintRate: rates.complaintRate, suspended };
  };
}
