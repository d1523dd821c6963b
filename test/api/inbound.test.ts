// Receiving email through the management API (docs/inbound.md): inbound domains on verified
// shared-mode domains (BYOC refused, one account per name, the MX record checked through the
// tests' own DNS server), their rules (patterns, conflicts, endpoint checks), and every answer
// checked against /openapi.json. Another account sees none of it: 404, like what does not exist.
import { createApiKey } from '../../core/accounts/apiKeys';
import { listAudit } from '../../core/platform/audit';
import { addDomain } from '../../core/domains/domains';
import { startTestZone, type TestZone } from '../cli/dnsServer';
import { createEndpoint, createSender, uniqueName, type SenderFixture } from '../helpers/fixtures';
import { startServiceStack, type ServiceStack } from '../helpers/serviceStack';
import { addVerifiedDomain } from './helpers/accounts';
import type { ApiResponse } from './helpers/http';
import { loadOpenApiCheck, type DocumentedCheck } from './helpers/openApi';
import { keyRequest } from '../management/helpers';

let stack: ServiceStack;
let zone: TestZone;
let documented: DocumentedCheck;
let tenant: SenderFixture & { fullKey: string };
let other: SenderFixture & { fullKey: string };

type Caller = (method: string, path: string, body?: unknown) => Promise<ApiResponse>;
/** A request whose answer is checked against the document. */
function documentedCaller(key: string): Caller {
  const request = keyRequest(stack.baseUrl, key);
  return async (method, path, body) => {
    const res = await request(method, path, body);
    documented(templateOf(path), method.toLowerCase() as 'get', res);
    return res;
  };
}
function templateOf(path: string): string {
  const bare = path.split('?')[0]!;
  return bare
    .replace(/^\/api\/inbound-domains\/[^/]+\/rules\/[^/]+$/, '/api/inbound-domains/{name}/rules/{id}')
    .replace(/^\/api\/inbound-domains\/[^/]+\/rules$/, '/api/inbound-domains/{name}/rules')
    .replace(/^\/api\/inbound-domains\/[^/]+\/verify$/, '/api/inbound-domains/{name}/verify')
    .replace(/^\/api\/inbound-domains\/[^/]+$/, '/api/inbound-domains/{name}')
    .replace(/^\/api\/inbound\/[^/]+\/raw$/, '/api/inbound/{id}/raw')
    .replace(/^\/api\/inbound\/[^/]+$/, '/api/inbound/{id}');
}

async function fullTenant(): Promise<SenderFixture & { fullKey: string }> {
  const sender = await createSender(stack.db, { plan: 'growth' });
  const { secret } = await createApiKey(
    stack.db,
    { accountId: sender.account.id, name: 'admin', permission: 'full_access' },
    'test',
  );
  return { ...sender, fullKey: secret };
}

/** An endpoint of the account subscribed to `email.received` (or only to `email.delivered`). */
async function endpoint(accountId: string, received = true): Promise<string> {
  const { endpoint: created } = await createEndpoint(
    stack.db,
    stack.config.secretKey,
    accountId,
    'http://127.0.0.1:9/inbound',
    ['email.delivered'],
  );
  if (received)
    await stack
      .db('webhook_endpoints')
      .where({ id: created.id })
      .update({ events: stack.db.raw(`array_append(events, 'email.received')`) });
  return created.id;
}

beforeAll(async () => {
  zone = await startTestZone();
  stack = await startServiceStack({
    worker: false,
    env: { DNS_SERVERS: zone.server, INBOUND_MX_HOST: 'mx.postage.test' },
  });
  documented = await loadOpenApiCheck(stack.baseUrl);
  [tenant, other] = [await fullTenant(), await fullTenant()];
});
afterAll(async () => {
  await stack?.stop();
  await zone?.close();
});

describe('inbound domains', () => {
  test('a verified shared-mode domain or a subdomain of it receives; the answer lists the MX record to publish', async () => {
    const api = documentedCaller(tenant.fullKey);
    const sub = `reply.${tenant.domain}`;
    const created = await api('POST', '/api/inbound-domains', { name: sub.toUpperCase() });
    expect(created.status).toBe(201);
    expect(created.json).toEqual({
      name: sub,
      domain: tenant.domain,
      status: 'pending',
      records: [{ type: 'MX', name: sub, value: '10 mx.postage.test', status: 'pending' }],
      rule_count: 0,
      created_at: expect.any(String),
      verified_at: null,
      checked_at: null,
    });
    expect((await api('POST', '/api/inbound-domains', { name: tenant.domain })).status).toBe(201);
    const listed = await api('GET', '/api/inbound-domains');
    expect((listed.json.inbound_domains as { name: string }[]).map((d) => d.name)).toEqual([tenant.domain, sub].sort());
    expect((await api('GET', `/api/inbound-domains/${sub}`)).json).toEqual(created.json);
    const audit = await listAudit(stack.db, tenant.account.id, 5);
    expect(audit.map((e) => [e.action, e.details.inbound_domain])).toEqual(
      expect.arrayContaining([
        ['inbound_domain.add', sub],
        ['inbound_domain.add', tenant.domain],
      ]),
    );
  });

  test('refusals: no verified shared parent (404), BYOC (422), taken in any account (409), a name sending uses or no name (400)', async () => {
    const api = documentedCaller(tenant.fullKey);
    const refused = async (name: string) => {
      const res = await api('POST', '/api/inbound-domains', { name });
      return { status: res.status, error: res.json.error, fields: Object.keys((res.json.errors as object) ?? {}) };
    };
    expect(await refused(`${uniqueName('nowhere')}.example.com`)).toMatchObject({ status: 404, error: 'not_found' });
    // Another account's verified domain is as absent as one that does not exist.
    expect(await refused(`in.${other.domain}`)).toMatchObject({ status: 404, error: 'not_found' });
    // A domain whose verification is not finished.
    const pending = `${uniqueName('pending')}.example.com`;
    await addDomain(stack.db, { accountId: tenant.account.id, name: pending, mode: 'shared' }, 'test');
    expect(await refused(pending)).toMatchObject({ status: 404, error: 'not_found' });
    const byoc = await addVerifiedDomain(stack.db, tenant.account.id, 'byoc');
    expect(await refused(byoc)).toMatchObject({ status: 422, error: 'byoc_domain' });
    expect(await refused(`replies.${byoc}`)).toMatchObject({ status: 422, error: 'byoc_domain' });
    // Taken: in this account, and in another one (whose verified subdomain the name is under too).
    const taken = `taken.${tenant.domain}`;
    expect((await api('POST', '/api/inbound-domains', { name: taken })).status).toBe(201);
    expect(await refused(taken)).toMatchObject({ status: 409, error: 'inbound_domain_exists' });
    await addDomain(stack.db, { accountId: other.account.id, name: taken, mode: 'shared' }, 'test');
    await stack
      .db('domains')
      .where({ account_id: other.account.id, name: taken })
      .update({ ownership_verified_at: new Date(), dkim_verified_at: new Date() });
    const theirs = await documentedCaller(other.fullKey)('POST', '/api/inbound-domains', { name: taken });
    expect({ status: theirs.status, error: theirs.json.error }).toEqual({
      status: 409,
      error: 'inbound_domain_exists',
    });
    expect(String(theirs.json.detail)).not.toContain(tenant.account.id);
    // The MAIL FROM domain's MX receives bounces for SES.
    expect(await refused(`send.${tenant.domain}`)).toEqual({ status: 400, error: undefined, fields: ['name'] });
    expect(await refused('not a domain')).toEqual({ status: 400, error: undefined, fields: ['name'] });
  });

  test('verify reads the MX record: verified while it names the receiving host, pending again when it goes', async () => {
    const api = documentedCaller(tenant.fullKey);
    const name = `mx.${tenant.domain}`;
    expect((await api('POST', '/api/inbound-domains', { name })).status).toBe(201);
    const missing = await api('POST', `/api/inbound-domains/${name}/verify`);
    expect(missing.status).toBe(200);
    expect(missing.json).toMatchObject({
      ok: false,
      expected: '10 mx.postage.test',
      found: [],
      inbound_domain: { status: 'pending', verified_at: null, checked_at: expect.any(String) },
    });
    zone.mx(name, 'elsewhere.example.net', 5);
    expect((await api('POST', `/api/inbound-domains/${name}/verify`)).json).toMatchObject({
      ok: false,
      found: ['5 elsewhere.example.net'],
    });
    zone.mx(name, 'MX.postage.test.', 10);
    const found = await api('POST', `/api/inbound-domains/${name}/verify`);
    expect(found.json).toMatchObject({
      ok: true,
      inbound_domain: {
        status: 'verified',
        records: [{ type: 'MX', status: 'verified' }],
        verified_at: expect.any(String),
      },
    });
    zone.remove(name);
    expect((await api('POST', `/api/inbound-domains/${name}/verify`)).json).toMatchObject({
      ok: false,
      inbound_domain: { status: 'pending', verified_at: null },
    });
    const actions = (await listAudit(stack.db, tenant.account.id, 5)).map((e) => e.action);
    expect(actions.slice(0, 2)).toEqual(['inbound_domain.mx_missing', 'inbound_domain.mx_verified']);
  });

  test('delete takes the rules with it; the name can then be added again', async () => {
    const api = documentedCaller(tenant.fullKey);
    const name = `gone.${tenant.domain}`;
    expect((await api('POST', '/api/inbound-domains', { name })).status).toBe(201);
    expect((await api('POST', `/api/inbound-domains/${name}/rules`, { match: '*' })).status).toBe(201);
    const deleted = await api('DELETE', `/api/inbound-domains/${name}`);
    expect(deleted).toMatchObject({ status: 200, json: { success: true, warnings: [] } });
    expect((await api('GET', `/api/inbound-domains/${name}`)).status).toBe(404);
    expect((await api('GET', `/api/inbound-domains/${name}/rules`)).status).toBe(404);
    expect(await stack.db('inbound_rules').where({ account_id: tenant.account.id, match: '*' }).count()).toEqual([
      { count: '0' },
    ]);
    expect((await api('POST', '/api/inbound-domains', { name })).status).toBe(201);
  });
});

describe('rules', () => {
  let name: string;
  beforeAll(async () => {
    name = `rules.${tenant.domain}`;
    expect((await documentedCaller(tenant.fullKey)('POST', '/api/inbound-domains', { name })).status).toBe(201);
  });

  test('addresses, tags and the catch-all, lower-cased, listed in order of precedence', async () => {
    const api = documentedCaller(tenant.fullKey);
    const hook = await endpoint(tenant.account.id);
    const made: Record<string, unknown>[] = [];
    for (const [match, body] of [
      ['*', {}],
      ['Reply+*', { endpoint_ids: [hook.toUpperCase()] }],
      ['Support', { endpoint_ids: [] }],
      ["o'brien.team", {}],
    ] as const) {
      const res = await api('POST', `/api/inbound-domains/${name}/rules`, { match, ...body });
      expect(res.status).toBe(201);
      made.push(res.json);
    }
    expect(made.map((r) => [r.match, r.kind, r.endpoint_ids, r.domain])).toEqual([
      ['*', 'catch_all', [], name],
      ['reply+*', 'tag', [hook], name],
      ['support', 'address', [], name],
      ["o'brien.team", 'address', [], name],
    ]);
    const listed = await api('GET', `/api/inbound-domains/${name}/rules`);
    expect((listed.json.rules as { match: string }[]).map((r) => r.match)).toEqual([
      "o'brien.team",
      'support',
      'reply+*',
      '*',
    ]);
    expect((await api('GET', `/api/inbound-domains/${name}`)).json.rule_count).toBe(4);
  });

  test('refusals: a pattern that is none (400 on match), a match taken (409), endpoints not subscribed or not the account’s (422)', async () => {
    const api = documentedCaller(tenant.fullKey);
    const add = async (body: unknown) => {
      const res = await api('POST', `/api/inbound-domains/${name}/rules`, body);
      return { status: res.status, error: res.json.error, fields: Object.keys((res.json.errors as object) ?? {}) };
    };
    for (const match of ['a+b', 'a*', '+*', '.a', 'a..b', 'x'.repeat(65), 'a b', '**'])
      expect({ match, ...(await add({ match })) }).toEqual({ match, status: 400, error: undefined, fields: ['match'] });
    expect(await add({ match: 'dup' })).toMatchObject({ status: 201 });
    expect(await add({ match: 'DUP' })).toMatchObject({ status: 409, error: 'inbound_rule_exists' });
    const unsubscribed = await endpoint(tenant.account.id, false);
    const theirs = await endpoint(other.account.id);
    for (const ids of [[unsubscribed], [theirs], ['00000000-0000-4000-8000-000000000000']]) {
      const refused = await api('POST', `/api/inbound-domains/${name}/rules`, { match: 'help', endpoint_ids: ids });
      expect({ status: refused.status, error: refused.json.error }).toEqual({
        status: 422,
        error: 'invalid_endpoints',
      });
      expect(String(refused.json.detail)).toContain(ids[0]);
    }
    const eleven = Array.from(
      { length: 11 },
      (_, i) => `00000000-0000-4000-8000-0000000000${String(i).padStart(2, '0')}`,
    );
    expect(await add({ match: 'help', endpoint_ids: eleven })).toMatchObject({ status: 400, fields: ['endpoint_ids'] });
    expect(await add({ match: 'help', endpoint_ids: ['not-a-uuid'] })).toMatchObject({ status: 400 });
  });

  test('delete a rule: gone from the list; another domain’s rule id, or none, is a 404', async () => {
    const api = documentedCaller(tenant.fullKey);
    const rule = await api('POST', `/api/inbound-domains/${name}/rules`, { match: 'temp' });
    const id = String(rule.json.id);
    const elsewhere = `elsewhere.${tenant.domain}`;
    expect((await api('POST', '/api/inbound-domains', { name: elsewhere })).status).toBe(201);
    expect((await api('DELETE', `/api/inbound-domains/${elsewhere}/rules/${id}`)).status).toBe(404);
    expect((await api('DELETE', `/api/inbound-domains/${name}/rules/${id}`)).status).toBe(200);
    expect((await api('DELETE', `/api/inbound-domains/${name}/rules/${id}`)).status).toBe(404);
    expect((await api('DELETE', `/api/inbound-domains/${name}/rules/nope`)).status).toBe(404);
    const listed = await api('GET', `/api/inbound-domains/${name}/rules`);
    expect((listed.json.rules as { id: string }[]).map((r) => r.id)).not.toContain(id);
    const actions = (await listAudit(stack.db, tenant.account.id, 3)).map((e) => e.action);
    expect(actions[0]).toBe('inbound_rule.delete');
  });
});

describe('isolation', () => {
  test('another account sees none of it: every inbound domain path answers 404, as for names that do not exist', async () => {
    const mine = `private.${tenant.domain}`;
    const api = documentedCaller(tenant.fullKey);
    expect((await api('POST', '/api/inbound-domains', { name: mine })).status).toBe(201);
    const rule = await api('POST', `/api/inbound-domains/${mine}/rules`, { match: 'secret' });
    const theirs = documentedCaller(other.fullKey);
    for (const [method, path, body] of [
      ['GET', `/api/inbound-domains/${mine}`],
      ['DELETE', `/api/inbound-domains/${mine}`],
      ['POST', `/api/inbound-domains/${mine}/verify`],
      ['GET', `/api/inbound-domains/${mine}/rules`],
      ['POST', `/api/inbound-domains/${mine}/rules`, { match: 'x' }],
      ['DELETE', `/api/inbound-domains/${mine}/rules/${String(rule.json.id)}`],
    ] as const) {
      const res = await theirs(method, path, body);
      expect({ path, status: res.status, error: res.json.error }).toEqual({ path, status: 404, error: 'not_found' });
      const absent = await theirs(method, path.replace(mine, `none.${other.domain}`), body);
      expect(String(res.json.detail).replace(mine, '<name>')).toEqual(
        String(absent.json.detail).replace(`none.${other.domain}`, '<name>'),
      );
    }
    const listed = await theirs('GET', '/api/inbound-domains');
    expect(JSON.stringify(listed.json)).not.toContain(tenant.domain);
    expect((await api('GET', `/api/inbound-domains/${mine}/rules`)).json.rules).toHaveLength(1);
  });

  test('a domain-scoped key reaches the inbound domains of its domains only', async () => {
    const second = await addVerifiedDomain(stack.db, tenant.account.id, 'shared');
    const api = documentedCaller(tenant.fullKey);
    expect((await api('POST', '/api/inbound-domains', { name: `in.${second}` })).status).toBe(201);
    const scoped = documentedCaller(
      (
        await createApiKey(
          stack.db,
          { accountId: tenant.account.id, name: 'scoped', permission: 'full_access', domainScope: [second] },
          'test',
        )
      ).secret,
    );
    const listed = await scoped('GET', '/api/inbound-domains');
    expect((listed.json.inbound_domains as { name: string }[]).map((d) => d.name)).toEqual([`in.${second}`]);
    expect((await scoped('GET', `/api/inbound-domains/in.${second}`)).status).toBe(200);
    expect((await scoped('GET', `/api/inbound-domains/rules.${tenant.domain}`)).status).toBe(404);
    expect((await scoped('POST', `/api/inbound-domains/rules.${tenant.domain}/rules`, { match: 'x' })).status).toBe(
      404,
    );
    expect((await scoped('POST', '/api/inbound-domains', { name: `more.${second}` })).status).toBe(201);
    expect((await scoped('POST', '/api/inbound-domains', { name: `more.${tenant.domain}` })).status).toBe(404);
  });
});
