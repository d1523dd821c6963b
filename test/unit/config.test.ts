// Settings that make a process unsafe are refused at boot, before anything is served or
// encrypted: only an explicit development mode runs on the public development key. Each process
// loads only the settings it reads (core/platform/settings/table.ts), and the guides' settings
// tables are what that table gives.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ConfigError, loadConfig, type AnonymousOperation, type Config } from '../../core/platform/config';
import { setting } from '../../core/platform/settings/setting';
import { staleSettingsDocs } from '../../tools/settingsDocs';

const ROOT = path.join(__dirname, '..', '..');
const DEV_KEY = '706f73746167652d6465762d6b65792d6e6f742d666f722d70726f64756374'.padEnd(64, '0');
const KEY = 'ab'.repeat(32);
const RELAY = { RELAY_AWS_ACCOUNT_ID: '210987654321' };

test('without NODE_ENV the process is production: it needs its own key and relay account', () => {
  expect(() => loadConfig({})).toThrow(/POSTAGE_SECRET_KEY is required outside development/);
  expect(() => loadConfig({ POSTAGE_SECRET_KEY: KEY })).toThrow(
    /RELAY_AWS_ACCOUNT_ID is required outside development.*12-digit AWS account/,
  );
  expect(loadConfig({ POSTAGE_SECRET_KEY: KEY, ...RELAY })).toMatchObject({
    env: 'production',
    secretKey: KEY,
    sts: { relayAccountId: '210987654321' },
  });
});

test('production refuses the documented development key (hex or base64), a malformed key and the example AWS account', () => {
  for (const key of [DEV_KEY, Buffer.from(DEV_KEY, 'hex').toString('base64')]) {
    expect(() => loadConfig({ NODE_ENV: 'production', POSTAGE_SECRET_KEY: key, ...RELAY })).toThrow(
      /public development key/,
    );
  }
  for (const key of [
    'short',
    'ab'.repeat(31),
    `${'ab'.repeat(32)}=`,
    Buffer.alloc(31).toString('base64'),
    'not base64 at all!!!!!!!!!!!!!!!!!!!!!!!!!!',
  ]) {
    expect(() => loadConfig({ NODE_ENV: 'production', POSTAGE_SECRET_KEY: key, ...RELAY })).toThrow(
      /POSTAGE_SECRET_KEY is malformed/,
    );
  }
  expect(() =>
    loadConfig({ NODE_ENV: 'production', POSTAGE_SECRET_KEY: KEY, RELAY_AWS_ACCOUNT_ID: '123456789012' }),
  ).toThrow(/RELAY_AWS_ACCOUNT_ID is AWS's documentation example account/);
  expect(() =>
    loadConfig({ NODE_ENV: 'production', POSTAGE_SECRET_KEY: KEY, RELAY_AWS_ACCOUNT_ID: '2109876543' }),
  ).toThrow(/RELAY_AWS_ACCOUNT_ID must be a 12-digit AWS account id/);
  expect(
    loadConfig({ NODE_ENV: 'production', POSTAGE_SECRET_KEY: Buffer.alloc(32, 7).toString('base64'), ...RELAY }).env,
  ).toBe('production');
});

test('a refused secret is never quoted', () => {
  let message = '';
  try {
    loadConfig('migrate', { DATABASE_URL: 'mysql://root:hunter2@db/postage' });
  } catch (err) {
    message = (err as Error).message;
  }
  expect(message).toBe('DATABASE_URL must be a postgres:// or postgresql:// URL');
});

test('development and test modes run on the development key, and still refuse a malformed one', () => {
  expect(loadConfig({ NODE_ENV: 'development' }).secretKey).toBe(DEV_KEY);
  expect(loadConfig({ NODE_ENV: 'test' }).sts.relayAccountId).toBe('123456789012');
  expect(() => loadConfig({ NODE_ENV: 'development', POSTAGE_SECRET_KEY: 'short' })).toThrow(/malformed/);
});

test('the SES call deadline must end before the send activity times out', () => {
  expect(() => loadConfig({ NODE_ENV: 'test', SES_SEND_TIMEOUT_MS: '60000' })).toThrow(
    /SES_SEND_TIMEOUT_MS must be between 1 and 55000 \(the send activity times out after 60000 ms\)/,
  );
});

test.each(['api/server.ts', 'worker/main.ts', 'smtp/main.ts'])(
  '%s refuses to start without a key, with one readable line',
  (entry) => {
    const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' }; // no NODE_ENV: production
    const run = spawnSync(process.execPath, ['--import', 'tsx', path.join(ROOT, entry)], {
      env,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toMatch(/^postage: POSTAGE_SECRET_KEY is required outside development[^\n]*$/);
  },
);

test('Temporal TLS and API key: paths or inline PEM, read at boot; a certificate needs its key', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'postage-tls-'));
  fs.writeFileSync(path.join(dir, 'ca.pem'), '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n');
  const base = { NODE_ENV: 'test' };
  expect(loadConfig(base).temporal).toMatchObject({ tls: undefined, apiKey: undefined });
  const tls = loadConfig({
    ...base,
    TEMPORAL_TLS_CA: path.join(dir, 'ca.pem'),
    TEMPORAL_TLS_CERT: '-----BEGIN CERTIFICATE-----\\nX\\n-----END CERTIFICATE-----',
    TEMPORAL_TLS_KEY: '-----BEGIN PRIVATE KEY-----\nK\n-----END PRIVATE KEY-----',
    TEMPORAL_TLS_SERVER_NAME: 'temporal.internal',
  }).temporal.tls!;
  expect(tls.serverCa!.toString()).toContain('MIIB');
  expect(tls.clientCert!.crt.toString()).toBe('-----BEGIN CERTIFICATE-----\nX\n-----END CERTIFICATE-----'); // `\n` written as two characters in an env file
  expect(tls.serverName).toBe('temporal.internal');
  // Temporal Cloud: an API key alone means TLS with the system's CAs, in every process that talks to Temporal.
  expect(loadConfig({ ...base, TEMPORAL_API_KEY: 'key' }).temporal).toMatchObject({
    apiKey: 'key',
    tls: { serverCa: undefined, clientCert: undefined },
  });
  expect(loadConfig('worker', { ...base, TEMPORAL_API_KEY: 'key' }).temporal.tls).toEqual({
    serverCa: undefined,
    clientCert: undefined,
    serverName: undefined,
  });
  expect(loadConfig({ ...base, TEMPORAL_TLS: 'true' }).temporal.tls).toEqual({
    serverCa: undefined,
    clientCert: undefined,
    serverName: undefined,
  });
  expect(() => loadConfig({ ...base, TEMPORAL_TLS_CERT: path.join(dir, 'ca.pem') })).toThrow(
    /TEMPORAL_TLS_CERT and TEMPORAL_TLS_KEY go together/,
  );
  expect(() => loadConfig({ ...base, TEMPORAL_TLS_CA: path.join(dir, 'missing.pem') })).toThrow(
    /TEMPORAL_TLS_CA is neither inline PEM nor a readable file/,
  );
});

test('a malformed number, range, choice, URL or address is a ConfigError, so the process says it in one line', () => {
  const refused = {
    API_PORT: ['eighty', '70000', '80.5'],
    SES_DOMAIN_IDENTITIES: ['dns'],
    SES_REGION: ['mars-north-1'],
    LOG_LEVEL: ['loud'],
    BOUNCE_RATE_THRESHOLD: ['1.5'],
    RATE_LIMIT_PER_MINUTE: ['0'],
    BASE_URL: ['localhost:3000'],
    REDIS_URL: ['http://redis'],
    WORKER_SDK_METRICS_ADDRESS: ['9464'],
    TEMPORAL_TLS: ['yes'],
    WORKFLOW_BUNDLE_PATH: [path.join(os.tmpdir(), 'no-such-bundle.js')],
  };
  for (const [name, values] of Object.entries(refused)) {
    for (const value of values)
      expect(() => loadConfig({ NODE_ENV: 'test', [name]: value })).toThrow(new RegExp(`^${name} `));
    expect(() => loadConfig({ NODE_ENV: 'test', [name]: values[0] })).toThrow(ConfigError);
  }
  // Empty is unset, as a shell's `NAME=` leaves it.
  expect(loadConfig({ NODE_ENV: 'test', API_PORT: '', WEBHOOK_ALLOWED_PRIVATE_ADDRESSES: '' })).toMatchObject({
    api: { port: 3000, baseUrl: 'http://localhost:3000' },
    webhooks: { allowedPrivateAddresses: [] },
  });
  expect(loadConfig({ NODE_ENV: 'test', API_PORT: '4000', TEST_DOMAIN: 'Test.Example' })).toMatchObject({
    api: { baseUrl: 'http://localhost:4000' },
    testDomain: 'test.example',
    logLevel: 'silent',
  });
});

test('SMTP_PROXY_PROTOCOL_PEERS takes exact addresses or *: a range or a name, which smtp-server would never match, is refused', () => {
  expect(loadConfig({ NODE_ENV: 'test' }).smtp).toMatchObject({ proxyProtocolPeers: [], maxClientsPerIp: 20 });
  expect(
    loadConfig({ NODE_ENV: 'test', SMTP_PROXY_PROTOCOL_PEERS: '10.0.0.5, 2001:db8::5' }).smtp.proxyProtocolPeers,
  ).toEqual(['10.0.0.5', '2001:db8::5']);
  expect(loadConfig({ NODE_ENV: 'test', SMTP_PROXY_PROTOCOL_PEERS: '*' }).smtp.proxyProtocolPeers).toEqual(['*']);
  for (const bad of ['10.0.0.0/8', 'lb.internal']) {
    expect(() => loadConfig({ NODE_ENV: 'test', SMTP_PROXY_PROTOCOL_PEERS: `10.0.0.5,${bad}` })).toThrow(ConfigError);
  }
});

describe('each process loads only its own settings', () => {
  const DATABASE_URL = 'postgres://postage:secret@db.internal:5432/postage?sslmode=require';

  test('migrations run in production with only DATABASE_URL', () => {
    const config = loadConfig('migrate', { NODE_ENV: 'production', DATABASE_URL });
    expect(config).toMatchObject({ env: 'production', databaseUrl: DATABASE_URL });
    // What it did not load is not there to be read by mistake: the error names the entry to fix.
    expect(() => config.secretKey).toThrow(
      "POSTAGE_SECRET_KEY is not a setting of the migrate process: add 'migrate' to its processes in core/platform/settings/table.ts",
    );
    expect(() => config.db.statementMs).toThrow(/DB_STATEMENT_TIMEOUT_MS is not a setting of the migrate process/);
  });

  test('tools/migrate.ts itself asks for nothing but DATABASE_URL', () => {
    // Nothing listens on port 9: the run gets as far as connecting, past every setting.
    const env = {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://postage@127.0.0.1:9/postage',
    };
    const run = spawnSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'tools', 'migrate.ts')], {
      env,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).not.toMatch(/postage: /);
    expect(run.stderr).toMatch(/ECONNREFUSED/);
  });

  test('the worker needs neither the SMTP relay’s settings nor the relay AWS account', () => {
    const config = loadConfig('worker', {
      NODE_ENV: 'production',
      POSTAGE_SECRET_KEY: KEY,
      SMTP_PROXY_PROTOCOL_PEERS: '10.0.0.0/8',
      SMTP_TLS_CERT_FILE: '/nowhere.pem',
    });
    expect(config).toMatchObject({
      env: 'production',
      secretKey: KEY,
      ops: { workerHealthPort: 9091 },
      temporal: { relayAfterSeconds: 30 },
      ses: { sendTimeoutMs: 30_000 },
    });
    expect(() => config.smtp.port).toThrow(/SMTP_PORT is not a setting of the worker process/);
    expect(() => config.sts.relayAccountId).toThrow(/RELAY_AWS_ACCOUNT_ID is not a setting of the worker process/);
    // Its own settings are still checked.
    expect(() => loadConfig('worker', { NODE_ENV: 'production' })).toThrow(/POSTAGE_SECRET_KEY is required/);
    expect(() =>
      loadConfig('worker', { NODE_ENV: 'production', POSTAGE_SECRET_KEY: KEY, WORKER_HEALTH_PORT: 'x' }),
    ).toThrow(/WORKER_HEALTH_PORT/);
  });

  test('the SMTP relay needs its certificate and key, not the relay AWS account; the API needs that account', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'postage-smtp-'));
    const files = { SMTP_TLS_CERT_FILE: path.join(dir, 'cert.pem'), SMTP_TLS_KEY_FILE: path.join(dir, 'key.pem') };
    for (const file of Object.values(files)) fs.writeFileSync(file, 'PEM');
    const production = { NODE_ENV: 'production', POSTAGE_SECRET_KEY: KEY };
    expect(loadConfig('smtp', { ...production, ...files }).smtp).toMatchObject({
      tlsCertFile: files.SMTP_TLS_CERT_FILE,
      port: 587,
    });
    expect(() => loadConfig('smtp', production)).toThrow(/SMTP_TLS_CERT_FILE is required by the smtp process/);
    expect(() =>
      loadConfig('smtp', { ...production, ...files, SMTP_TLS_KEY_FILE: path.join(dir, 'missing.pem') }),
    ).toThrow(/SMTP_TLS_KEY_FILE is not a readable file/);
    expect(() => loadConfig('api', production)).toThrow(/RELAY_AWS_ACCOUNT_ID is required outside development/);
    expect(loadConfig('api', { ...production, ...RELAY }).sts.relayAccountId).toBe('210987654321');
    // Every setting (the tests' and `npm run dev`'s load) does not make the relay's files required.
    expect(loadConfig({ NODE_ENV: 'test' }).smtp.tlsCertFile).toBeUndefined();
  });
});

test('each setting names every process whose code reads it, and no other (tools/settingsReaders.ts)', () => {
  // The TypeScript checker finds the reads in what each entry point imports (10 s or so).
  const run = spawnSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'tools', 'settingsReaders.ts')], {
    encoding: 'utf8',
    timeout: 120_000,
  });
  expect(run.stderr.trim()).toBe('');
  expect(run.status).toBe(0);
});

test('Config is the settings table’s shape, typed from it', () => {
  // Checked by the type checker: these lines do not compile if a setting's type drifts.
  const config: Config = loadConfig({ NODE_ENV: 'test' });
  const identities: 'ses' | 'local' = config.ses.domainIdentities;
  const port: number = config.api.port;
  const endpoint: string | undefined = config.ses.endpoint;
  const peers: string[] = config.smtp.proxyProtocolPeers;
  const operation: AnonymousOperation = 'tokenCheck';
  expect([identities, port, endpoint, peers, config.auth.anonymousLimits[operation]]).toEqual([
    'ses',
    3000,
    undefined,
    [],
    { perClient: 60, total: 3000 },
  ]);
});

test('a setting of an unknown type, or with an option its type does not take, cannot be declared', () => {
  const common = { env: 'EXAMPLE_SETTING', processes: ['api'], doc: 'An example' } as const;
  // @ts-expect-error: `duration` is not a setting type
  expect(() => setting({ ...common, type: 'duration', default: 5 })).toThrow(
    'EXAMPLE_SETTING: unknown setting type "duration"',
  );
  // @ts-expect-error: a text setting takes no range
  expect(() => setting({ ...common, type: 'text', min: 1 })).toThrow(
    'EXAMPLE_SETTING: a text setting has no option min',
  );
  expect(() => setting({ ...common, type: 'integer', min: 1, default: 0 })).toThrow(
    /EXAMPLE_SETTING must be at least 1/,
  );
  expect(() => setting({ ...common, type: 'enum', values: ['a', 'b'], default: 'c' })).toThrow(
    /EXAMPLE_SETTING must be one of a, b/,
  );
  expect(setting({ ...common, type: 'integer', min: 1, default: 5 }).spec.default).toBe(5);
});

describe('the guides’ settings tables are generated from the table', () => {
  test('docs/operations.md, docs/smtp.md and docs/deployment.md are what the table gives (npm run generate:settings)', () => {
    expect(staleSettingsDocs()).toEqual([]);
  });

  test('a row edited by hand fails the check', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'postage-settings-docs-'));
    fs.cpSync(path.join(ROOT, 'docs'), path.join(root, 'docs'), { recursive: true });
    const guide = path.join(root, 'docs', 'operations.md');
    const text = fs.readFileSync(guide, 'utf8');
    const row = '| `DB_POOL_MAX` | `20` |';
    expect(text).toContain(row);
    fs.writeFileSync(guide, text.replace(row, '| `DB_POOL_MAX` | `25` |'));
    expect(staleSettingsDocs(root)).toEqual([path.join('docs', 'operations.md')]);
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', path.join(ROOT, 'tools', 'settingsDocs.ts'), '--check', '--root', root],
      { encoding: 'utf8', timeout: 60_000 },
    );
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(
      /Not what core\/platform\/settings\/table\.ts gives: docs\/operations\.md\. Run npm run generate:settings/,
    );
    // Writing puts the table's row back.
    expect(
      spawnSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'tools', 'settingsDocs.ts'), '--root', root], {
        encoding: 'utf8',
        timeout: 60_000,
      }).status,
    ).toBe(0);
    expect(fs.readFileSync(guide, 'utf8')).toContain(row);
  });
});
