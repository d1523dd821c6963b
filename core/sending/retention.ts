// Retention rules (docs/privacy.md, "How long data is kept"): email-log rows and shared content
// are kept each account's number of days (core/accounts/retention.ts; by default 14 and 90), BYOC
// content never (deleted by its workflow; the purge only sweeps what an interrupted workflow could
// have left). Run by the purge workflows on Temporal Schedules (worker/schedules.ts), with received
// messages (core/inbound/inboundMessages.ts, purgeExpiredReceived; activities/purge.ts).
import { REPUTATION_TREND_DAYS } from '../providerEvents/reputationReport';
import type { ContentPurge } from '../model/workflowContract';
import type { Db } from '../platform/db';
import { deleteInBatches, deleteSelectedInBatches, PURGE_BATCH_SIZE } from '../platform/batchedDelete';
import { expiredRows } from '../accounts/retention';
import { purgeExpiredIdempotencyKeys } from './idempotency';
import { purgeStagedMessagesBefore, STAGED_PURGE_BATCH_SIZE } from './staging';
import { purgeExpiredSessions } from '../accounts/users';
import { purgeExpiredUserTokens } from '../accounts/userTokens';
import { purgeExpiredDomainClaims } from '../domains/domainClaims';

const DAY_MS = 86_400_000;
/** A BYOC message still staged after this long belongs to a workflow that was stopped by hand. */
export const BYOC_LEFTOVER_HOURS = 24;

export function cutoffBefore(now: Date, days: number): Date {
  return new Date(now.getTime() - days * DAY_MS);
}

/** Each account's log rows (and their timelines) past its retention; `retentionDays`: the default. */
export async function purgeEmailLog(
  db: Db,
  input: { now: Date; retentionDays: number; batchSize?: number },
): Promise<{ deleted: number }> {
  const log = { table: 'email_log', key: 'message_id', at: 'created_at', kind: 'email_log' } as const;
  return {
    deleted: await deleteSelectedInBatches(
      db,
      'email_log',
      'message_id',
      (limit) => expiredRows(db, log, input.now, input.retentionDays, limit),
      input.batchSize,
    ),
  };
}

/**
 * Every table is purged in batches (`batchSize` rows a statement; tests make it small). Shared
 * content goes at each account's retention (`contentDays`: the default); the tables holding only
 * ids and times go at the default.
 */
export async function purgeExpiredContent(
  db: Db,
  input: { now: Date; contentDays: number; batchSize?: number },
): Promise<Omit<ContentPurge, 'inboundMessages' | 'privacyExports'>> {
  const contentCutoff = cutoffBefore(input.now, input.contentDays);
  const batch = (defaultSize: number) => input.batchSize ?? defaultSize;
  return {
    sharedContent: await purgeSharedContent(db, input.now, input.contentDays, batch(STAGED_PURGE_BATCH_SIZE)),
    byocLeftovers: await purgeStagedMessagesBefore(
      db,
      'byoc',
      new Date(input.now.getTime() - BYOC_LEFTOVER_HOURS * 3_600_000),
      batch(STAGED_PURGE_BATCH_SIZE),
    ),
    // The SES id map holds no content, but has no use past the content.
    providerMessages: await deleteInBatches(
      db,
      'provider_messages',
      'provider_message_id',
      (rows) => rows.where('created_at', '<', contentCutoff),
      batch(PURGE_BATCH_SIZE),
    ),
    // Reputation samples also draw the account's two-week trend (docs/reputation.md): kept that long at least.
    sendSamples: await deleteInBatches(
      db,
      'send_outcomes',
      'message_id',
      (rows) => rows.where('sent_at', '<', cutoffBefore(input.now, Math.max(input.contentDays, REPUTATION_TREND_DAYS))),
      batch(PURGE_BATCH_SIZE),
    ),
    byocSends: await deleteInBatches(
      db,
      'byoc_sends',
      'message_id',
      (rows) => rows.where('created_at', '<', contentCutoff),
      batch(PURGE_BATCH_SIZE),
    ),
    // Settled schedules (sent or cancelled): ids and times only, of no use past the content.
    schedules: await deleteInBatches(
      db,
      'scheduled_sends',
      'message_id',
      (rows) => rows.whereNot({ state: 'scheduled' }).where('scheduled_at', '<', contentCutoff),
      batch(PURGE_BATCH_SIZE),
    ),
    // Expired keys already behave as absent; this only keeps the table from growing.
    idempotencyKeys: await purgeExpiredIdempotencyKeys(db, input.now),
    // Sign-in state past its expiry: unusable already.
    sessions: await purgeExpiredSessions(db, input.now),
    userTokens: await purgeExpiredUserTokens(db, input.now),
    domainClaims: await purgeExpiredDomainClaims(db, input.now),
  };
}

/**
 * Shared messages past their account's content retention. A scheduled one still waiting keeps its
 * content until it goes: its age counts from its scheduled time (as purgeStagedMessagesBefore).
 */
function purgeSharedContent(db: Db, now: Date, defaultDays: number, batchSize: number): Promise<number> {
  const staged = {
    table: 'staged_messages',
    key: 'message_id',
    at: 'created_at',
    kind: 'content',
    also: `t.mode = 'shared' AND NOT EXISTS (SELECT 1 FROM scheduled_sends s WHERE s.message_id = t.message_id AND s.scheduled_at >= r.cutoff)`,
  } as const;
  return deleteSelectedInBatches(
    db,
    'staged_messages',
    'message_id',
    (limit) => expiredRows(db, staged, now, defaultDays, limit),
    batchSize,
  );
}
