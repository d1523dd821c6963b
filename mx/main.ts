// The MX listener process: `tsx mx/main.ts` (docs/inbound.md, "Settings of the MX listener").
// Takes mail for the inbound domains on MX_HOST:MX_PORT (25; STARTTLS when MX_TLS_CERT_FILE and
// MX_TLS_KEY_FILE are set), with /healthz, /readyz and /metrics on MX_HEALTH_HOST:MX_HEALTH_PORT.
// SIGTERM or SIGINT: no new transaction, the ones in progress finish (up to SHUTDOWN_TIMEOUT_MS),
// then the process exits.
import { tracing } from './tracing'; // first: traces patch the modules below as they load
import fs from 'node:fs';
import { ConfigError, loadConfig, type Config } from '../core/platform/config';
import { runMain, stopOnSignals } from '../core/platform/stopOnSignals';
import { createDb } from '../core/platform/db';
import { startHealthServer } from '../core/platform/healthServer';
import { armKillPoints } from '../core/platform/killPoints';
import { createLogger } from '../core/platform/logger';
import { createMxMetrics } from '../core/platform/metrics';
import { checkServingReadiness } from '../core/platform/readiness';
import { createRedis } from '../core/platform/redis';
import { lazyTemporalClient } from '../core/platform/temporal';
import { inboundWorkflows } from '../workflows/client';
import { createMxListener } from './listener';
import { logTracing } from '../core/platform/tracing';

/** The certificate and key, both or neither, read at start so a wrong path fails at once. */
function readTls(config: Config): { cert: Buffer; key: Buffer } | undefined {
  const { tlsCertFile, tlsKeyFile } = config.mx;
  if (!tlsCertFile && !tlsKeyFile) return undefined;
  if (!tlsCertFile || !tlsKeyFile)
    throw new ConfigError('MX_TLS_CERT_FILE and MX_TLS_KEY_FILE go together (PEM files; neither: no STARTTLS)');
  const read = (name: string, file: string) => {
    try {
      return fs.readFileSync(file);
    } catch (err) {
      throw new ConfigError(`${name} is not a readable file: ${(err as Error).message}`);
    }
  };
  return { cert: read('MX_TLS_CERT_FILE', tlsCertFile), key: read('MX_TLS_KEY_FILE', tlsKeyFile) };
}

async function main(): Promise<void> {
  const config = loadConfig('mx');
  armKillPoints(); // test-only; refused in production
  const tls = readTls(config);
  const logger = createLogger(config.logLevel, 'mx');
  logTracing(tracing, config, logger);
  const db = createDb(config.databaseUrl, { max: config.db.poolMax, timeouts: config.db });
  const redis = createRedis(config);
  const temporal = lazyTemporalClient(config);
  const metrics = createMxMetrics();
  const listener = createMxListener({
    config,
    db,
    redis,
    workflows: inboundWorkflows(temporal, config.temporal.taskQueue),
    logger,
    metrics,
    ...(tls ? { tls } : {}),
  });
  const port = await listener.listen();
  const health = await startHealthServer({
    host: config.mx.healthHost,
    port: config.mx.healthPort,
    register: metrics.register,
    processName: 'mx',
    readiness: () => checkServingReadiness({ db, redis, temporal }, logger),
  });
  logger.info(
    { port, starttls: tls !== undefined, health: `${config.mx.healthHost}:${health.port}` },
    'MX listener listening',
  );

  stopOnSignals({
    name: 'MX listener',
    inFlight: 'transactions in progress',
    logger,
    exitAfterMs: config.ops.shutdownTimeoutMs + 2_000, // listener.stop gives them SHUTDOWN_TIMEOUT_MS
    drain: () => listener.stop(config.ops.shutdownTimeoutMs),
    close: () => [health.close(), db.destroy(), redis.quit(), temporal.connection.close()],
    tracing,
  });
}

runMain(main);
