// Retention rules (docs/sending.md, "Attachments" and "The email log"): shared content is kept 90
// days, email-log rows 14 days, BYOC content never (deleted by its workflow; the purge only sweeps
// what an interrupted workflow could have left). Run by the purge workflows on Temporal Schedules
// (worker/schedules.ts), with received messages, kept as long as shared content
// (core/inbound/inboundMessages.ts, purgeReceivedBefore; activities/purge.ts).
import type { ContentPurge } from '../model/workflowContract';
import type { Db } from '../platform/db';
import { deleteInBatches, PURGE_BATCH_SIZE } from '../platform/batchedDelete';
import { purgeLogRowsBefore } from './emailLog';
import { purgeExpiredIdempotencyKeys } from './idempotency';
import { purgeStagedMessagesBefore, STAGED_PURGE_BATCH_SIZE } from './staging';
import { purgeExpiredSessions } from '../accounts/users';
import { purgeExpiredUserTokens } from '../accounts/userTokens';
import { purgeExpiredDomainClaims } from '../domains/domainClaims';
import { purgeExpiredExports } from '../privacy/addressExports';

const DAY_MS = 86_400_000;
/** A BYOC message still staged after this long belongs to a workflow that was stopped by hand. */
export const BYOC_LEFTOVER_HOURS = 24;

export function cutoffBefore(now: Date, days: number): Date {
  return new Date(now.getTime() - days * DAY_MS);
}

export async function purgeEmailLog(db: Db, input: { now: Date; retentionDays: number }): Promise<{ deleted: number }> {
  return { deleted: await purgeLogRowsBefore(db, cutoffBefore(input.now, input.retentionDays)) };
}

/** Every table is purged in batches (`batchSize` rows a statement; tests make it small). */
export async function purgeExpiredContent(
  db: Db,
  input: { now: Date; contentDays: number; batchSize?: number },
): Promise<Omit<ContentPurge, 'inboundMessages'>> {
  const contentCutoff = cutoffBefore(input.now, input.contentDays);
  const batch = (defaultSize: number) => input.batchSize ?? defaultSize;
  return {
    sharedContent: await purgeStagedMessagesBefore(db, 'shared', contentCutoff, batch(STAGED_PURGE_BATCH_SIZE)),
    byocLeftovers: await purgeStagedMessagesBefore(
      db,
      'byoc',
      new Date(input.now.getTime() - BYOC_LEFTOVER_HOURS * 3_600_000),
      batch(STAGED_PURGE_BATCH_SIZE),
    ),
    // The SES id map and reputation samples hold no content, but have no use past the content.
    providerMessages: await deleteInBatches(
      db,
      'provider_messages',
      'provider_message_id',
      (rows) => rows.where('created_at', '<', contentCutoff),
      batch(PURGE_BATCH_SIZE),
    ),
    sendSamples: await deleteInBatches(
      db,
      'send_outcomes',
      'message_id',
      (rows) => rows.where('sent_at', '<', contentCutoff),
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
    // Address exports are kept a week whatever the content's retention.
    privacyExports: await purgeExpiredExports(db, input.now),
  };
}
