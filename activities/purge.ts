import { purgeReceivedBefore } from '../core/inbound/inboundMessages';
import {
  cutoffBefore,
  purgeEmailLog as purgeLog,
  purgeExpiredContent as purgeContent,
} from '../core/sending/retention';
import type { ContentPurge } from '../core/model/workflowContract';
import type { ResolvedActivityDeps } from './deps';

/** Deletes email-log rows older than the retention (docs/sending.md, "The email log": 14 days), as of `now`. */
export function purgeEmailLog(deps: ResolvedActivityDeps) {
  return async function purgeEmailLog(input: { now: string; retentionDays: number }): Promise<{ deleted: number }> {
    return purgeLog(deps.db, { now: new Date(input.now), retentionDays: input.retentionDays });
  };
}

/**
 * Deletes shared content older than its retention (docs/sending.md, "Attachments": 90 days), BYOC
 * leftovers, and received messages as old (docs/inbound.md, "Retention").
 */
export function purgeExpiredContent(deps: ResolvedActivityDeps) {
  return async function purgeExpiredContent(input: { now: string; contentDays: number }): Promise<ContentPurge> {
    const now = new Date(input.now);
    return {
      ...(await purgeContent(deps.db, { now, contentDays: input.contentDays })),
      inboundMessages: await purgeReceivedBefore(deps.db, cutoffBefore(now, input.contentDays)),
    };
  };
}
