// Postage against a secured Temporal and a Redis behind TLS, for real: a CA made here with
// openssl, Debian's nginx terminating TLS (with client-certificate checks, and HTTP/2 ALPN, which
// the worker's Rust client requires) in front of the dev server, and stunnel in front of Redis.
// The API and the worker work through them with mTLS and refuse a server signed by another CA.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { canConnect, freePort, startProcess, waitFor, type ManagedProcess } from '../../tools/stack/processes';
import { startApiProcess, startWorkerProcess } from '../helpers/apiProcess';
import { testEnv } from '../helpers/config';
import { createTestDatabase, type TestDatabase } from '../helpers/database';
import { testInfra } from '../helpers/env';
import { createSender } from '../helpers/fixtures';
import { eventually } from '../helpers/wait';
import { send } from './helpers/http';

let dir: string;
let nginx: ManagedProcess;
let stunnel: ManagedProcess;
let temporalTlsAddress: string;
let redisTlsUrl: string;
let database: TestDatabase;

function openssl(args: string[]): void {
  execFileSync('openssl', args, { cwd: dir, stdio: 'ignore' });
}

/** A CA, and a certificate it signs for `name` (server or client). */
function makeCa(name: string): void {
  openssl([
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    `${name}.key`,
    '-out',
    `${name}.pem`,
    '-days',
    '2',
    '-subj',
    `/CN=${name}`,
  ]);
}
function makeCert(name: string, ca: string, ext: string): void {
  openssl([
    'req',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    `${name}.key`,
    '-out',
    `${name}.csr`,
    '-subj',
    `/CN=${name}`,
  ]);
  fs.writeFileSync(path.join(dir, `${name}.ext`), ext);
  openssl([
    'x509',
    '-req',
    '-in',
    `${name}.csr`,
    '-CA',
    `${ca}.pem`,
    '-CAkey',
    `${ca}.key`,
    '-CAcreateserial',
    '-out',
    `${name}.pem`,
    '-days',
    '2',
    '-extfile',
    `${name}.ext`,
  ]);
}

const file = (name: string) => path.join(dir, name);

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(testInfra().runDir, 'tls-'));
  makeCa('ca');
  makeCa('other-ca');
  makeCert('server', 'ca', 'subjectAltName=DNS:temporal.local,IP:127.0.0.1\nextendedKeyUsage=serverAuth\n');
  makeCert('client', 'ca', 'extendedKeyUsage=clientAuth\n');

  const temporalPort = await freePort();
  temporalTlsAddress = `127.0.0.1:${temporalPort}`;
  fs.mkdirSync(file('nginx-tmp'));
  fs.writeFileSync(
    file('nginx.conf'),
    `${process.getuid?.() === 0 ? 'user root;\n' : ''}daemon off;
pid ${file('nginx.pid')};
error_log ${file('nginx-error.log')} warn;
worker_processes 1;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${file('nginx-tmp')};
  server {
    listen ${temporalTlsAddress} ssl http2;
    ssl_certificate ${file('server.pem')};
    ssl_certificate_key ${file('server.key')};
    ssl_client_certificate ${file('ca.pem')};
    ssl_verify_client on;
    client_max_body_size 0;
    grpc_read_timeout 300s;
    grpc_send_timeout 300s;
    location / { grpc_pass grpc://${testInfra().temporalAddress}; }
  }
}
`,
  );
  nginx = startProcess(
    'nginx',
    '/usr/sbin/nginx',
    ['-p', dir, '-e', file('nginx-error.log'), '-c', file('nginx.conf')],
    { logFile: file('nginx.log') },
  );

  const redisPort = await freePort();
  const redis = new URL(testInfra().redisUrl);
  fs.writeFileSync(
    file('stunnel.conf'),
    `foreground = yes\npid =\n[redis]\naccept = 127.0.0.1:${redisPort}\nconnect = ${redis.hostname}:${redis.port}\ncert = ${file('server.pem')}\nkey = ${file('server.key')}\n`,
  );
  stunnel = startProcess('stunnel', 'stunnel4', [file('stunnel.conf')], { logFile: file('stunnel.log') });
  redisTlsUrl = `rediss://127.0.0.1:${redisPort}`;
  await waitFor('nginx', () => canConnect(temporalPort), 20_000, nginx);
  await waitFor('stunnel', () => canConnect(redisPort), 20_000, stunnel);
  database = await createTestDatabase();
}, 60_000);

afterAll(async () => {
  await nginx?.stop();
  await stunnel?.stop();
  await database?.drop();
});

function tlsEnv(overrides: Record<string, string> = {}): Record<string, string> {
  return testEnv({
    DATABASE_URL: database.url,
    TEMPORAL_ADDRESS: temporalTlsAddress,
    TEMPORAL_TLS_CA: file('ca.pem'),
    TEMPORAL_TLS_CERT: file('client.pem'),
    // Inline PEM works as well as a path.
    TEMPORAL_TLS_KEY: fs.readFileSync(file('client.key'), 'utf8'),
    TEMPORAL_TLS_SERVER_NAME: 'temporal.local',
    REDIS_URL: redisTlsUrl,
    NODE_EXTRA_CA_CERTS: file('ca.pem'), // how a process trusts a private CA for rediss://
    ...overrides,
  });
}

test('the API and the worker work through mTLS to Temporal and TLS to Redis', async () => {
  const env = tlsEnv({ WORKER_HEALTH_PORT: String(await freePort()) });
  const worker = startWorkerProcess(env, file('worker.log'));
  const api = await startApiProcess(env);
  try {
    // The Redis connection is opened in the background at start, and /readyz answers 200 while
    // Redis is still unreachable (it names it), so wait for all three checks, not for the 200.
    const ready = await eventually('the API to reach all three over TLS', async () => {
      const res = await fetch(`${api.baseUrl}/readyz`);
      const body = res.status === 200 ? ((await res.json()) as { checks: Record<string, string> }) : undefined;
      return body?.checks.redis === 'ok' ? body : undefined;
    });
    expect(ready.checks).toEqual({ postgres: 'ok', redis: 'ok', temporal: 'ok' });
    const sender = await createSender(database.db);
    const res = await send(api, sender.apiKey, {
      from_email: `hello@${sender.domain}`,
      to: 'delivered@test.postage.dev',
      subject: 'Over TLS',
      message: 'Hello.',
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('X-RateLimit-Remaining')).toBe('59'); // counted in Redis, over TLS
    await eventually(
      'the worker to deliver it',
      async () =>
        (await database.db('email_log').where({ message_id: res.json.message_id }).first())?.status === 'delivered'
          ? true
          : undefined,
      90_000,
    );
  } finally {
    await api.stop();
    await worker.stop();
  }
}, 180_000);

test('a server certificate from another CA, or no client certificate, is refused', async () => {
  const sender = await createSender(database.db);
  const body = {
    from_email: `hello@${sender.domain}`,
    to: 'delivered@test.postage.dev',
    subject: 'Refused',
    message: 'Hello.',
  };
  const refusals: Record<string, string>[] = [
    { TEMPORAL_TLS_CA: file('other-ca.pem') },
    { TEMPORAL_TLS_CERT: '', TEMPORAL_TLS_KEY: '' },
  ];
  for (const overrides of refusals) {
    const api = await startApiProcess(tlsEnv({ ...overrides, TEMPORAL_START_TIMEOUT_MS: '2000' }));
    try {
      const ready = (await (await fetch(`${api.baseUrl}/readyz`)).json()) as { checks: Record<string, string> };
      expect(ready.checks.temporal).toBe('unreachable');
      expect(await send(api, sender.apiKey, body)).toMatchObject({ status: 502, json: { error: 'queue_error' } });
    } finally {
      await api.stop();
    }
  }
  // The worker does not poll a server it cannot verify: it says why and keeps trying (a Temporal
  // that is only away at start must not stop it), and its health port never says it is ready.
  const healthPort = await freePort();
  const log = file('worker-wrong-ca.log');
  const run = startWorkerProcess(
    tlsEnv({ TEMPORAL_TLS_CA: file('other-ca.pem'), WORKER_HEALTH_PORT: String(healthPort), LOG_LEVEL: 'warn' }),
    log,
  );
  try {
    await eventually(
      'the worker to log that Temporal refused it twice',
      async () =>
        ((fs.existsSync(log) ? fs.readFileSync(log, 'utf8') : '').match(/unreachable at start/g) ?? []).length >= 2 ||
        undefined,
      60_000,
    );
    expect(run.child.exitCode).toBeNull();
    expect(await canConnect(healthPort)).toBe(false);
  } finally {
    await run.stop();
  }
}, 180_000);
