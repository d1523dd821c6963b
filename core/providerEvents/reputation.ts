// Bounce and complaint rates of an account's real shared sends over a rolling window, and the
// suspension that follows when they cross the configured thresholds (the API then answers
// 403 sending_suspended, core/sending/sendGates.ts). Test and simulator sends are never sampled.
import type { Knex } from 'knex';
import { recordNotice } from '../accounts/accountNotices';
import type { ReputationMetric } from '../model/webhookEvents';
import { recordAudit } from '../platform/audit';
import type { Config } from '../platform/config';
import type { Db } from '../platform/db';

export type ReputationEvent = 'bounce' | 'complaint';

/**
 * Amazon SES's own levels for an account's rates (SES developer guide, "reputation metrics"): past
 * `review` SES reviews the sending account, past `pause` it may pause its sending. On the shared
 * account that is every shared-mode customer's sending, so Postage's thresholds sit below them.
 */
export const SES_LEVELS = {
  bounce: { review: 0.05, pause: 0.1 },
  complaint: { review: 0.001, pause: 0.005 },
} as const;

export interface ReputationRates {
  sends: number;
  hardBounces: number;
  complaints: number;
  bounceRate: number;
  complaintRate: number;
}

/** One sample per real shared message SES accepted; no address, only timestamps and the From domain. */
export async function recordSendSample(
  db: Db | Knex.Transaction,
  input: { messageId: string; accountId: string; domain: string },
): Promise<void> {
  await db('send_outcomes')
    .insert({
      message_id: input.messageId,
      account_id: input.accountId,
      domain: input.domain.toLowerCase(),
      sent_at: db.fn.now(),
    })
    .onConflict('message_id')
    .ignore();
}

/** Marks the sample; false when there is none (not a real send, or purged) or it was already marked. */
export async function recordReputationEvent(
  db: Db,
  input: { messageId: string; event: ReputationEvent; at: string },
): Promise<boolean> {
  const column = input.event === 'bounce' ? 'hard_bounced_at' : 'complained_at';
  const updated = await db('send_outcomes')
    .where({ message_id: input.messageId })
    .whereNull(column)
    .update({ [column]: input.at });
  return updated > 0;
}

/** Rates among the sends of the last `windowDays` (by send time), as of `now`. */
export async function reputationRates(
  db: Db,
  accountId: string,
  windowDays: number,
  now: Date = new Date(),
): Promise<ReputationRates> {
  const since = new Date(now.getTime() - windowDays * 86_400_000);
  const row = await db('send_outcomes')
    .where({ account_id: accountId })
    .where('sent_at', '>=', since)
    .first<{ sends: string; hard_bounces: string; complaints: string }>(
      db.raw('count(*) AS sends'),
      db.raw('count(hard_bounced_at) AS hard_bounces'),
      db.raw('count(complained_at) AS complaints'),
    );
  const sends = Number(row?.sends ?? 0);
  const hardBounces = Number(row?.hard_bounces ?? 0);
  const complaints = Number(row?.complaints ?? 0);
  return {
    sends,
    hardBounces,
    complaints,
    bounceRate: sends ? hardBounces / sends : 0,
    complaintRate: sends ? complaints / sends : 0,
  };
}

/** One metric as the rates read it, with the levels that act on it. */
export interface MetricReading {
  metric: ReputationMetric;
  rate: number;
  events: number;
  warningLevel: number;
  pauseLevel: number;
}

/**
 * Whether a rate rests on enough to act on: at least `minSends` sends in the window and
 * `minEvents` events of its kind. With a few hundred sends one complaint is already 0.1%, and one
 * unhappy recipient must not warn or stop a small sender. The one rule for the warning, the pause,
 * the rates' standing and the operator's list.
 */
export function hasEnoughVolume(sends: number, events: number, settings: Config['reputation']): boolean {
  return sends >= settings.minSends && events >= settings.minEvents;
}

/** Both metrics as the rates read them, with their levels: the bounce rate first. */
export function metricReadings(rates: ReputationRates, settings: Config['reputation']): MetricReading[] {
  return [
    {
      metric: 'bounce_rate',
      rate: rates.bounceRate,
      events: rates.hardBounces,
      warningLevel: settings.bounceRateWarning,
      pauseLevel: settings.bounceRateThreshold,
    },
    {
      metric: 'complaint_rate',
      rate: rates.complaintRate,
      events: rates.complaints,
      warningLevel: settings.complaintRateWarning,
      pauseLevel: settings.complaintRateThreshold,
    },
  ];
}

/** The metrics at or over `level` ('warning' or 'pause') that rest on enough volume (hasEnoughVolume). */
export function metricsCrossing(
  rates: ReputationRates,
  settings: Config['reputation'],
  level: 'warning' | 'pause',
): MetricReading[] {
  return metricReadings(rates, settings).filter(
    (m) =>
      hasEnoughVolume(rates.sends, m.events, settings) &&
      m.rate >= (level === 'warning' ? m.warningLevel : m.pauseLevel),
  );
}

const METRIC_NAMES: Record<ReputationMetric, string> = {
  bounce_rate: 'hard-bounce rate',
  complaint_rate: 'complaint rate',
};

/** Why a metric at its pause level suspends sending, in words (the account's `suspended_reason`). */
export function pauseReason(reading: MetricReading, rates: ReputationRates, windowDays: number): string {
  const pct = (r: number) => `${(r * 100).toFixed(2)}%`;
  return `${METRIC_NAMES[reading.metric]} ${pct(reading.rate)} over the last ${windowDays} days (${reading.events} of ${rates.sends} sends) reached the ${pct(reading.pauseLevel)} threshold`;
}

/**
 * Suspends sending once, with the `account.sending_paused` notice naming the metric that paused it
 * (docs/reputation.md, "Warnings and pauses"); returns false when the account was already suspended.
 */
export async function suspendForReputation(
  db: Db,
  accountId: string,
  reason: string,
  rates: ReputationRates,
  cause?: { metric: ReputationMetric; rate: number },
): Promise<boolean> {
  return db.transaction(async (trx) => {
    const updated = await trx('accounts').where({ id: accountId, sending_suspended: false }).update({
      sending_suspended: true,
      suspended_reason: reason,
      suspended_at: trx.fn.now(),
      updated_at: trx.fn.now(),
    });
    if (updated === 0) return false;
    await recordAudit(trx, {
      accountId,
      actor: 'reputation-monitor',
      action: 'account.suspend',
      details: { reason, ...rates },
    });
    await recordNotice(trx, accountId, 'account.sending_paused', {
      reason,
      ...cause,
      paused_at: new Date().toISOString(),
      by: 'reputation',
    });
    return true;
  });
}
