// Temporal Schedules for the retention workflows, created at worker start. Idempotent: a
// schedule that exists is updated to the current definition (retention settings may change).
import {
  ScheduleAlreadyRunning,
  ScheduleOverlapPolicy,
  type Client,
  type ScheduleOptionsStartWorkflowAction,
  type ScheduleSpec,
} from '@temporalio/client';
import type { Workflow } from '@temporalio/common';
import type { Logger } from 'pino';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Config } from '../core/platform/config';

export interface RetentionSchedule {
  scheduleId: string;
  spec: ScheduleSpec;
  action: ScheduleOptionsStartWorkflowAction<Workflow>;
}

/** Ids carry the task queue, so two deployments sharing a namespace keep their own schedules. */
export function retentionSchedules(config: Config): RetentionSchedule[] {
  const taskQueue = config.temporal.taskQueue;
  return [
    {
      // Hourly, so no row outlives its account's retention by more than an hour.
      scheduleId: `${taskQueue}-email-log-retention`,
      spec: { intervals: [{ every: '1h' }] },
      action: {
        type: 'startWorkflow',
        workflowType: 'emailLogRetention',
        args: [{ retentionDays: config.retention.emailLogDays }],
        taskQueue,
        workflowId: `${taskQueue}-email-log-retention`,
      },
    },
    {
      scheduleId: `${taskQueue}-content-retention`,
      spec: { intervals: [{ every: '1h', offset: '30m' }] },
      action: {
        type: 'startWorkflow',
        workflowType: 'contentRetention',
        args: [{ contentDays: config.retention.contentDays }],
        taskQueue,
        workflowId: `${taskQueue}-content-retention`,
      },
    },
  ];
}

const POLICIES = { overlap: ScheduleOverlapPolicy.SKIP, catchupWindow: '1 day' } as const;

export async function ensureRetentionSchedules(client: Client, config: Config): Promise<string[]> {
  const ids: string[] = [];
  for (const schedule of retentionSchedules(config)) {
    try {
      await client.schedule.create({ ...schedule, policies: POLICIES });
    } catch (err) {
      if (!(err instanceof ScheduleAlreadyRunning)) throw err;
      await client.schedule
        .getHandle(schedule.scheduleId)
        .update((previous) => ({ ...previous, spec: schedule.spec, action: schedule.action, policies: POLICIES }));
    }
    ids.push(schedule.scheduleId);
  }
  return ids;
}

/**
 * The schedules in the background, tried again (1 s doubling to 30 s) until they are in place:
 * a Temporal server that is restarting or slow at this worker's start must not keep the worker
 * from taking tasks (the fault suite restarts both). Stops trying when `signal` aborts.
 */
export async function keepEnsuringRetentionSchedules(
  client: Client,
  config: Config,
  logger: Logger,
  signal: AbortSignal,
): Promise<void> {
  for (let pause = 1000; !signal.aborted; pause = Math.min(pause * 2, 30_000)) {
    try {
      const schedules = await ensureRetentionSchedules(client, config);
      logger.info({ schedules }, 'retention schedules in place');
      return;
    } catch (err) {
      logger.warn({ err, retryInMs: pause }, 'retention schedules not in place yet');
      await sleep(pause, undefined, { signal }).catch(() => undefined);
    }
  }
}
