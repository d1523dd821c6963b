// API keys bound to networks (docs/teams.md, "Keys bound to networks"): from outside its ranges a
// valid key is refused on every endpoint with 403 network_not_allowed, which never names the
// ranges; from inside, it works as any key. The client address follows TRUST_PROXY: here the API
// trusts 127.0.0.1 as its proxy, so X-Forwarded-For counts from there and from nowhere else.
import { request as httpRequest } from 'node:http';
import { createApiKey } from '../../core/accounts/apiKeys';
import { createSender, type SenderFixture } from '../helpers/fixtures';
import { startServiceStack, type ServiceStack } from '../helpers/serviceStack';
import { call, me, send, testSendBody, type ApiResponse } from '../api/helpers/http';
import { loadOpenApiCheck, type DocumentedCheck } from '../api/helpers/openApi';
import { keyRequest } from './helpers';

let stack: ServiceStack;
let documented: DocumentedCheck;
let sender: SenderFixture;

beforeAll(async () => {
  stack = await startServiceStack({ worker: false, env: { TRUST_PROXY: '127.0.0.1' } });
  documented = await loadOpenApiCheck(stack.baseUrl);
  sender = await createSender(stack.db);
});
afterAll(async () => stack?.stop());

async function boundKey(networks: string[], permission: 'sending' | 'full_access' = 'sending'): Promise<string> {
  return (
    await createApiKey(
      stack.db,
      { accountId: sender.account.id, name: `bound ${networks[0]}`, permission, networks },
      'test',
    )
  ).secret;
}

function expectOutsideNetworks(res: ApiResponse, label: string): void {
  expect({ label, status: res.status, error: res.json.error }).toEqual({
    label,
    status: 403,
    error: 'network_not_allowed',
  });
  expect(JSON.stringify(res.json)).not.toMatch(/10\.0\.0\.0|\/8/);
}

/** GET /api/me/ from a chosen local address (fetch cannot pick one), with extra headers. */
function meFrom(localAddress: string, apiKey: string, headers: Record<string, string> = {}): Promise<number> {
  const url = new URL(`${stack.baseUrl}/api/me/`);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        localAddress,
        headers: { 'X-API-Key': apiKey, ...headers },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

test('a key bound to 10.0.0.0/8 is refused from 127.0.0.1 on the send, batch, account and management endpoints (403 network_not_allowed, naming no range); bound to 127.0.0.0/8 it is accepted', async () => {
  const sending = await boundKey(['10.0.0.0/8']);
  const full = await boundKey(['10.0.0.0/8'], 'full_access');
  const refused = {
    send: await send(stack, sending, testSendBody(stack, sender.domain)),
    batch: await call(`${stack.baseUrl}/api/send/batch`, {
      method: 'POST',
      headers: { 'X-API-Key': sending, 'Content-Type': 'application/json' },
      body: JSON.stringify({ emails: [testSendBody(stack, sender.domain)] }),
    }),
    me: await me(stack, sending),
    domains: await keyRequest(stack.baseUrl, full)('GET', '/api/domains'),
  };
  for (const [label, res] of Object.entries(refused)) expectOutsideNetworks(res, label);
  documented('/api/send/', 'post', refused.send);
  documented('/api/send/batch', 'post', refused.batch);
  documented('/api/me/', 'get', refused.me);
  documented('/api/domains', 'get', refused.domains);
  // Nothing was accepted for the refused key.
  expect(await stack.db('email_log').where({ account_id: sender.account.id }).count<{ count: string }[]>('*')).toEqual([
    { count: '0' },
  ]);

  const loopback = await boundKey(['127.0.0.0/8']);
  const sent = await send(stack, loopback, testSendBody(stack, sender.domain));
  expect(sent.status).toBe(200);
  expect((await me(stack, loopback)).status).toBe(200);
  expect(
    (await keyRequest(stack.baseUrl, await boundKey(['127.0.0.1'], 'full_access'))('GET', '/api/domains')).status,
  ).toBe(200);
});

test('behind the trusted proxy the client is the one X-Forwarded-For names; from any other peer the header is ignored', async () => {
  const key = await boundKey(['10.0.0.0/8']);
  // Relayed by the proxy (127.0.0.1) for a client inside, then outside, the key's network.
  expect(await meFrom('127.0.0.1', key, { 'X-Forwarded-For': '10.1.2.3' })).toBe(200);
  expect(await meFrom('127.0.0.1', key, { 'X-Forwarded-For': '192.0.2.7' })).toBe(403);
  // 127.0.0.2 is not the proxy: its claim to be 10.1.2.3 counts for nothing.
  expect(await meFrom('127.0.0.2', key, { 'X-Forwarded-For': '10.1.2.3' })).toBe(403);
  expect(await meFrom('127.0.0.2', await boundKey(['127.0.0.2']), { 'X-Forwarded-For': '10.1.2.3' })).toBe(200);
});

test('networks are stored canonically and listed; a bad entry is a 400 on networks; the audit log records them', async () => {
  const admin = keyRequest(stack.baseUrl, await boundKey(['0.0.0.0/0', '::/0'], 'full_access'));
  const created = await admin('POST', '/api/api-keys', {
    name: 'app servers',
    networks: ['10.20.3.4/16', '2001:DB8:20::/48', '192.0.2.9', '10.20.0.0/16'],
  });
  documented('/api/api-keys', 'post', created);
  expect(created.status).toBe(201);
  const networks = ['10.20.0.0/16', '2001:db8:20::/48', '192.0.2.9/32'];
  expect((created.json.api_key as { networks: string[] }).networks).toEqual(networks);
  const listed = await admin('GET', '/api/api-keys');
  const prefix = (created.json.api_key as { prefix: string }).prefix;
  expect(
    (listed.json.api_keys as { prefix: string; networks: string[] }[]).find((k) => k.prefix === prefix)?.networks,
  ).toEqual(networks);

  for (const bad of ['10.0.0.0/33', '010.0.0.1', 'fe80::1%eth0', 'example.com', '']) {
    const res = await admin('POST', '/api/api-keys', { name: 'bad', networks: [bad] });
    documented('/api/api-keys', 'post', res);
    expect({ bad, status: res.status, fields: Object.keys((res.json.errors as object) ?? {}) }).toEqual({
      bad,
      status: 400,
      fields: ['networks'],
    });
  }

  const audit = await stack
    .db('account_audit')
    .where({ account_id: sender.account.id, action: 'api_key.create' })
    .orderBy('created_at', 'desc')
    .first<{ details: { name: string; networks: string[] } }>('details');
  expect(audit?.details).toMatchObject({ name: 'app servers', networks });
});

test('a key bound to networks creates keys bound within them only: never an unbound key, never a wider range', async () => {
  const admin = keyRequest(stack.baseUrl, await boundKey(['127.0.0.0/8', '2001:db8::/32'], 'full_access'));
  for (const networks of [[], ['0.0.0.0/0'], ['126.0.0.0/7'], ['2001:db8::/31']]) {
    const res = await admin('POST', '/api/api-keys', { name: 'wider', networks });
    documented('/api/api-keys', 'post', res);
    expect({ networks, status: res.status, error: res.json.error }).toEqual({
      networks,
      status: 403,
      error: 'insufficient_permission',
    });
  }
  const within = await admin('POST', '/api/api-keys', { name: 'within', networks: ['127.0.0.1', '2001:db8:1::/48'] });
  expect(within.status).toBe(201);
});
