// The SMTP relay for tests: a local self-signed certificate (selfsigned, as `npm run dev` makes),
// the relay in this process against a service stack, or as its own process (`tsx smtp/main.ts`)
// for the tests that kill it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generate } from 'selfsigned';
import { createSmtpMetrics } from '../../core/platform/metrics';
import { createLogger } from '../../core/platform/logger';
import { freePort, startProcess, waitFor, type ManagedProcess } from '../../tools/stack/processes';
import { createRelay, type Relay } from '../../smtp/relay';
import { messageWorkflows } from '../../workflows/client';
import { testConfig } from './config';
import { testInfra } from './env';
import type { ServiceStack } from './serviceStack';

const ROOT = path.resolve(__dirname, '..', '..');

export interface TlsFiles {
  certFile: string;
  keyFile: string;
  /** The certificate, PEM: clients trust it as their CA. */
  cert: string;
}

export async function makeTlsFiles(): Promise<TlsFiles> {
  const pems = await generate([{ name: 'commonName', value: 'localhost' }], {
    keySize: 2048,
    notAfterDate: new Date(Date.now() + 86_400_000),
    extensions: [
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'localhost' },
          { type: 7, ip: '127.0.0.1' },
        ],
      },
    ],
  });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'postage-smtp-tls-'));
  const certFile = path.join(dir, 'cert.pem');
  const keyFile = path.join(dir, 'key.pem');
  fs.writeFileSync(certFile, pems.cert);
  fs.writeFileSync(keyFile, pems.private);
  return { certFile, keyFile, cert: pems.cert };
}

export interface RunningRelay {
  port: number;
  smtpsPort: number;
  relay: Relay;
  metrics: ReturnType<typeof createSmtpMetrics>;
  stop(): Promise<void>;
}

/** The relay in this process, on the stack's stores and task queue, on free ports. */
export async function startRelay(
  stack: ServiceStack,
  tls: TlsFiles,
  env: Record<string, string> = {},
): Promise<RunningRelay> {
  const config = {
    ...stack.config,
    smtp: testConfig({ SMTP_HOST: '127.0.0.1', SMTP_PORT: '0', SMTPS_PORT: '0', ...env }).smtp,
  };
  const metrics = createSmtpMetrics();
  const relay = createRelay({
    config,
    db: stack.db,
    redis: stack.redis,
    workflows: messageWorkflows(stack.temporal, config.temporal.taskQueue),
    logger: createLogger(config.logLevel, 'smtp'),
    metrics,
    tls: { cert: fs.readFileSync(tls.certFile), key: fs.readFileSync(tls.keyFile) },
  });
  const ports = await relay.listen();
  return { ...ports, relay, metrics, stop: () => relay.stop(1_000) };
}

/** The relay as its own process with `env` (a stack's testEnv), waited for on its /healthz. */
export async function startRelayProcess(
  env: Record<string, string>,
  tls: TlsFiles,
): Promise<{ port: number; smtpsPort: number; healthPort: number; process: ManagedProcess }> {
  const [port, smtpsPort, healthPort] = [await freePort(), await freePort(), await freePort()];
  const proc = startProcess('smtp', process.execPath, ['--import', 'tsx', path.join(ROOT, 'smtp', 'main.ts')], {
    logFile: path.join(testInfra().runDir, 'logs', `smtp-${port}.log`),
    env: {
      ...process.env,
      LOG_LEVEL: 'warn',
      ...env,
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(port),
      SMTPS_PORT: String(smtpsPort),
      SMTP_HEALTH_PORT: String(healthPort),
      SMTP_TLS_CERT_FILE: tls.certFile,
      SMTP_TLS_KEY_FILE: tls.keyFile,
    },
    cwd: ROOT,
  });
  await waitFor(
    'the SMTP relay process',
    async () => (await fetch(`http://127.0.0.1:${healthPort}/healthz`)).ok,
    60_000,
    proc,
  );
  return { port, smtpsPort, healthPort, process: proc };
}
