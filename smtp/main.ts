// The SMTP relay process: `tsx smtp/main.ts`. Submission (SMTP_PORT, 587, STARTTLS required before
// AUTH) and implicit TLS (SMTPS_PORT, 465), with /healthz, /readyz and /metrics on
// SMTP_HEALTH_HOST:SMTP_HEALTH_PORT. SIGTERM or SIGINT: no new transaction, the ones in progress
// finish (up to SHUTDOWN_TIMEOUT_MS), then the process exits.
import { tracing } from './tracing'; // first: traces patch the modules below as they load
import fs from 'node:fs';
import { ConfigError, loadConfig, type Config } from '../core/platform/config';
import { runMain, stopOnSignals } from '../core/platform/stopOnSignals';
import { createDb } from '../core/platform/db';
import { startHealthServer } from '../core/platform/healthServer';
import { armKillPoints } from '../core/platform/killPoints';
import { createLogger } from '../core/platform/logger';
import { createSmtpMetrics } from '../core/platform/metrics';
import { checkServingReadiness } from '../core/platform/readiness';
import { createRedis } from '../core/platform/redis';
import { lazyTemporalClient } from '../core/platform/temporal';
import { messageWorkflows } from '../workflows/client';
import { createRelay } from './relay';
import { logTracing } from '../core/platform/tracing';

/** The certificate and key are read at start, so a wrong path fails at once. */
function readTls(config: Config): { cert: Buffer; key: Buffer } {
  const { tlsCertFile, tlsKeyFile } = config.smtp;
  if (!tlsCertFile || !tlsKeyFile)
    throw new ConfigError(
      'the SMTP relay needs SMTP_TLS_CERT_FILE and SMTP_TLS_KEY_FILE (PEM files; `npm run dev` makes a local pair)',
    );
  const read = (name: string, file: string) => {
    try {
      return fs.readFileSync(file);
    } catch (err) {
      throw new ConfigError(`${name} is not a readable file: ${(err as Error).message}`);
    }
  };
  return { cert: read('SMTP_TLS_CERT_FILE', tlsCertFile), key: read('SMTP_TLS_KEY_FILE', tlsKeyFile) };
}

async function main(): Promise<void> {
  const config = loadConfig('smtp');
  armKillPoints(); // test-only; refused in production
  const tls = readTls(config);
  const logger = createLogger(config.logLevel, 'smtp');
  logTracing(tracing, config, logger);
  const db = createDb(config.databaseUrl, { max: config.db.poolMax, timeouts: config.db });
  const redis = createRedis(config);
  const temporal = lazyTemporalClient(config);
  const metrics = createSmtpMetrics();
  const relay = createRelay({
    config,
    db,
    redis,
    workflows: messageWorkflows(temporal, config.temporal.taskQueue),
    logger,
    metrics,
    tls,
  });
  const ports = await relay.listen();
  const health = await startHealthServer({
    host: config.smtp.healthHost,
    port: config.smtp.healthPort,
    register: metrics.register,
    processName: 'smtp',
    readiness: () => checkServingReadiness({ db, redis, temporal }, logger),
  });
  logger.info(
    { submission: ports.port, implicitTls: ports.smtpsPort, health: `${config.smtp.healthHost}:${health.port}` },
    'SMTP relay listening',
  );

  stopOnSignals({
    name: 'SMTP relay',
    inFlight: 'transactions in progress',
    logger,
    exitAfterMs: config.ops.shutdownTimeoutMs + 2_000, // relay.stop gives them SHUTDOWN_TIMEOUT_MS
    drain: () => relay.stop(config.ops.shutdownTimeoutMs),
    close: () => [health.close(), db.destroy(), redis.quit(), temporal.connection.close()],
    tracing,
  });
}

runMain(main);
