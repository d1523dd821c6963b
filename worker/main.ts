// The worker process: `tsx worker/main.ts`. SIGTERM or SIGINT stops polling, lets running
// activities finish (up to SHUTDOWN_TIMEOUT_MS) and exits.
import { tracing } from './tracing'; // first: traces patch the modules below as they load
import { NativeConnection, Runtime } from '@temporalio/worker';
import { sharedSesClient, stsClient } from '../core/platform/awsClients';
import { ByocCredentialCache } from '../core/byoc/byocRole';
import { loadConfig } from '../core/platform/config';
import { runMain } from '../core/platform/stopOnSignals';
import { createDb } from '../core/platform/db';
import { createLogger } from '../core/platform/logger';
import { createWorkerMetrics, watchSesPace, watchSystemReputation } from '../core/platform/metrics';
import { createRedis } from '../core/platform/redis';
import { sesPacerFor } from '../core/sending/sesPacing';
import { sesPace } from '../core/sending/sendingQueue';
import { systemAccountReputation } from '../core/sending/systemEmail';
import { checkReadiness, checks } from '../core/platform/readiness';
import { connectTemporalClient, temporalConnectionOptions } from '../core/platform/temporal';
import { createWorker } from './createWorker';
import { killPointInterceptors } from './killPointInterceptor';
import { armKillPoints } from '../core/platform/killPoints';
import { startHealthServer } from '../core/platform/healthServer';
import { keepEnsuringRetentionSchedules } from './schedules';
import { startAcceptRelay } from './acceptRelay';
import { inboundWorkflows, messageWorkflows } from '../workflows/client';
import { logTracing } from '../core/platform/tracing';
import { bundleHasTracing } from './workflowTracing';

/**
 * Temporal may be unreachable when the worker starts (restarting, a partition, a silent
 * connection): keep trying, every few seconds, instead of exiting, as the API keeps serving; the
 * health server answers only once the worker polls, so readiness says so meanwhile.
 */
async function untilConnected<T>(
  what: string,
  connect: () => Promise<T>,
  logger: ReturnType<typeof createLogger>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await connect();
    } catch (err) {
      logger.warn({ err, attempt }, `${what} unreachable at start: trying again`);
      await new Promise((r) => setTimeout(r, Math.min(5000, 500 * attempt)));
    }
  }
}

async function main(): Promise<void> {
  const config = loadConfig('worker');
  const killPointsArmed = armKillPoints();
  const logger = createLogger(config.logLevel, 'worker');
  logTracing(tracing, config, logger);
  const bundlePath = config.temporal.workflowBundlePath;
  if (tracing.enabled && bundlePath && !bundleHasTracing(bundlePath))
    logger.warn(
      { workflowBundlePath: bundlePath },
      'traces are on, but WORKFLOW_BUNDLE_PATH names a bundle built without the tracing interceptors: no workflow spans, and activities start traces of their own (build it with worker/workflowTracingInterceptors as a workflow interceptor module, or unset it; docs/operations.md, "Traces")',
    );
  // The SDK's own metrics (task slots, poll latencies, activity and workflow counts) for Prometheus.
  // Installed before any connection: the runtime is created once per process.
  if (config.ops.workerSdkMetricsAddress)
    Runtime.install({
      telemetryOptions: { metrics: { prometheus: { bindAddress: config.ops.workerSdkMetricsAddress } } },
    });
  const db = createDb(config.databaseUrl, { timeouts: config.db });
  const client = await untilConnected('Temporal', () => connectTemporalClient(config), logger);
  const stopping = new AbortController();
  const schedules = keepEnsuringRetentionSchedules(client, config, logger, stopping.signal);
  const connection = await untilConnected(
    'Temporal (worker connection)',
    () => NativeConnection.connect(temporalConnectionOptions(config)),
    logger,
  );
  const metrics = createWorkerMetrics();
  watchSystemReputation(metrics.register, () => systemAccountReputation(db, config));
  const redis = createRedis(config);
  const pacer = sesPacerFor(redis, config);
  watchSesPace(metrics.register, () => sesPace(pacer, 'shared'));
  const worker = await createWorker({
    connection,
    namespace: config.temporal.namespace,
    taskQueue: config.temporal.taskQueue,
    ...(config.temporal.workflowBundlePath ? { workflowBundlePath: config.temporal.workflowBundlePath } : {}),
    stackTraces: config.ops.workflowStackTraces,
    // BYOC sessions live in this process only (never in a database, a queue or history).
    deps: {
      config,
      db,
      sharedSes: sharedSesClient(config),
      logger,
      sts: stsClient(config),
      byocCredentials: new ByocCredentialCache(),
      metrics,
      pacer,
      redis,
    },
    tracing,
    extra: {
      shutdownGraceTime: config.ops.shutdownTimeoutMs,
      ...(killPointsArmed ? { interceptors: killPointInterceptors } : {}),
    },
  });
  const health = await startHealthServer({
    host: config.ops.workerHealthHost,
    port: config.ops.workerHealthPort,
    register: metrics.register,
    readiness: () =>
      checkReadiness(
        {
          postgres: checks.postgres(db),
          temporal: checks.temporal(client),
          polling: async () => {
            if (worker.getState() !== 'RUNNING') throw new Error(`the worker is ${worker.getState()}`);
          },
        },
        logger,
      ),
  });
  const relay = startAcceptRelay({
    db,
    workflows: messageWorkflows(client, config.temporal.taskQueue),
    inbound: inboundWorkflows(client, config.temporal.taskQueue),
    logger,
    metrics,
    olderThanSeconds: config.temporal.relayAfterSeconds,
    startTimeoutMs: config.temporal.startTimeoutMs,
  });
  logger.info(
    { taskQueue: config.temporal.taskQueue, health: `${config.ops.workerHealthHost}:${health.port}` },
    'worker started',
  );
  await worker.run(); // resolves after SIGINT/SIGTERM once in-flight tasks finish
  stopping.abort();
  await Promise.all([relay.stop(), schedules]);
  logger.info('worker stopped');
  await health.close();
  await connection.close();
  await client.connection.close();
  await db.destroy();
  redis.disconnect();
  await tracing.shutdown(); // the spans of the last activities and workflow tasks
}

runMain(main);
