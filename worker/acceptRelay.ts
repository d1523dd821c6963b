// The outbox relay (core/sending/acceptOutbox.ts), in the worker process: every few seconds it
// starts accepted messages whose start was never confirmed. Several workers share it safely.
import type { Logger } from 'pino';
import { relayStaleAcceptances } from '../core/sending/acceptOutbox';
import type { MessageWorkflows } from '../core/model/workflowContract';
import type { Db } from '../core/platform/db';
import type { WorkerMetrics } from '../core/platform/metrics';

const INTERVAL_MS = 5_000;

export function startAcceptRelay(deps: {
  db: Db;
  workflows: MessageWorkflows;
  logger: Logger;
  metrics: WorkerMetrics;
  olderThanSeconds: number;
  startTimeoutMs: number;
}): { stop(): Promise<void> } {
  let running: Promise<void> = Promise.resolve();
  const round = async () => {
    try {
      const started = await relayStaleAcceptances(deps.db, deps.workflows, {
        olderThanSeconds: deps.olderThanSeconds,
        limit: 50,
        startTimeoutMs: deps.startTimeoutMs,
      });
      if (started > 0) {
        deps.metrics.relayedAcceptances.inc(started);
        deps.logger.warn({ started }, 'outbox relay started accepted messages whose start was never confirmed');
      }
    } catch (err) {
      deps.logger.warn({ err }, 'outbox relay round failed; the next one retries');
    }
  };
  const timer = setInterval(() => {
    running = running.then(round);
  }, INTERVAL_MS);
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
