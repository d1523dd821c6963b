// login, whoami and the key's sources, as a user meets them.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { cliEnv, cliJson, FULL_KEY, runCli } from './helpers.mjs';

test('login --api-key-stdin stores the key in a file only its user can read, and whoami uses it', async () => {
  const env = cliEnv();
  const login = await runCli(['login', '--api-key-stdin'], { env, input: `${FULL_KEY}\n` });
  assert.equal(login.code, 0, login.stderr);
  const file = path.join(env.XDG_CONFIG_HOME, 'postage', 'config.json');
  assert.equal(fs.statSync(file).mode & 0o777, 0o600);
  assert.equal(JSON.parse(fs.readFileSync(file, 'utf8')).api_key, FULL_KEY);
  const whoami = await cliJson(['whoami'], { env });
  assert.equal(whoami.key_source, 'config file');
});

test('POSTAGE_API_KEY wins over the stored key', async () => {
  const env = cliEnv();
  fs.mkdirSync(path.join(env.XDG_CONFIG_HOME, 'postage'), { recursive: true });
  fs.writeFileSync(
    path.join(env.XDG_CONFIG_HOME, 'postage', 'config.json'),
    JSON.stringify({ api_key: 'pk_stale_key' }),
  );
  const whoami = await cliJson(['whoami'], { env: { ...env, POSTAGE_API_KEY: FULL_KEY } });
  assert.equal(whoami.key_source, 'environment');
});

test('a refused key exits 3 with what to do, and nothing is stored', async () => {
  const env = cliEnv();
  const login = await runCli(['login', '--api-key-stdin'], { env, input: `pk_${'0'.repeat(16)}_${'0'.repeat(64)}\n` });
  assert.equal(login.code, 3);
  assert.match(login.stderr, /postage login/);
  assert.equal(fs.existsSync(path.join(env.XDG_CONFIG_HOME, 'postage', 'config.json')), false);
});

test('without any key a command exits 3 and says how to give one', async () => {
  const result = await runCli(['emails', 'list'], { env: cliEnv() });
  assert.equal(result.code, 3);
  assert.match(result.stderr, /postage login.*POSTAGE_API_KEY/);
});
