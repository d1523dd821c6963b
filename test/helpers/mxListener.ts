// The MX listener for tests: its own process (`tsx mx/main.ts`) on the stack's database, Redis and
// task queue, on free ports, waited for on its /healthz. With `tls`, STARTTLS is offered (the
// relay's test certificate: makeTlsFiles in ./smtpRelay).
import path from 'node:path';
import { freePort, startProcess, waitFor, type ManagedProcess } from '../../tools/stack/processes';
import { testEnv } from './config';
import { testInfra } from './env';
import type { ServiceStack } from './serviceStack';
import type { TlsFiles } from './smtpRelay';

const ROOT = path.resolve(__dirname, '..', '..');

export interface MxProcess {
  port: number;
  healthPort: number;
  process: ManagedProcess;
  /** The listener's /metrics text. */
  metrics(): Promise<string>;
}

/** The environment of a service process on `stack` (its database, Redis prefix, task queue). */
export function stackEnv(stack: ServiceStack, extra: Record<string, string> = {}): Record<string, string> {
  return testEnv({
    DATABASE_URL: stack.database.url,
    TEMPORAL_TASK_QUEUE: stack.config.temporal.taskQueue,
    REDIS_KEY_PREFIX: stack.config.redis.keyPrefix,
    POSTAGE_SECRET_KEY: stack.config.secretKey,
    ...extra,
  });
}

export async function startMxProcess(
  stack: ServiceStack,
  opts: { env?: Record<string, string>; tls?: TlsFiles } = {},
): Promise<MxProcess> {
  const [port, healthPort] = [await freePort(), await freePort()];
  const proc = startProcess('mx', process.execPath, ['--import', 'tsx', path.join(ROOT, 'mx', 'main.ts')], {
    logFile: path.join(testInfra().runDir, 'logs', `mx-${port}.log`),
    env: {
      ...process.env,
      ...stackEnv(stack),
      // Its log is read by tests (nothing of a message may be in it).
      LOG_LEVEL: 'info',
      ...opts.env,
      MX_HOST: '127.0.0.1',
      MX_PORT: String(port),
      MX_HEALTH_PORT: String(healthPort),
      ...(opts.tls ? { MX_TLS_CERT_FILE: opts.tls.certFile, MX_TLS_KEY_FILE: opts.tls.keyFile } : {}),
    },
    cwd: ROOT,
  });
  await waitFor(
    'the MX listener process',
    async () => (await fetch(`http://127.0.0.1:${healthPort}/healthz`)).ok,
    60_000,
    proc,
  );
  return {
    port,
    healthPort,
    process: proc,
    metrics: async () => (await fetch(`http://127.0.0.1:${healthPort}/metrics`)).text(),
  };
}
