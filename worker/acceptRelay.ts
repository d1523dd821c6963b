// The outbox relay (core/sending/acceptOutbox.ts), in the worker process: every few seconds it
// starts accepted messages whose start was never confirmed, and received messages whose receive
// workflow never started (core/inbound/inboundRelay.ts). Several workers share it safely.
import type { Logger } from 'pino';
import { relayUnstartedReceived } from '../core/inbound/inboundRelay';
import type { InboundWorkflows } from '../core/model/inbound';
import { relayStaleAcceptances } from '../core/sending/acceptOutbox';
import type { MessageWorkflows } from '../core/model/workflowContract';
import type { Db } from '../core/platform/db';
import type { WorkerMetrics } from '../core/platform/metrics';

const INTERVAL_MS = 5_000;

export function startAcceptRelay(deps: {
  db: Db;
  workflows: MessageWorkflows;
  /** Starts `receive-<id>` for received messages left unstarted (the worker always passes it). */
  inbound?: InboundWorkflows;
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
    if (!deps.inbound) return;
    try {
      const started = await relayUnstartedReceived(deps.db, deps.inbound, {
        olderThanSeconds: deps.olderThanSeconds,
        limit: 50,
        startTimeoutMs: deps.startTimeoutMs,
      });
      if (started > 0) {
        deps.metrics.relayedReceived.inc(started);
        deps.logger.warn({ started }, 'relay started received messages whose receive workflow never started');
      }
    } catch (err) {
      deps.logger.warn({ err }, 'received-message relay round failed; the next one retries');
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
