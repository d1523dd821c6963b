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
  finishErasure as finish,
  recordErased,
  type ErasureKind,
  type ErasureStatus,
} from '../core/privacy/erasures';
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

export function cancelScheduledSends(deps: ResolvedActivityDeps) {
  const run = step(deps, 'scheduled_sends', (subject) =>
    cancelScheduledSendsTo(deps.db, deps.config.secretKey, subject),
  );
  return async function cancelScheduledSends(input: ErasureStep) {
    return run(input);
  };
}

export function eraseWebhookDeliveryRecords(deps: ResolvedActivityDeps) {
  const run = step(deps, 'webhook_deliveries', (subject) => eraseWebhookDeliveries(deps.db, subject));
  return async function eraseWebhookDeliveries(input: ErasureStep) {
    return run(input);
  };
}

export function eraseEngagementEvents(deps: ResolvedActivityDeps) {
  const run = step(deps, 'engagement_events', (subject) => eraseEngagement(deps.db, subject));
  return async function eraseEngagement(input: ErasureStep) {
    return run(input);
  };
}

export function eraseLogRowsOf(deps: ResolvedActivityDeps) {
  const run = step(deps, 'log_rows', (subject) => eraseLogRows(deps.db, subject));
  return async function eraseLogRows(input: ErasureStep) {
    return run(input);
  };
}

export function eraseReceivedMessages(deps: ResolvedActivityDeps) {
  const run = step(deps, 'received_messages', (subject) => eraseReceivedMail(deps.db, subject));
  return async function eraseReceivedMail(input: ErasureStep) {
    return run(input);
  };
}

export function eraseAuditEntries(deps: ResolvedActivityDeps) {
  const run = step(deps, 'audit_entries', (subject) => eraseAuditMentions(deps.db, subject));
  return async function eraseAuditMentions(input: ErasureStep) {
    return run(input);
  };
}

/** The account's live events stream (core/webhooks/liveEvents.ts): the only Redis data that can name a recipient. */
export function eraseRedisTraces(deps: ResolvedActivityDeps) {
  const run = step(deps, 'live_events', (subject) =>
    deps.redis
      ? dropLiveEventsNaming(deps.redis, deps.config.redis.keyPrefix, subject.accountId, subject.address)
      : Promise.resolve(0),
  );
  return async function eraseRedisTraces(input: ErasureStep) {
    return run(input);
  };
}

export function hashSuppression(deps: ResolvedActivityDeps) {
  const run = step(deps, 'suppressions', (subject) => hashSuppressions(deps.db, deps.config.secretKey, subject));
  return async function hashSuppression(input: ErasureStep) {
    return run(input);
  };
}

/** Marks the erasure ended and wipes its sealed address. */
export function finishErasure(deps: ResolvedActivityDeps) {
  return async function finishErasure(input: ErasureStep & { status: Exclude<ErasureStatus, 'running'> }) {
    await finish(deps.db, input.erasureId, input.status);
  };
}
