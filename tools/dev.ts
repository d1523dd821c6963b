// `npm run dev`: the whole service on this machine. Uses DATABASE_URL / REDIS_URL /
// TEMPORAL_ADDRESS / SES_ENDPOINT when they point at something reachable, and otherwise starts
// private instances with state under .tools/dev. Ctrl-C stops everything it started.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../core/platform/config';
import { createDb, migrateLatest } from '../core/platform/db';
import { devDirectory, writeDevServiceEnv } from '../core/platform/devEnvironment';
import { DEMO_DOMAIN, DEMO_EMAIL, DEMO_PASSWORD, DEV_SYSTEM_EMAIL_FROM, seedDemo } from './demoSeed';
import { DEMO_WEBHOOK_PATH, startDemoReceiver } from './demoReceiver';
import { ensureDatabase, isPostgresReachable, startPrivatePostgres } from './stack/postgres';
import { canConnect, portNear, startProcess, stopAll, waitFor, type ManagedProcess } from './stack/processes';
import { isRedisReachable, startPrivateRedis } from './stack/redis';
import type { SesRecorder } from './stack/sesRecorder';
import { startThrottledSes } from './stack/throttledSes';
import { startLocalSns, type LocalSns } from './stack/localSns';
import { startSesEventPublisher } from './stack/sesEventPublisher';
import { SES_EVENTS_PATH } from '../api/routes/sesEvents';
import { hasWorkflowPoller, isTemporalReachable, startTemporalDevServer } from './stack/temporal';
import { generate } from 'selfsigned';

/** The SMTP relay's local certificate (self-signed for localhost), made once under .tools/dev. */
async function devSmtpCertificate(dir: string): Promise<{ certFile: string; keyFile: string }> {
  const certFile = path.join(dir, 'smtp-cert.pem');
  const keyFile = path.join(dir, 'smtp-key.pem');
  if (!fs.existsSync(certFile) || !fs.existsSync(keyFile)) {
    const pems = await generate([{ name: 'commonName', value: 'localhost' }], {
      keySize: 2048,
      notAfterDate: new Date(Date.now() + 365 * 86_400_000),
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
    fs.writeFileSync(certFile, pems.cert);
    fs.writeFileSync(keyFile, pems.private, { mode: 0o600 });
  }
  return { certFile, keyFile };
}

const ROOT = path.resolve(__dirname, '..');
const devDir = devDirectory();
const logDir = path.join(devDir, 'logs');
const pidFile = path.join(devDir, 'pids.json');
const started: ManagedProcess[] = [];
const say = (line: string) => console.log(`[postage] ${line}`);

// A previous run that was killed hard may have left its children running.
function stopLeftovers(): void {
  if (!fs.existsSync(pidFile)) return;
  for (const pid of JSON.parse(fs.readFileSync(pidFile, 'utf8')) as number[]) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      /* already gone */
    }
  }
  fs.rmSync(pidFile);
}

function remember(p: ManagedProcess): ManagedProcess {
  started.push(p);
  fs.writeFileSync(pidFile, JSON.stringify(started.map((s) => s.child.pid).filter(Boolean)));
  return p;
}

async function main(): Promise<void> {
  fs.mkdirSync(logDir, { recursive: true });
  stopLeftovers();
  const env = process.env;

  let databaseUrl = env.DATABASE_URL;
  if (databaseUrl && (await isPostgresReachable(databaseUrl))) say(`PostgreSQL: using DATABASE_URL`);
  else {
    const pg = await startPrivatePostgres({
      dataDir: path.join(devDir, 'pg'),
      port: await portNear(5432),
      logFile: path.join(logDir, 'postgres.log'),
    });
    remember(pg.process);
    databaseUrl = await ensureDatabase(pg.serverUrl, 'postage');
    say(`PostgreSQL: private instance on port ${pg.port}`);
  }

  let redisUrl = env.REDIS_URL;
  if (redisUrl && (await isRedisReachable(redisUrl))) say('Redis: using REDIS_URL');
  else {
    const port = await portNear(6379);
    const redis = await startPrivateRedis({
      dataDir: path.join(devDir, 'redis'),
      port,
      logFile: path.join(logDir, 'redis.log'),
      persistent: true,
    });
    remember(redis.process);
    redisUrl = redis.url;
    say(`Redis: private instance on port ${port}`);
  }

  let temporalAddress = env.TEMPORAL_ADDRESS;
  let uiUrl = env.TEMPORAL_UI_URL ?? 'http://localhost:8233';
  if (temporalAddress && (await isTemporalReachable(temporalAddress, env.TEMPORAL_NAMESPACE || 'default')))
    say('Temporal: using TEMPORAL_ADDRESS');
  else {
    const uiPort = await portNear(8233);
    const temporal = await startTemporalDevServer({
      port: await portNear(7233),
      uiPort,
      dbFile: path.join(devDir, 'temporal.sqlite'),
      logFile: path.join(logDir, 'temporal.log'),
      namespace: env.TEMPORAL_NAMESPACE || 'default',
    });
    remember(temporal.process);
    temporalAddress = temporal.address;
    uiUrl = `http://localhost:${uiPort}`;
    say(`Temporal: dev server at ${temporalAddress}, UI at ${uiUrl}`);
  }

  let sesEndpoint = env.SES_ENDPOINT;
  // With our own emulator, a local SNS publishes the simulator's outcomes (SES event publishing),
  // and the services reach it through the recorder, which keeps the raw MIME the emulator drops
  // and refuses sends beyond SES's sending rate as SES does.
  let localSns: LocalSns | undefined;
  let recorder: SesRecorder | undefined;
  const sendRate = loadConfig('dev', env).dev.localSesSendRate;
  if (!sesEndpoint) {
    const ses = await startThrottledSes({
      rate: sendRate,
      emulatorPort: await portNear(8005),
      recorderPort: await portNear(8007),
      logFile: path.join(logDir, 'ses-emulator.log'),
    });
    remember(ses.emulator);
    recorder = ses.recorder;
    sesEndpoint = recorder.upstream;
    say(`SES: emulator at ${sesEndpoint} (GET ${sesEndpoint}/store lists what was sent)`);
    say(`SES: recorder at ${recorder.endpoint}: raw MIME (GET /raw), ${sendRate} sends/s per access key (GET /pace)`);
    localSns = await startLocalSns({ port: await portNear(8006), dir: devDir, topicName: 'postage-ses-events-local' });
    say(`SNS: local topic ${localSns.topicArn}, signing certificate at https://${localSns.certHost}`);
  }

  const apiPort = env.API_PORT ? Number(env.API_PORT) : await portNear(3000);
  // Unprivileged ports near the standard ones: 587 and 465 need root.
  const smtpPort = env.SMTP_PORT ? Number(env.SMTP_PORT) : await portNear(2587);
  const smtpsPort = env.SMTPS_PORT ? Number(env.SMTPS_PORT) : await portNear(2465);
  const smtpTls = await devSmtpCertificate(devDir);
  // The MX listener: 25 needs root; it offers STARTTLS with the relay's local certificate.
  const mxPort = env.MX_PORT ? Number(env.MX_PORT) : await portNear(2525);
  const serviceEnv: NodeJS.ProcessEnv = {
    ...env,
    // The dev stack runs on the public development key, which only an explicit development mode accepts.
    NODE_ENV: env.NODE_ENV || 'development',
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    TEMPORAL_ADDRESS: temporalAddress,
    SES_ENDPOINT: recorder?.endpoint ?? sesEndpoint,
    SES_ACCESS_KEY_ID: env.SES_ACCESS_KEY_ID || 'local',
    SES_SECRET_ACCESS_KEY: env.SES_SECRET_ACCESS_KEY || 'local',
    // The local SES emulator cannot register domain identities: DKIM tokens are made up locally.
    SES_DOMAIN_IDENTITIES: env.SES_DOMAIN_IDENTITIES || (env.SES_ENDPOINT ? 'ses' : 'local'),
    API_PORT: String(apiPort),
    WORKER_HEALTH_PORT: env.WORKER_HEALTH_PORT || String(await portNear(9091)),
    SMTP_PORT: String(smtpPort),
    SMTPS_PORT: String(smtpsPort),
    SMTP_HEALTH_PORT: env.SMTP_HEALTH_PORT || String(await portNear(9092)),
    SMTP_TLS_CERT_FILE: env.SMTP_TLS_CERT_FILE || smtpTls.certFile,
    SMTP_TLS_KEY_FILE: env.SMTP_TLS_KEY_FILE || smtpTls.keyFile,
    MX_PORT: String(mxPort),
    MX_HEALTH_PORT: env.MX_HEALTH_PORT || String(await portNear(9093)),
    MX_TLS_CERT_FILE: env.MX_TLS_CERT_FILE || smtpTls.certFile,
    MX_TLS_KEY_FILE: env.MX_TLS_KEY_FILE || smtpTls.keyFile,
    BASE_URL: env.BASE_URL || `http://localhost:${apiPort}`,
    // Verification and reset emails go through the pipeline from the seeded system account.
    SYSTEM_EMAIL_FROM: env.SYSTEM_EMAIL_FROM || DEV_SYSTEM_EMAIL_FROM,
    // The demo receiver listens on loopback, which webhook delivery refuses unless allowed.
    WEBHOOK_ALLOWED_PRIVATE_ADDRESSES: env.WEBHOOK_ALLOWED_PRIVATE_ADDRESSES ?? '127.0.0.1,::1',
    // The local SNS's topic is accepted and its certificate host allowed and trusted, as a
    // deployment trusts SNS's real ones; every check of /provider/ses-events stays on.
    ...(localSns
      ? {
          SNS_TOPIC_ARNS: [env.SNS_TOPIC_ARNS, localSns.topicArn].filter(Boolean).join(','),
          SNS_CERT_HOST: localSns.certHost,
          NODE_EXTRA_CA_CERTS: localSns.caFile,
        }
      : {}),
  };
  // Every process's settings, checked before any of them starts.
  const config = loadConfig(serviceEnv);

  const db = createDb(databaseUrl);
  await migrateLatest(db);
  let signingSecret = '';
  const receiverPort = await portNear(3001);
  const receiver = await startDemoReceiver({
    port: receiverPort,
    signingSecret: () => signingSecret,
    log: (l) => console.log(`[receiver] ${l}`),
  });
  const seed = await seedDemo(db, config, `http://127.0.0.1:${receiverPort}${DEMO_WEBHOOK_PATH}`);
  signingSecret = seed.webhookSigningSecret;
  await db.destroy();

  // The API serves the dashboard's build at /.
  say('dashboard: building (vite)');
  execFileSync('npm', ['run', 'build', '--workspace', 'dashboard', '--silent'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
  });

  const tsx = ['--import', 'tsx'];
  const prefix = (name: string) => (line: string) => console.log(`[${name}] ${line}`);
  const workerStartedAt = new Date();
  const worker = remember(
    startProcess('worker', process.execPath, [...tsx, path.join(ROOT, 'worker', 'main.ts')], {
      logFile: path.join(logDir, 'worker.log'),
      env: serviceEnv,
      detached: true,
      onLine: prefix('worker'),
    }),
  );
  const api = remember(
    startProcess('api', process.execPath, [...tsx, path.join(ROOT, 'api', 'server.ts')], {
      logFile: path.join(logDir, 'api.log'),
      env: serviceEnv,
      detached: true,
      onLine: prefix('api'),
    }),
  );
  const smtp = remember(
    startProcess('smtp', process.execPath, [...tsx, path.join(ROOT, 'smtp', 'main.ts')], {
      logFile: path.join(logDir, 'smtp.log'),
      env: serviceEnv,
      detached: true,
      onLine: prefix('smtp'),
    }),
  );
  const mx = remember(
    startProcess('mx', process.execPath, [...tsx, path.join(ROOT, 'mx', 'main.ts')], {
      logFile: path.join(logDir, 'mx.log'),
      env: serviceEnv,
      detached: true,
      onLine: prefix('mx'),
    }),
  );
  await waitFor('the API', () => canConnect(apiPort), 60_000, api);
  await waitFor('the SMTP relay', () => canConnect(smtpPort), 60_000, smtp);
  await waitFor('the MX listener', () => canConnect(mxPort), 60_000, mx);
  // The banner promises a curl that works at once, so also wait until the worker (which first
  // bundles the workflows) polls the task queue.
  await waitFor('the worker', () => hasWorkflowPoller(config, workerStartedAt), 120_000, worker);
  // postage-admin reads this when DATABASE_URL is unset, so it manages this stack as is.
  const cliEnvFile = writeDevServiceEnv(devDir, serviceEnv);

  const baseUrl = config.api.baseUrl;
  const sesEventsUrl = `http://127.0.0.1:${apiPort}${SES_EVENTS_PATH}`;
  const eventDelayMs = config.dev.localSnsDelayMs;
  const publisher = localSns
    ? await startSesEventPublisher({
        sesEndpoint,
        sns: localSns,
        endpoint: sesEventsUrl,
        simulatorDomain: config.simulatorDomain,
        delayMs: eventDelayMs,
        log: prefix('sns'),
      })
    : undefined;
  const body = JSON.stringify({
    from_email: `hello@${DEMO_DOMAIN}`,
    to: `delivered@${config.testDomain}`,
    subject: 'Hello from Postage',
    message: 'It works.',
  });
  console.log(`
Postage is running.
  Dashboard      ${baseUrl}/  (sign in as ${DEMO_EMAIL} / ${DEMO_PASSWORD})
  API            ${baseUrl}
  Temporal UI    ${uiUrl}  (workflows are named send-<message_id>, received mail receive-<inbound id>)
  SES emulator   ${sesEndpoint}/store${recorder ? `\n  SES raw MIME   ${recorder.endpoint}/raw  (GET /raw/<provider_message_id> for one message, headers included)\n  SES send rate  ${sendRate}/s per access key (LOCAL_SES_SEND_RATE): more is answered 429 TooManyRequestsException (counts at ${recorder.endpoint}/pace)` : ''}
  SES events     ${localSns ? `simulator outcomes signed by the local SNS, posted to ${sesEventsUrl} after ${eventDelayMs} ms` : 'none (SES_ENDPOINT is yours: subscribe its SNS topic yourself)'}
  Demo receiver  http://127.0.0.1:${receiverPort}/received
  Logs           ${logDir}
  Demo API key   ${seed.apiKey}  (sending; create full_access keys with npx postage-admin key create ... --permission full_access)
  Demo sign-in   ${DEMO_EMAIL} / ${DEMO_PASSWORD}  (POST ${baseUrl}/api/auth/signin)
  SMTP relay     host localhost, port ${smtpPort} (STARTTLS, required) or ${smtpsPort} (implicit TLS)
                 user: any name, password: ${seed.apiKey} (the demo key); certificate ${smtpTls.certFile} (self-signed: trust it or skip verification locally)
  MX listener    host localhost, port ${mxPort} (no AUTH; STARTTLS offered): mail for inbound domains; any address of
                 the demo's ${seed.inboundDomain} reaches the demo receiver as email.received:
                 python3 -c "import smtplib; smtplib.SMTP('localhost', ${mxPort}).sendmail('ann@example.org', ['hello@${seed.inboundDomain}'], 'From: ann@example.org\\nSubject: Hi\\n\\nHello')"
  Operator CLI   npx postage-admin --help  (uses ${cliEnvFile})

Send a test email:
  curl -sS -X POST ${baseUrl}/api/send/ -H 'X-API-Key: ${seed.apiKey}' -H 'Content-Type: application/json' -d '${body}'

Press Ctrl-C to stop everything.
`);

  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    say('stopping...');
    receiver.server.close();
    publisher?.stop();
    await recorder?.close();
    await localSns?.close();
    await stopAll(started);
    fs.rmSync(pidFile, { force: true });
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());
  for (const p of started) {
    p.child.once('exit', (code) => {
      if (!stopping) {
        say(`${p.name} exited unexpectedly (code ${code}); see ${p.logFile}`);
        void shutdown();
      }
    });
  }
}

main().catch(async (err) => {
  console.error('[postage] could not start:', err instanceof Error ? err.message : err);
  await stopAll(started);
  process.exit(1);
});
