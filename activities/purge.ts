import { purgeExpiredReceived } from '../core/inbound/inboundMessages';
import { purgeExpiredExports } from '../core/privacy/addressExports';
import { purgeEmailLog as purgeLog, purgeExpiredContent as purgeContent } from '../core/sending/retention';
import type { ContentPurge } from '../core/model/workflowContract';
import type { ResolvedActivityDeps } from './deps';

/** Deletes email-log rows older than their account's retention (docs/privacy.md, "How long data is kept"; `retentionDays`: the default), as of `now`. */
export function purgeEmailLog(deps: ResolvedActivityDeps) {
  return async function purgeEmailLog(input: { now: string; retentionDays: number }): Promise<{ deleted: number }> {
    return purgeLog(deps.db, { now: new Date(input.now), retentionDays: input.retentionDays });
  };
}

/**
 * Deletes shared content and received messages older than their account's retention (`contentDays`:
 * the default of both; docs/privacy.md, "How long data is kept"), and BYOC leftovers.
 */
export function purgeExpiredContent(deps: ResolvedActivityDeps) {
  return async function purgeExpiredContent(input: { now: string; contentDays: number }): Promise<ContentPurge> {
    const now = new Date(input.now);
    return {
      ...(await purgeContent(deps.db, { now, contentDays: input.contentDays })),
      inboundMessages: await purgeExpiredReceived(deps.db, { now, defaultDays: input.contentDays }),
      // Address exports are kept a week whatever the content's retention.
      privacyExports: await purgeExpiredExports(deps.db, now),
    };
  };
}
