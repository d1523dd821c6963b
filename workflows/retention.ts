// Retention workflows, started by Temporal Schedules (worker/schedules.ts). "Now" is the
// workflow's clock, so a run on the time-skipping test server purges as of its skipped time.
import type { ContentPurge } from '../core/model/workflowContract';
import { retention } from './activityProxies';

export async function emailLogRetention(input: { retentionDays: number }): Promise<{ deleted: number }> {
  return retention.purgeEmailLog({ now: new Date().toISOString(), retentionDays: input.retentionDays });
}

export async function contentRetention(input: { contentDays: number }): Promise<ContentPurge> {
  return retention.purgeExpiredContent({ now: new Date().toISOString(), contentDays: input.contentDays });
}
