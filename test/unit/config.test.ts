// Settings that make a process unsafe are refused at boot, before anything is served or
// encrypted: only an explicit development mode runs on the public development key.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ConfigError, loadConfig } from '../../core/platform/config';

const DEV_KEY = '706f73746167652d6465762d6b65792d6e6f742d666f722d70726f64756374'.padEnd(64, '0');
const KEY = 'ab'.repeat(32);
const RELAY = { RELAY_AWS_ACCOUNT_ID: '210987654321' };

test('without NODE_ENV the process is production: it needs its own key and relay account', () => {
  expect(() => loadConfig({})).toThrow(/POSTAGE_SECRET_KEY is required outside development/);
  expect(() => loadConfig({ POSTAGE_SECRET_KEY: KEY })).toThrow(/RELAY_AWS_ACCOUNT_ID must be the 12-digit AWS account/);
  expect(loadConfig({ POSTAGE_SECRET_KEY: KEY, ...RELAY })).toMatchObject({ env: 'production', secretKey: KEY, sts: { relayAccountId: '210987654321' } });
});

test('production refuses the documented development key (hex or base64), a malformed key and the example AWS account', () => {
  for (const key of [DEV_KEY, Buffer.from(DEV_KEY, 'hex').toString('base64')]) {
    expect(() => loadConfig({ NODE_ENV: 'production', POSTAGE_SECRET_KEY: key, ...RELAY })).toThrow(/public development key/);
  }
  for (const key of ['short', 'ab'.repeat(31), `${'ab'.repeat(32)}=`, Buffer.alloc(31).toString('base64'), 'not base64 at all!!!!!!!!!!!!!!!!!!!!!!!!!!']) {
    expect(() => loadConfig({ NODE_ENV: 'production', POSTAGE_SECRET_KEY: key, ...RELAY })).toThrow(/POSTAGE_SECRET_KEY is malformed/);
  }
  expect(() => loadConfig({ NODE_ENV: 'production', POSTAGE_SECRET_KEY: KEY, RELAY_AWS_ACCOUNT_ID: '123456789012' })).toThrow(/RELAY_AWS_ACCOUNT_ID/);
  expect(loadConfig({ NODE_ENV: 'production', POSTAGE_SECRET_KEY: Buffer.alloc(32, 7).toString('base64'), ...RELAY }).env).toBe('production');
});

test('development and test modes run on the development key, and still refuse a malformed one', () => {
  expect(loadConfig({ NODE_ENV: 'development' }).secretKey).toBe(DEV_KEY);
  expect(loadConfig({ NODE_ENV: 'test' }).sts.relayAccountId).toBe('123456789012');
  expect(() => loadConfig({ NODE_ENV: 'development', POSTAGE_SECRET_KEY: 'short' })).toThrow(/malformed/);
});

test('the SES call deadline must end before the send activity times out', () => {
  expect(() => loadConfig({ NODE_ENV: 'test', SES_SEND_TIMEOUT_MS: '60000' })).toThrow(/SES_SEND_TIMEOUT_MS must be between 1 and 55000/);
});

test.each(['api/server.ts', 'worker/main.ts'])('%s refuses to start without a key, with one readable line', (entry) => {
  const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' }; // no NODE_ENV: production
  const run = spawnSync(process.execPath, ['--import', 'tsx', path.resolve(__dirname, '..', '..', entry)], { env, encoding: 'utf8', timeout: 60_000 });
  expect(run.status).toBe(1);
  expect(run.stderr.trim()).toMatch(/^postage: POSTAGE_SECRET_KEY is required outside development/);
});

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
  // Temporal Cloud: an API key alone means TLS with the system's CAs.
  expect(loadConfig({ ...base, TEMPORAL_API_KEY: 'key' }).temporal).toMatchObject({ apiKey: 'key', tls: { serverCa: undefined, clientCert: undefined } });
  expect(() => loadConfig({ ...base, TEMPORAL_TLS_CERT: path.join(dir, 'ca.pem') })).toThrow(/TEMPORAL_TLS_CERT and TEMPORAL_TLS_KEY go together/);
  expect(() => loadConfig({ ...base, TEMPORAL_TLS_CA: path.join(dir, 'missing.pem') })).toThrow(/TEMPORAL_TLS_CA is neither inline PEM nor a readable file/);
});

test('a malformed number or choice is a ConfigError, so the process says it in one line', () => {
  expect(() => loadConfig({ NODE_ENV: 'test', API_PORT: 'eighty' })).toThrow(ConfigError);
  expect(() => loadConfig({ NODE_ENV: 'test', SES_DOMAIN_IDENTITIES: 'dns' })).toThrow(ConfigError);
});

test('SMTP_PROXY_PROTOCOL_PEERS takes exact addresses or *: a range or a name, which smtp-server would never match, is refused', () => {
  expect(loadConfig({ NODE_ENV: 'test' }).smtp).toMatchObject({ proxyProtocolPeers: [], maxClientsPerIp: 20 });
  expect(loadConfig({ NODE_ENV: 'test', SMTP_PROXY_PROTOCOL_PEERS: '10.0.0.5, 2001:db8::5' }).smtp.proxyProtocolPeers).toEqual(['10.0.0.5', '2001:db8::5']);
  expect(loadConfig({ NODE_ENV: 'test', SMTP_PROXY_PROTOCOL_PEERS: '*' }).smtp.proxyProtocolPeers).toEqual(['*']);
  for (const bad of ['10.0.0.0/8', 'lb.internal']) {
    expect(() => loadConfig({ NODE_ENV: 'test', SMTP_PROXY_PROTOCOL_PEERS: `10.0.0.5,${bad}` })).toThrow(ConfigError);
  }
});
