// A domain-scoped full_access key manages only its domains (docs/teams.md, "Who may call what"). It
// cannot mint a key wider than its own (the seen bug: an unscoped key minted by a key scoped to
// a.example sent from b.example); lists show only what is within its scope; a domain, message or
// key outside it answers 404 exactly like one that does not exist, and nothing changes;
// account-wide resources (webhooks, BYOC, usage, suppression changes, new domains) are 403
// insufficient_permission.
import { randomUUID } from 'node:crypto';
import { createApiKey, findApiKey } from '../../core/accounts/apiKeys';
import { suppressManually } from '../../core/accounts/suppressions';
import { addDomain, findDomain, markDomainVerified } from '../../core/domains/domains';
import { insertQueuedLogRow } from '../../core/sending/emailLog';
import { createEndpoint, createSender, uniqueName } from '../helpers/fixtures';
import { startServiceStack, type ServiceStack } from '../helpers/serviceStack';
import { send, testSendBody, type ApiResponse } from '../api/helpers/http';
import { loadOpenApiCheck, type DocumentedCheck } from '../api/helpers/openApi';
import { keyRequest } from './helpers';

let stack: ServiceStack;
let documented: DocumentedCheck;
let accountId: string;
let domainA: string;
let domainB: string;
/** full_access, scoped to domain A. */
let scoped: ReturnType<typeof keyRequest>;
let scopedKeyId: string;
let unscopedFullKeyId: string;
let keyForB: string;
let keyForA: string;
let messageA: string;
let messageB: string;
let webhookId: string;

async function message(domain: string): Promise<string> {
  const id = randomUUID();
  await insertQueuedLogRow(stack.db, {
    messageId: id,
    accountId,
    recipient: `someone@example.org`,
    fromEmail: `hi@${domain}`,
    subject: `From ${domain}`,
    kind: 'real',
    attachments: 0,
  });
  return id;
}

beforeAll(async () => {
  stack = await startServiceStack({ worker: false, env: { SES_DOMAIN_IDENTITIES: 'local' } });
  documented = await loadOpenApiCheck(stack.baseUrl);
  const sender = await createSender(stack.db, { plan: 'growth' });
  accountId = sender.account.id;
  domainA = sender.domain;
  domainB = `${uniqueName('other')}.example.com`;
  await addDomain(stack.db, { accountId, name: domainB, mode: 'shared' }, 'test');
  await markDomainVerified(stack.db, domainB, 'test');
  const full = await createApiKey(
    stack.db,
    { accountId, name: 'scoped admin', permission: 'full_access', domainScope: [domainA] },
    'test',
  );
  scopedKeyId = full.apiKey.id;
  scoped = keyRequest(stack.baseUrl, full.secret);
  unscopedFullKeyId = (await createApiKey(stack.db, { accountId, name: 'admin', permission: 'full_access' }, 'test'))
    .apiKey.id;
  keyForA = (await createApiKey(stack.db, { accountId, name: 'app a', domainScope: [domainA] }, 'test')).apiKey.id;
  keyForB = (await createApiKey(stack.db, { accountId, name: 'app b', domainScope: [domainB] }, 'test')).apiKey.id;
  [messageA, messageB] = [await message(domainA), await message(domainB)];
  webhookId = (await createEndpoint(stack.db, stack.config.secretKey, accountId, 'http://127.0.0.1:9/hooks')).endpoint
    .id;
  await suppressManually(stack.db, { accountId, address: 'gone@example.org' }, 'test');
});
afterAll(async () => stack?.stop());

function expectRefused(res: ApiResponse, label: string): void {
  expect({ label, status: res.status, error: res.json.error }).toEqual({
    label,
    status: 403,
    error: 'insufficient_permission',
  });
}

test('a scoped full_access key cannot create a key without a scope, or scoped to other domains; within its own scope it can', async () => {
  const asks: [string, Record<string, unknown>][] = [
    ['no scope (every domain)', { name: 'wide', permission: 'sending' }],
    ['an empty scope', { name: 'wide', permission: 'full_access', domains: [] }],
    ['another domain', { name: 'other', permission: 'sending', domains: [domainB] }],
    ['its own and another', { name: 'both', permission: 'sending', domains: [domainA, domainB] }],
  ];
  const unscopedKeys = async () =>
    (
      await stack
        .db('api_keys')
        .where({ account_id: accountId })
        .whereRaw('cardinality(domain_scope) = 0')
        .orderBy('id')
    ).map((k: { id: string }) => k.id);
  const before = await unscopedKeys();
  for (const [label, body] of asks) {
    const res = await scoped('POST', '/api/api-keys', body);
    expectRefused(res, label);
    documented('/api/api-keys', 'post', res);
  }
  const sending = await scoped('POST', '/api/api-keys', {
    name: 'narrow',
    permission: 'sending',
    domains: [domainA.toUpperCase()],
  });
  expect(sending.status).toBe(201);
  expect(sending.json.api_key).toMatchObject({ permission: 'sending', domains: [domainA] });
  const admin = await scoped('POST', '/api/api-keys', {
    name: 'narrow admin',
    permission: 'full_access',
    domains: [domainA],
  });
  expect(admin.status).toBe(201);
  // What it minted sends from its domain only.
  const secret = String(sending.json.secret);
  expect((await send(stack, secret, testSendBody(stack, domainB))).json.error).toBe('domain_not_allowed');
  expect(await unscopedKeys()).toEqual(before);
});

test('lists show only its domains, the keys within its scope and the messages sent from its domains', async () => {
  const domains = await scoped('GET', '/api/domains');
  documented('/api/domains', 'get', domains);
  expect((domains.json.domains as { name: string }[]).map((d) => d.name)).toEqual([domainA]);

  const keys = await scoped('GET', '/api/api-keys');
  documented('/api/api-keys', 'get', keys);
  const listed = (keys.json.api_keys as { id: string; domains: string[] }[]).map((k) => k.id);
  expect(listed).toEqual(expect.arrayContaining([scopedKeyId, keyForA]));
  expect(listed).not.toContain(keyForB);
  expect(listed).not.toContain(unscopedFullKeyId);
  for (const k of keys.json.api_keys as { domains: string[] }[]) expect(k.domains).toEqual([domainA]);

  const emails = await scoped('GET', '/api/emails');
  documented('/api/emails', 'get', emails);
  expect((emails.json.emails as { message_id: string }[]).map((e) => e.message_id)).toEqual([messageA]);
  // Filters cannot widen it.
  const filtered = await scoped('GET', `/api/emails?from=${encodeURIComponent(domainB)}`);
  expect(filtered.json.emails).toEqual([]);
});

test('a domain, message or key outside its scope answers 404 like one that does not exist, and nothing changes', async () => {
  const nowhere = 'nowhere-0000.example.com';
  const [absentMessage, absentKey] = [randomUUID(), randomUUID()];
  // [method, path template, the scoped-out name or id, one that exists nowhere]
  const cases: [string, string, string, string][] = [
    ['GET', '/api/domains/{}', domainB, nowhere],
    ['POST', '/api/domains/{}/verify', domainB, nowhere],
    ['DELETE', '/api/domains/{}', domainB, nowhere],
    ['GET', '/api/emails/{}', messageB, absentMessage],
    ['DELETE', '/api/api-keys/{}', keyForB, absentKey],
    ['DELETE', '/api/api-keys/{}', unscopedFullKeyId, absentKey],
  ];
  const masked = (res: ApiResponse, id: string) => JSON.stringify(res.json).split(id).join('<id>');
  for (const [method, template, theirs, absent] of cases) {
    const op = `${method} ${template.replace('{}', theirs)}`;
    const res = await scoped(method, template.replace('{}', theirs));
    expect({ op, status: res.status, error: res.json.error }).toEqual({ op, status: 404, error: 'not_found' });
    const nothing = await scoped(method, template.replace('{}', absent));
    expect(masked(res, theirs)).toEqual(masked(nothing, absent));
  }
  expect(await findDomain(stack.db, domainB)).toBeDefined();
  expect((await findApiKey(stack.db, keyForB))!.revokedAt).toBeNull();
  expect((await findApiKey(stack.db, unscopedFullKeyId))!.revokedAt).toBeNull();

  // Its own domain, message and keys stay reachable.
  expect((await scoped('GET', `/api/domains/${domainA}`)).status).toBe(200);
  expect((await scoped('GET', `/api/emails/${messageA}`)).status).toBe(200);
  const revoked = await scoped('DELETE', `/api/api-keys/${keyForA}`);
  expect(revoked.json).toMatchObject({ id: keyForA, state: 'revoked' });
});

test('a scheduled message without a log row yet is judged by its own sender domain: outside the scope, moving or cancelling it is 404 and changes nothing', async () => {
  // No worker runs here, so the scheduled sends below never get their log rows (as a BYOC message never does).
  const sending = (await createApiKey(stack.db, { accountId, name: 'app' }, 'test')).secret;
  const later = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
  const schedule = async (domain: string) => {
    const res = await send(stack, sending, testSendBody(stack, domain, { scheduled_at: later(60) }));
    expect(res.status).toBe(200);
    const id = String(res.json.message_id);
    expect(await stack.db('email_log').where({ message_id: id }).first()).toBeUndefined();
    return id;
  };
  const [inScope, outOfScope] = [await schedule(domainA), await schedule(domainB)];
  const masked = (res: ApiResponse, id: string) => JSON.stringify(res.json).split(id).join('<id>');
  const absent = randomUUID();
  for (const [method, suffix, body] of [
    ['PATCH', '', { scheduled_at: later(90) }],
    ['POST', '/cancel', undefined],
  ] as const) {
    const res = await scoped(method, `/api/emails/${outOfScope}${suffix}`, body);
    documented(`/api/emails/{message_id}${suffix}`, method.toLowerCase() as 'patch' | 'post', res);
    expect({ method, status: res.status, error: res.json.error }).toEqual({ method, status: 404, error: 'not_found' });
    expect(masked(res, outOfScope)).toEqual(
      masked(await scoped(method, `/api/emails/${absent}${suffix}`, body), absent),
    );
  }
  expect(await stack.db('scheduled_sends').where({ message_id: outOfScope }).first()).toMatchObject({
    state: 'scheduled',
    sender_domain: domainB,
  });
  // Within its scope it may.
  expect((await scoped('PATCH', `/api/emails/${inScope}`, { scheduled_at: later(90) })).status).toBe(200);
  expect((await scoped('POST', `/api/emails/${inScope}/cancel`)).json).toMatchObject({ status: 'canceled' });
});

test('account-wide resources need an unscoped key or a signed-in user: webhooks, BYOC, usage, suppression changes, new domains', async () => {
  const refused: [string, string, unknown?][] = [
    ['GET', '/api/webhooks'],
    ['POST', '/api/webhooks', { url: 'http://127.0.0.1:9/x', events: ['email.sent'] }],
    ['PATCH', `/api/webhooks/${webhookId}`, { active: false }],
    ['DELETE', `/api/webhooks/${webhookId}`],
    ['GET', `/api/webhooks/${webhookId}/deliveries`],
    ['POST', `/api/webhooks/${webhookId}/test`, {}],
    ['GET', '/api/byoc'],
    ['PUT', '/api/byoc', { role_arn: 'arn:aws:iam::210987654321:role/Service-BYOC-Role', region: 'us-east-1' }],
    ['POST', '/api/byoc/validate'],
    ['GET', '/api/byoc/policy'],
    ['GET', '/api/byoc/cloudformation'],
    ['GET', '/api/usage'],
    ['POST', '/api/suppressions', { address: 'new@example.org' }],
    ['DELETE', '/api/suppressions/gone%40example.org'],
    ['POST', '/api/domains', { name: `${uniqueName('new')}.example.com`, sending_mode: 'shared' }],
  ];
  for (const [method, path, body] of refused) {
    const res = await scoped(method, path, body);
    expectRefused(res, `${method} ${path}`);
  }
  // Reading the suppression list is allowed: any key of the account learns a suppression by sending.
  const suppressions = await scoped('GET', '/api/suppressions');
  expect(suppressions.status).toBe(200);
  expect(suppressions.json.suppressions).toEqual([expect.objectContaining({ address: 'gone@example.org' })]);
  // Nothing changed.
  expect(await stack.db('webhook_endpoints').where({ id: webhookId, active: true }).first()).toBeDefined();
  expect(
    await stack.db('suppressions').where({ account_id: accountId }).count<{ count: string }[]>('* as count'),
  ).toEqual([{ count: '1' }]);
  expect(await stack.db('byoc_configs').where({ account_id: accountId }).first()).toBeUndefined();
});
