// The `eraseAddress` workflow's activities (docs/privacy.md, "Erasing an address"): each removes
// one kind of record, in batches, and records its count on the erasure. Their input and result are
// the erasure's id and a count: the address is read from the erasure row, sealed, and never
// travels through Temporal.
import {
  cancelScheduledSendsTo,
  eraseAuditMentions,
  eraseEngagement,
  eraseLogRows,
  eraseReceivedMail,
  eraseWebhookDeliveries,
  hashSuppressions,
  type Subject,
} from '../core/privacy/eraseAddress';
import {
  erasureSubject,
  finishErasure,
  recordErased,
  type ErasureKind,
  type ErasureStatus,
} from '../core/privacy/erasures';
import { deleteExportsOf } from '../core/privacy/addressExports';
import { dropLiveEventsNaming } from '../core/webhooks/liveEvents';
import type { ResolvedActivityDeps } from './deps';
import { whileBeating } from './heartbeat';

export interface ErasureStep {
  erasureId: string;
}

/** One step: reads the subject, removes one kind, records and returns the count (0 once the erasure ended). */
function step(deps: ResolvedActivityDeps, kind: ErasureKind, erase: (subject: Subject) => Promise<number>) {
  return async ({ erasureId }: ErasureStep): Promise<{ removed: number }> => {
    const subject = await erasureSubject(deps.db, deps.config.secretKey, erasureId);
    if (!subject) return { removed: 0 };
    const removed = await whileBeating(() => erase(subject));
    await recordErased(deps.db, erasureId, kind, removed);
    return { removed };
  };
}

export function erasureActivities(deps: ResolvedActivityDeps) {
  const { db, config } = deps;
  return {
    hashSuppression: step(deps, 'suppressions', (subject) => hashSuppressions(db, config.secretKey, subject)),
    cancelScheduledSends: step(deps, 'scheduled_sends', (subject) =>
      cancelScheduledSendsTo(db, config.secretKey, subject),
    ),
    eraseWebhookDeliveries: step(deps, 'webhook_deliveries', (subject) => eraseWebhookDeliveries(db, subject)),
    eraseEngagement: step(deps, 'engagement_events', (subject) => eraseEngagement(db, subject)),
    eraseLogRows: step(deps, 'log_rows', (subject) => eraseLogRows(db, subject)),
    eraseReceivedMail: step(deps, 'received_messages', (subject) => eraseReceivedMail(db, subject)),
    eraseAuditMentions: step(deps, 'audit_entries', (subject) => eraseAuditMentions(db, subject)),
    // The account's exports of the address: each a copy of everything kept about the person.
    eraseExports: step(deps, 'exports', (subject) =>
      deleteExportsOf(db, config.secretKey, subject.accountId, subject.address),
    ),
    // The account's live events stream (core/webhooks/liveEvents.ts): the only Redis data that can name a recipient.
    eraseRedisTraces: step(deps, 'live_events', (subject) =>
      deps.redis
        ? dropLiveEventsNaming(deps.redis, config.redis.keyPrefix, subject.accountId, subject.address)
        : Promise.resolve(0),
    ),
    /** Marks the erasure ended and wipes its sealed address. */
    finishErasure: async (input: ErasureStep & { status: Exclude<ErasureStatus, 'running'> }): Promise<void> =>
      finishErasure(db, input.erasureId, input.status),
  };
}
