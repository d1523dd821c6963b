// The image the Dockerfile builds, built and run (docs/deployment.md, "The image"): podman builds
// it (on a base made by tools/ensure-image-base.sh where no registry is reachable), then the
// image's own migrations, API, worker and SMTP relay run as containers on the host's network
// against the test stack. The migrations create an empty database's schema, and a send through
// the API and one through the relay reach SES. The build's seconds are printed: it is the longest
// step of this tier.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';
import { createDb, type Db } from '../../core/platform/db';
import { toolsDir } from '../../core/platform/devEnvironment';
import { freePort, startProcess, toolPath, waitFor, type ManagedProcess } from '../../tools/stack/processes';
import { sesEmulatorStore } from '../../tools/stack/sesEmulator';
import { send } from '../api/helpers/http';
import { testEnv } from '../helpers/config';
import { testInfra } from '../helpers/env';
import { createSender } from '../helpers/fixtures';
import { makeTlsFiles, type TlsFiles } from '../helpers/smtpRelay';
import { eventually } from '../helpers/wait';
import { sendWithNodemailer } from '../smtp/clients';

const ROOT = path.resolve(__dirname, '..', '..');
const run = promisify(execFile);
const IMAGE = 'localhost/postage:test';
/** What podman needs on machines without a Docker daemon (docs/deployment.md, "The image"). */
const PODMAN = ['--runtime', 'runc'];
// Lowered from podman's defaults (a process without CAP_SYS_RESOURCE may not set those), but not to
// 1024 open files: the build's `npm ci` can run out of them (EMFILE reading its cache).
const LIMITS = ['--ulimit', 'nofile=4096:4096', '--ulimit', 'nproc=4096:4096', '--network', 'host'];
const BUILD_MS = 15 * 60_000;
const names: string[] = [];
const processes: ManagedProcess[] = [];
let databaseName: string | undefined;
let db: Db | undefined;

const logFile = (name: string) => path.join(testInfra().runDir, 'logs', `image-${name}.log`);
const admin = async (sql: string) => {
  const client = new Client({ connectionString: `${testInfra().pgServerUrl}/postgres` });
  await client.connect();
  await client.query(sql).finally(() => client.end());
};

/** `podman run` arguments: the host's network, `env` as -e, then the image and its command. */
function runArgs(name: string, env: Record<string, string>, extra: string[], command: string[]): string[] {
  const vars = Object.entries(env).flatMap(([key, value]) => ['--env', `${key}=${value}`]);
  return [...PODMAN, 'run', '--rm', '--name', name, ...LIMITS, ...vars, ...extra, IMAGE, ...command];
}

/** A container whose output goes to a log file; removed in afterAll whatever happened. */
function startContainer(
  role: string,
  env: Record<string, string>,
  command: string[],
  extra: string[] = [],
): ManagedProcess {
  const name = `postage-image-test-${process.pid}-${role}`;
  names.push(name);
  return startProcess(`image ${role}`, 'podman', runArgs(name, env, extra, command), { logFile: logFile(role) });
}

/** The image's id, or undefined when there is none. */
const imageId = (name: string) =>
  run('podman', ['image', 'inspect', '--format', '{{.Id}}', name], { timeout: 60_000 }).then(
    (result) => result.stdout.trim(),
    () => undefined,
  );

/**
 * The Dockerfile's base, made (once, then cached) by tools/ensure-image-base.sh, which
 * tools/ensure-tools.sh runs for this tier; without it, a failure saying why instead of a build
 * that cannot start.
 */
async function imageBase(): Promise<string> {
  const base = toolPath('POSTAGE_IMAGE_BASE');
  const log = path.join(toolsDir(), 'image-base.log');
  if (!base) {
    const why = fs.existsSync(log) ? fs.readFileSync(log, 'utf8').trim().split('\n').slice(-5).join('\n') : '';
    throw new Error(
      `no base image for the Dockerfile (POSTAGE_IMAGE_BASE is unset): tools/ensure-image-base.sh, which npm test runs for the image tier, made none${why ? `; its log (${log}) ends:\n${why}` : ''}`,
    );
  }
  if ((await imageId(base)) === undefined)
    throw new Error(`the base image ${base} is not in podman's store: run tools/ensure-image-base.sh (as root) again`);
  return base;
}

beforeAll(async () => {
  const base = await imageBase();
  // npm inside the build shares the machine's npm cache (filled by the `npm ci` before `npm test`)
  // and trusts it (the lockfile pins every version and digest), so its `npm ci` downloads nothing
  // already there. Both are build-time mounts, not part of the image.
  const npmCache = (await run('npm', ['config', 'get', 'cache'])).stdout.trim();
  fs.mkdirSync(npmCache, { recursive: true });
  const npmrc = path.join(testInfra().runDir, 'image-npmrc');
  fs.writeFileSync(npmrc, 'prefer-offline=true\naudit=false\nfund=false\nupdate-notifier=false\n');
  // A first build (no earlier image here, as on a fresh CI machine) skips intermediate layers:
  // nothing in this run could reuse them, and committing them cost a third of the build (101 s
  // against 65 s on 2 vCPUs). Later builds keep them, so unchanged dependencies are not installed again.
  const previous = await imageId(IMAGE);
  const first = previous === undefined;
  const building = Date.now();
  const build = await run(
    'podman',
    [
      ...PODMAN,
      'build',
      `--layers=${!first}`,
      ...LIMITS,
      '--build-arg',
      `BASE_IMAGE=${base}`,
      '--volume',
      `${npmCache}:/root/.npm`,
      '--volume',
      `${npmrc}:/root/.npmrc:ro`,
      '--tag',
      IMAGE,
      ROOT,
    ],
    { timeout: BUILD_MS, maxBuffer: 64 * 1024 * 1024 },
  );
  // Each build re-tags IMAGE: the image it replaces, and the build stage's last layers that only it
  // used, would stay behind untagged and fill a long-lived machine's disk. Pruned: dangling images
  // older than this build (this build's own layers, the next one's cache, are newer; podman keeps
  // what a running build uses). An unchanged build made nothing new and leaves the cache alone.
  const built = await imageId(IMAGE);
  if (previous !== undefined && previous !== built) {
    await run('podman', ['rmi', '--force', previous], { timeout: 60_000 }).catch(() => undefined);
    const before = `until=${Math.floor(building / 1000)}`;
    await run('podman', ['image', 'prune', '--force', '--filter', before], { timeout: 120_000 });
  }
  fs.mkdirSync(path.dirname(logFile('build')), { recursive: true });
  fs.writeFileSync(logFile('build'), build.stdout + build.stderr);
  process.stdout.write(
    `image: ${IMAGE} built on ${base} in ${Math.round((Date.now() - building) / 1000)} s${first ? ' (first build, no layer cache)' : ''} (log: ${logFile('build')})\n`,
  );
}, 2 * BUILD_MS);

afterAll(async () => {
  // Stopped and removed even when a step failed (a `podman run` client that dies leaves its container).
  if (names.length) await run('podman', ['rm', '--force', '--ignore', '--time', '2', ...names]).catch(() => undefined);
  await Promise.all(processes.map((p) => p.stop()));
  await db?.destroy();
  if (databaseName) await admin(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
}, 60_000);

test('the image migrates an empty database, and its API, worker and relay deliver a send each', async () => {
  const infra = testInfra();
  databaseName = `postage_image_${randomBytes(6).toString('hex')}`;
  await admin(`CREATE DATABASE ${databaseName}`);
  const databaseUrl = `${infra.pgServerUrl}/${databaseName}`;
  const [apiPort, healthPort, smtpPort, smtpsPort, smtpHealthPort] = await Promise.all([
    freePort(),
    freePort(),
    freePort(),
    freePort(),
    freePort(),
  ]);
  const env = {
    ...testEnv({ DATABASE_URL: databaseUrl, LOG_LEVEL: 'info' }),
    // Required in production (docs/deployment.md, "5. Settings"); a placeholder account here.
    RELAY_AWS_ACCOUNT_ID: '210987654321',
    // What the image sets, not the tests' `test`.
    NODE_ENV: 'production',
    API_PORT: String(apiPort),
    WORKER_HEALTH_PORT: String(healthPort),
  };

  // The image's migrations on an empty database.
  const migrate = await run(
    'podman',
    runArgs(`postage-image-test-${process.pid}-migrate`, env, [], ['node', 'dist/tools/migrate.js']),
    { timeout: 120_000 },
  );
  expect(migrate.stdout.trim()).toMatch(/^applied \d+ migration\(s\)$/);

  // The relay's certificate, readable by the image's `node` user through a read-only mount.
  const tls: TlsFiles = await makeTlsFiles();
  const tlsDir = path.dirname(tls.certFile);
  fs.chmodSync(tlsDir, 0o755);
  for (const file of [tls.certFile, tls.keyFile]) fs.chmodSync(file, 0o644);
  const relayEnv = {
    ...env,
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(smtpPort),
    SMTPS_PORT: String(smtpsPort),
    SMTP_HEALTH_PORT: String(smtpHealthPort),
    SMTP_TLS_CERT_FILE: '/tls/cert.pem',
    SMTP_TLS_KEY_FILE: '/tls/key.pem',
  };
  const api = startContainer('api', env, ['node', 'dist/api/server.js']);
  const worker = startContainer('worker', env, ['node', 'dist/worker/main.js']);
  const relay = startContainer('smtp', relayEnv, ['node', 'dist/smtp/main.js'], ['--volume', `${tlsDir}:/tls:ro`]);
  processes.push(api, worker, relay);

  const baseUrl = `http://127.0.0.1:${apiPort}`;
  await waitFor('the API container', async () => (await fetch(`${baseUrl}/readyz`)).ok, 120_000, api);
  // The dashboard was built into the image.
  expect((await fetch(`${baseUrl}/`)).headers.get('content-type')).toMatch(/^text\/html/);
  await waitFor(
    'the worker container',
    async () => (await fetch(`http://127.0.0.1:${healthPort}/readyz`)).ok,
    180_000,
    worker,
  );
  await waitFor(
    'the relay container',
    async () => (await fetch(`http://127.0.0.1:${smtpHealthPort}/readyz`)).ok,
    120_000,
    relay,
  );

  db = createDb(databaseUrl);
  const sender = await createSender(db);
  const tag = randomBytes(6).toString('hex');
  const answer = await send({ baseUrl }, sender.apiKey, {
    from_email: `hello@${sender.domain}`,
    to: 'success@simulator.amazonses.com',
    subject: `Image API ${tag}`,
    message: 'Hello from the image.',
  });
  expect(answer.status).toBe(200);
  await sendWithNodemailer(
    { port: smtpPort, secure: false, apiKey: sender.apiKey, ca: tls.cert },
    {
      from: `hello@${sender.domain}`,
      to: 'success@simulator.amazonses.com',
      subject: `Image relay ${tag}`,
      text: 'Hello from the image.',
    },
  );

  const delivered = await eventually(
    'both sends to reach SES',
    async () => {
      const subjects = (await sesEmulatorStore(infra.sesEndpoint)).map((e) => e.subject).filter((s) => s.includes(tag));
      return subjects.length === 2 ? subjects.sort() : undefined;
    },
    120_000,
  );
  expect(delivered).toEqual([`Image API ${tag}`, `Image relay ${tag}`]);
}, 600_000);
