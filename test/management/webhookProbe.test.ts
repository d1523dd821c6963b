// `POST /api/webhooks/{id}/test` must not be an open outbound probe (docs/decisions.md, "Test
// events are not a probe"). Test events are limited per account (429 too_many_requests with
// Retry-After); a failure without an HTTP answer is reported, and kept in the deliveries, by
// category only (no resolved addresses, no system error text, no measured time); and changing or
// testing an endpoint needs the same plan as creating one (403 plan_required).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApiKey } from '../../core/accounts/apiKeys';
import { createEndpoint, createSender } from '../helpers/fixtures';
import { startServiceStack, type ServiceStack } from '../helpers/serviceStack';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhookReceiver';
import { freePort } from '../../tools/stack/processes';
import { type ApiResponse } from '../api/helpers/http';
import { loadOpenApiCheck, type DocumentedCheck } from '../api/helpers/openApi';
import { up as rewriteOldDeliveries } from '../../migrations/20261126020000_webhook_failure_categories';
import { keyRequest } from './helpers';

const TIMEOUT_MS = 500;
let stack: ServiceStack;
let documented: DocumentedCheck;
let receiver: WebhookReceiver;
let silent: http.Server;
let silentUrl: string;

beforeAll(async () => {
  stack = await startServiceStack({
    worker: false,
    env: { SES_DOMAIN_IDENTITIES: 'local', WEBHOOK_TIMEOUT_MS: String(TIMEOUT_MS) },
  });
  documented = await loadOpenApiCheck(stack.baseUrl);
  receiver = await startWebhookReceiver();
  // Accepts the connection and never answers.
  silent = http.createServer(() => undefined);
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  silentUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/hooks`;
});
afterAll(async () => {
  silent?.closeAllConnections();
  silent?.close();
  await receiver?.close();
  await stack?.stop();
});

/** A Growth account (unless `plan` says otherwise: its endpoint was made while it had Growth) with a full_access key and an endpoint at `url`. */
async function accountWithEndpoint(url: string, plan: string | null = 'growth') {
  const sender = await createSender(stack.db);
  const { secret } = await createApiKey(
    stack.db,
    { accountId: sender.account.id, name: 'admin', permission: 'full_access' },
    'test',
  );
  const { endpoint } = await createEndpoint(stack.db, stack.config.secretKey, sender.account.id, url, [
    'email.delivered',
  ]);
  if (plan !== 'growth') await stack.db('accounts').where({ id: sender.account.id }).update({ plan });
  return { accountId: sender.account.id, asAdmin: keyRequest(stack.baseUrl, secret), endpointId: endpoint.id };
}

test('a test event that gets no HTTP answer says only why, by category, with no measured time; the deliveries keep the same', async () => {
  const closedPort = await freePort();
  const cases: { label: string; url: string; storedUrl?: string; error: string; duration: number }[] = [
    { label: 'nothing listens', url: `http://127.0.0.1:${closedPort}/hooks`, error: 'connection_refused', duration: 0 },
    { label: 'never answers', url: silentUrl, error: 'timeout', duration: TIMEOUT_MS },
    {
      label: 'HTTPS to a plain HTTP server',
      url: receiver.url.replace('http:', 'https:'),
      error: 'tls_error',
      duration: 0,
    },
    // Names and addresses that changed after the endpoint was created (the URL check ran then).
    {
      label: 'a name that no longer resolves',
      url: receiver.url,
      storedUrl: 'http://no-such-host.invalid/hooks',
      error: 'dns_failure',
      duration: 0,
    },
    {
      label: 'an address in private space',
      url: receiver.url,
      storedUrl: 'http://10.255.255.1/hooks',
      error: 'address_not_allowed',
      duration: 0,
    },
  ];
  const { asAdmin, endpointId } = await accountWithEndpoint(receiver.url);
  for (const c of cases) {
    await asAdmin('PATCH', `/api/webhooks/${endpointId}`, { url: c.url });
    if (c.storedUrl) await stack.db('webhook_endpoints').where({ id: endpointId }).update({ url: c.storedUrl });
    const res = await asAdmin('POST', `/api/webhooks/${endpointId}/test`, {});
    documented('/api/webhooks/{id}/test', 'post', res);
    expect({ label: c.label, status: res.status, delivery: res.json.delivery }).toEqual({
      label: c.label,
      status: 200,
      delivery: expect.objectContaining({
        succeeded: false,
        status_code: null,
        error: c.error,
        duration_ms: c.duration,
      }),
    });
    // No system error text, resolved address or port in the answer.
    expect(JSON.stringify(res.json.delivery)).not.toMatch(
      /ECONN|ENOTFOUND|EAI_|getaddrinfo|ssl|wrong version|not allowed|127\.0\.0\.1|10\.255|\d+ ms/i,
    );
  }
  const deliveries = await asAdmin('GET', `/api/webhooks/${endpointId}/deliveries`);
  documented('/api/webhooks/{id}/deliveries', 'get', deliveries);
  const listed = deliveries.json.deliveries as { error: string; duration_ms: number }[];
  expect(listed.map((d) => [d.error, d.duration_ms])).toEqual(cases.map((c) => [c.error, c.duration]).reverse());
  expect(
    JSON.stringify(await stack.db('webhook_deliveries').where({ endpoint_id: endpointId }).select('error')),
  ).not.toMatch(/ECONN|ENOTFOUND|getaddrinfo|not allowed|127\.0\.0\.1/);
});

test('an account may send 10 test events a minute; the 11th is 429 too_many_requests with Retry-After and goes nowhere; other accounts are not affected', async () => {
  const one = await accountWithEndpoint(receiver.url);
  const before = receiver.received.length;
  for (let i = 0; i < 10; i++) {
    const res = await one.asAdmin('POST', `/api/webhooks/${one.endpointId}/test`, {});
    expect([i, res.status, (res.json.delivery as { status_code: number }).status_code]).toEqual([i, 200, 200]);
  }
  const limited: ApiResponse = await one.asAdmin('POST', `/api/webhooks/${one.endpointId}/test`, {});
  expect([limited.status, limited.json.success, limited.json.error]).toEqual([429, false, 'too_many_requests']);
  documented('/api/webhooks/{id}/test', 'post', limited);
  const retryAfter = Number(limited.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
  expect(receiver.received.length - before).toBe(10);
  expect(
    await stack
      .db('webhook_deliveries')
      .where({ endpoint_id: one.endpointId })
      .count<{ count: string }[]>('* as count'),
  ).toEqual([{ count: '10' }]);

  const other = await accountWithEndpoint(receiver.url);
  expect((await other.asAdmin('POST', `/api/webhooks/${other.endpointId}/test`, {})).status).toBe(200);
});

test('changing an endpoint, switching it on and sending it a test event need Growth or Pro, like creating one (403 plan_required); switching it off and deleting do not', async () => {
  const free = await accountWithEndpoint(receiver.url, null);
  const before = receiver.received.length;
  expect((await free.asAdmin('POST', '/api/webhooks', { url: receiver.url, events: ['email.sent'] })).json.error).toBe(
    'plan_required',
  );
  for (const [method, path, body] of [
    ['PATCH', `/api/webhooks/${free.endpointId}`, { url: 'http://127.0.0.1:9/elsewhere' }],
    ['PATCH', `/api/webhooks/${free.endpointId}`, { active: true, events: ['email.sent'] }],
    ['POST', `/api/webhooks/${free.endpointId}/test`, {}],
  ] as const) {
    const res = await free.asAdmin(method, path, body);
    expect({ op: `${method} ${path}`, status: res.status, error: res.json.error }).toEqual({
      op: `${method} ${path}`,
      status: 403,
      error: 'plan_required',
    });
    documented(
      method === 'PATCH' ? '/api/webhooks/{id}' : '/api/webhooks/{id}/test',
      method === 'PATCH' ? 'patch' : 'post',
      res,
    );
  }
  expect(receiver.received.length).toBe(before);
  expect(await stack.db('webhook_endpoints').where({ id: free.endpointId }).first()).toMatchObject({
    url: receiver.url,
    active: true,
    events: ['email.delivered'],
  });
  // Switching it off stops deliveries, which needs no plan; switching it on again does.
  const off = await free.asAdmin('PATCH', `/api/webhooks/${free.endpointId}`, { active: false });
  expect([off.status, off.json.active]).toEqual([200, false]);
  expect((await free.asAdmin('PATCH', `/api/webhooks/${free.endpointId}`, { active: true })).json.error).toBe(
    'plan_required',
  );
  expect((await free.asAdmin('DELETE', `/api/webhooks/${free.endpointId}`)).status).toBe(200);
});

test('the deliveries kept before keep no raw error text either (migration)', async () => {
  const { endpointId } = await accountWithEndpoint(receiver.url);
  const old = [
    ['no response within 5000 ms', null, 5000, 'timeout', 5000],
    ['endpoint answered HTTP 500', 500, 40, null, 40],
    ['connect ECONNREFUSED 203.0.113.7:8443', null, 31, 'connection_refused', 0],
    ['getaddrinfo ENOTFOUND internal.example', null, 12, 'dns_failure', 0],
    [
      'DNS lookup 10.0.0.5(family:4, host:x.example) is not allowed. Because, It is private IP address.',
      null,
      3,
      'address_not_allowed',
      0,
    ],
    ['self-signed certificate', null, 20, 'tls_error', 0],
    ['socket hang up', null, 77, 'network_error', 0],
    ['the delivery was cancelled', null, 9, 'cancelled', 0],
  ] as const;
  const ids: string[] = [];
  for (const [error, status, latency] of old) {
    const [row] = await stack
      .db('webhook_deliveries')
      .insert({
        endpoint_id: endpointId,
        event_type: 'email.delivered',
        status_code: status,
        latency_ms: latency,
        succeeded: false,
        error,
        is_test: false,
      })
      .returning('id');
    ids.push((row as { id: string }).id);
  }
  await rewriteOldDeliveries(stack.db);
  const rows = await Promise.all(ids.map((id) => stack.db('webhook_deliveries').where({ id }).first()));
  expect(rows.map((r: { error: string | null; latency_ms: number }) => [r.error, r.latency_ms])).toEqual(
    old.map((o) => [o[3], o[4]]),
  );
});

test('an endpoint URL that does not pass the address check gets one answer, whatever the resolver said: no resolved address, no error code', async () => {
  const { asAdmin } = await accountWithEndpoint(receiver.url);
  // A name that does not resolve and addresses in private space.
  const hosts = ['no-such-host.invalid', '10.255.255.1', '[fd00::1]'];
  const details: string[] = [];
  for (const host of hosts) {
    const res = await asAdmin('POST', '/api/webhooks', { url: `http://${host}/hooks`, events: ['email.delivered'] });
    documented('/api/webhooks', 'post', res);
    expect({ host, status: res.status, fields: Object.keys((res.json.errors as object | undefined) ?? {}) }).toEqual({
      host,
      status: 400,
      fields: ['url'],
    });
    details.push(JSON.stringify(res.json).replaceAll(host.replace(/^\[(.*)\]$/, '$1'), '<host>'));
  }
  expect(new Set(details).size).toBe(1);
  expect(details[0]).not.toMatch(/ENOTFOUND|EAI_|getaddrinfo|127\.0\.0\.1|::1|loopback|private/i);
});
