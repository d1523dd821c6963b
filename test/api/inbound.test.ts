// Receiving email through the management API (docs/inbound.md): inbound domains on verified
// shared-mode domains (BYOC refused, one account per name, the MX record checked through the
// tests' own DNS server), their rules (patterns, conflicts, endpoint checks), the received
// messages (received through the receive use case and recorded by the worker's workflow: the
// listing, its filters and cursor, one message, its raw bytes, deletion) and their attachments'
// signed links (served only as downloads; expired, altered or deleted links are the same 404;
// limited per client and in total). Every answer is checked against /openapi.json. Another
// account sees none of it: 404, like what does not exist.
import { createHash } from 'node:crypto';
import { createApiKey } from '../../core/accounts/apiKeys';
import { listAudit } from '../../core/platform/audit';
import { addDomain } from '../../core/domains/domains';
import { signAttachmentUrl } from '../../core/inbound/attachmentUrls';
import { attachmentForDownload } from '../../core/inbound/inboundMessages';
import { receiveRecorded } from '../helpers/inbound';
import { startTestZone, type TestZone } from '../cli/dnsServer';
import { createEndpoint, createSender, uniqueName, type SenderFixture } from '../helpers/fixtures';
import { startServiceStack, type ServiceStack } from '../helpers/serviceStack';
import { addVerifiedDomain } from './helpers/accounts';
import { call, type ApiResponse } from './helpers/http';
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
    .replace(/^\/api\/inbound\/[^/]+$/, '/api/inbound/{id}')
    .replace(/^\/api\/domains\/[^/]+$/, '/api/domains/{name}');
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
    env: {
      DNS_SERVERS: zone.server,
      INBOUND_MX_HOST: 'mx.postage.test',
      // Clients by X-Forwarded-For, so the download limits can be reached by several "clients".
      TRUST_PROXY: 'loopback',
      INBOUND_ATTACHMENT_DOWNLOADS_PER_CLIENT_PER_MINUTE: '10',
      INBOUND_ATTACHMENT_DOWNLOADS_PER_MINUTE: '40',
      // The limit test pulls one link until the total is spent (the per-attachment window has its
      // own tests: inboundAttachmentLimits.test.ts).
      INBOUND_ATTACHMENT_DOWNLOADS_PER_ATTACHMENT_PER_MINUTE: '100',
    },
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

  test('refusals: no verified shared parent (404), BYOC (422), taken in any account or used by sending (409), no name (400)', async () => {
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
    expect(await refused(`send.${tenant.domain}`)).toEqual({
      status: 409,
      error: 'inbound_domain_reserved',
      fields: [],
    });
    // The tracking subdomain is a CNAME, which an MX record cannot sit beside.
    expect((await api('PATCH', `/api/domains/${tenant.domain}`, { tracking_subdomain: 'track' })).status).toBe(200);
    expect(await refused(`track.${tenant.domain}`)).toMatchObject({ status: 409, error: 'inbound_domain_reserved' });
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

// ---- received messages ----

const CRLF = '\r\n';
/** A message as a sender's server would hand it over. */
function mime(lines: string[]): Buffer {
  return Buffer.from(lines.join(CRLF) + CRLF);
}
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const SCRIPTED = '<html><body><p>Hi <b>there</b></p><script>alert(1)</script></body></html>';

function plain(subject: string, from = 'Ann Example <ann@example.org>'): Buffer {
  return mime([
    `From: ${from}`,
    'To: support@example.net',
    `Subject: ${subject}`,
    `Message-ID: <${uniqueName('m')}@example.org>`,
    'Date: Thu, 26 Nov 2026 10:00:00 +0000',
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    '',
    `Body of ${subject}.`,
  ]);
}

function withAttachment(subject: string): Buffer {
  const boundary = 'b-' + uniqueName('x');
  return mime([
    'From: Bob <bob@example.com>',
    'To: files@example.net',
    `Subject: ${subject}`,
    'MIME-Version: 1.0',
    `Content-Type: multipart/mixed; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    'Content-Type: text/html; charset=utf-8',
    '',
    SCRIPTED,
    `--${boundary}`,
    // Declared as a text file; the bytes are a PNG. The name is not ASCII.
    'Content-Type: text/plain; name="r\u00e9sum\u00e9.txt"',
    "Content-Disposition: attachment; filename*=UTF-8''r%C3%A9sum%C3%A9%20%E2%9C%93.txt",
    'Content-Transfer-Encoding: base64',
    '',
    PNG.toString('base64'),
    `--${boundary}--`,
  ]);
}

describe('received messages', () => {
  let inboxDomain: string;
  let otherInbox: string;
  const ids: Record<string, string> = {};
  const raws: Record<string, Buffer> = {};
  /** The same client for every download of these tests (the limit test uses others). */
  const DOWNLOADER = { 'X-Forwarded-For': '198.51.100.7' };

  async function receive(key: string, to: string, raw: Buffer): Promise<void> {
    ids[key] = await receiveRecorded(stack, to, raw);
    raws[key] = raw;
  }

  /** A download link on this stack's address (BASE_URL is another host in the tests). */
  const local = (url: string) => `${stack.baseUrl}${new URL(url).pathname}`;
  const download = (url: string, headers: Record<string, string> = DOWNLOADER) => call(local(url), { headers });

  beforeAll(async () => {
    const api = documentedCaller(tenant.fullKey);
    inboxDomain = `inbox.${tenant.domain}`;
    otherInbox = `other.${tenant.domain}`;
    for (const name of [inboxDomain, otherInbox]) {
      expect((await api('POST', '/api/inbound-domains', { name })).status).toBe(201);
      expect((await api('POST', `/api/inbound-domains/${name}/rules`, { match: '*' })).status).toBe(201);
    }
    await receive('first', `support@${inboxDomain}`, plain('First'));
    await receive('second', `Files+Q3@${inboxDomain}`, withAttachment('Second'));
    await receive('third', `hello@${otherInbox}`, plain('Third', 'carol@example.com'));
  }, 60_000);

  test('the listing: newest first, what each is, filters and cursor pages', async () => {
    const api = documentedCaller(tenant.fullKey);
    const all = await api('GET', '/api/inbound');
    expect(all.status).toBe(200);
    const rows = all.json.data as Record<string, unknown>[];
    expect(rows.map((r) => r.id)).toEqual([ids.third, ids.second, ids.first]);
    expect(all.json.next_cursor).toBeNull();
    expect(rows[1]).toEqual({
      id: ids.second,
      received_at: expect.any(String),
      domain: inboxDomain,
      envelope: { from: 'bounces@example.org', to: `files+q3@${inboxDomain}` },
      from: { address: 'bob@example.com', name: 'Bob' },
      subject: 'Second',
      message_id: null,
      attachment_count: 1,
      size: raws.second!.length,
      authentication: expect.objectContaining({ spf: expect.any(String), dkim: expect.any(String) }),
    });
    const page1 = await api('GET', '/api/inbound?limit=2');
    expect((page1.json.data as { id: string }[]).map((r) => r.id)).toEqual([ids.third, ids.second]);
    const page2 = await api('GET', `/api/inbound?limit=2&cursor=${String(page1.json.next_cursor)}`);
    expect((page2.json.data as { id: string }[]).map((r) => r.id)).toEqual([ids.first]);
    expect(page2.json.next_cursor).toBeNull();
    const only = async (query: string) =>
      ((await api('GET', `/api/inbound?${query}`)).json.data as { id: string }[]).map((r) => r.id);
    expect(await only(`domain=${otherInbox.toUpperCase()}`)).toEqual([ids.third]);
    expect(await only('from=CAROL')).toEqual([ids.third]);
    expect(await only('to=files%2B')).toEqual([ids.second]);
    expect(await only(`since=${new Date(Date.now() + 60_000).toISOString()}`)).toEqual([]);
    expect(await only(`until=${new Date(Date.now() + 60_000).toISOString()}`)).toHaveLength(3);
    const bad = await api('GET', '/api/inbound?cursor=nope');
    expect(bad.status).toBe(400);
  });

  test('one message: as email.received carries it, bodies whole, attachments with signed links; its raw bytes as received', async () => {
    const api = documentedCaller(tenant.fullKey);
    const got = await api('GET', `/api/inbound/${ids.second}`);
    expect(got.status).toBe(200);
    expect(got.json).toMatchObject({
      id: ids.second,
      inbound_id: ids.second,
      message_id: null,
      domain: inboxDomain,
      envelope: { from: 'bounces@example.org', to: `files+q3@${inboxDomain}` },
      from: { address: 'bob@example.com', name: 'Bob' },
      subject: 'Second',
      truncated: false,
      source: 'mx',
      size: raws.second!.length,
    });
    expect(String(got.json.html)).toContain('<script>alert(1)</script>');
    const [attachment] = got.json.attachments as Record<string, string | number>[];
    expect(attachment).toMatchObject({
      filename: 'résumé ✓.txt',
      content_type: 'image/png',
      declared_content_type: 'text/plain',
      size: PNG.length,
      download_url: expect.stringMatching(/\/inbound\/attachments\/v1\./),
    });
    const raw = await api('GET', `/api/inbound/${ids.second}/raw`);
    expect(raw.status).toBe(200);
    expect(raw.headers.get('content-type')).toBe('message/rfc822');
    expect(raw.headers.get('x-content-type-options')).toBe('nosniff');
    expect(raw.bytes!.equals(raws.second!)).toBe(true);
  });

  test('the attachment link: the bytes as a download, never as what they claim to be; altered or expired, a 404', async () => {
    const got = await documentedCaller(tenant.fullKey)('GET', `/api/inbound/${ids.second}`);
    const [attachment] = got.json.attachments as { id: string; download_url: string }[];
    const res = await download(attachment!.download_url);
    documented('/inbound/attachments/{token}', 'get', res);
    expect(res.status).toBe(200);
    expect(res.bytes!.equals(PNG)).toBe(true);
    expect(res.headers.get('content-type')).toBe('application/octet-stream');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="r_sum_ _.txt"; filename*=UTF-8''r%C3%A9sum%C3%A9%20%E2%9C%93.txt`,
    );
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    // No key, no session: the link is the credential.
    expect(res.headers.get('set-cookie')).toBeNull();

    const token = new URL(attachment!.download_url).pathname.split('/').pop()!;
    const altered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    const expired = signAttachmentUrl(
      stack.config,
      attachment!.id,
      Date.now() - (stack.config.inbound.attachmentUrlTtlSeconds + 5) * 1000,
    ).url;
    const otherId = signAttachmentUrl(stack.config, '00000000-0000-4000-8000-000000000000').url;
    const answers = [];
    for (const url of [
      `${stack.baseUrl}/inbound/attachments/${altered}`,
      expired,
      otherId,
      `${stack.baseUrl}/inbound/attachments/nope`,
    ]) {
      const refused = await download(url);
      documented('/inbound/attachments/{token}', 'get', refused);
      answers.push({ status: refused.status, body: refused.json, cache: refused.headers.get('cache-control') });
    }
    // One answer for all of them: nothing tells an expired link from a forged one.
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(answers[0]).toMatchObject({ status: 404, body: { error: 'not_found' }, cache: 'private, no-store' });
  });

  test('delete: the message, its bytes and its attachments go; the link answers 404 from then on', async () => {
    const api = documentedCaller(tenant.fullKey);
    await receive('doomed', `doomed@${inboxDomain}`, withAttachment('Doomed'));
    const before = await api('GET', `/api/inbound/${ids.doomed}`);
    const [attachment] = before.json.attachments as { download_url: string }[];
    expect((await download(attachment!.download_url)).status).toBe(200);
    const deleted = await api('DELETE', `/api/inbound/${ids.doomed}`);
    expect(deleted.status).toBe(204);
    expect(deleted.bytes!.length).toBe(0);
    for (const path of [`/api/inbound/${ids.doomed}`, `/api/inbound/${ids.doomed}/raw`])
      expect((await api('GET', path)).status).toBe(404);
    expect((await api('DELETE', `/api/inbound/${ids.doomed}`)).status).toBe(404);
    expect((await download(attachment!.download_url)).status).toBe(404);
    expect(await stack.db('inbound_attachments').where({ message_id: ids.doomed }).count()).toEqual([{ count: '0' }]);
    const listed = (await api('GET', '/api/inbound')).json.data as { id: string }[];
    expect(listed.map((r) => r.id)).not.toContain(ids.doomed);
    const audit = await listAudit(stack.db, tenant.account.id, 3);
    expect(audit.map((e) => e.action)).toContain('inbound.delete');
  });

  test('usage counts the month’s received messages against the plan’s allowance', async () => {
    const usage = await documentedCaller(tenant.fullKey)('GET', '/api/usage');
    expect(usage.json.inbound).toEqual({ used: 4, allowance: 10_000 });
    const theirs = await documentedCaller(other.fullKey)('GET', '/api/usage');
    expect(theirs.json.inbound).toEqual({ used: 0, allowance: 10_000 });
  });

  test('another account sees none of it; a domain-scoped key sees only its domains’ messages', async () => {
    const theirs = documentedCaller(other.fullKey);
    expect((await theirs('GET', '/api/inbound')).json.data).toEqual([]);
    const nobody = '00000000-0000-4000-8000-00000000abcd';
    for (const [method, template] of [
      ['GET', '/api/inbound/{id}'],
      ['GET', '/api/inbound/{id}/raw'],
      ['DELETE', '/api/inbound/{id}'],
    ] as const) {
      const res = await theirs(method, template.replace('{id}', ids.first!));
      expect({ template, status: res.status, error: res.json.error }).toEqual({
        template,
        status: 404,
        error: 'not_found',
      });
      const absent = await theirs(method, template.replace('{id}', nobody));
      expect(String(res.json.detail).replace(ids.first!, '<id>')).toBe(
        String(absent.json.detail).replace(nobody, '<id>'),
      );
    }
    expect((await documentedCaller(tenant.fullKey)('GET', `/api/inbound/${ids.first}`)).status).toBe(200);

    const second = await addVerifiedDomain(stack.db, tenant.account.id, 'shared');
    const scoped = documentedCaller(
      (
        await createApiKey(
          stack.db,
          { accountId: tenant.account.id, name: 'scoped reader', permission: 'full_access', domainScope: [second] },
          'test',
        )
      ).secret,
    );
    expect((await scoped('GET', '/api/inbound')).json.data).toEqual([]);
    expect((await scoped('GET', `/api/inbound/${ids.first}`)).status).toBe(404);
    expect((await scoped('DELETE', `/api/inbound/${ids.first}`)).status).toBe(404);
    const mine = documentedCaller(
      (
        await createApiKey(
          stack.db,
          {
            accountId: tenant.account.id,
            name: 'inbox reader',
            permission: 'full_access',
            domainScope: [tenant.domain],
          },
          'test',
        )
      ).secret,
    );
    expect(((await mine('GET', '/api/inbound')).json.data as unknown[]).length).toBe(3);
  });

  test('downloads are limited per client and in total: 429 with Retry-After, for any link', async () => {
    const got = await documentedCaller(tenant.fullKey)('GET', `/api/inbound/${ids.second}`);
    const [attachment] = got.json.attachments as { download_url: string }[];
    const url = attachment!.download_url;
    const client = { 'X-Forwarded-For': '203.0.113.50' };
    const seen: number[] = [];
    for (let i = 0; i < 11; i++) seen.push((await download(url, client)).status);
    expect(seen).toEqual([...Array(10).fill(200), 429]);
    const refused = await download(url, client);
    documented('/inbound/attachments/{token}', 'get', refused);
    expect(refused.json).toMatchObject({ error: 'too_many_requests' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.headers.get('cache-control')).toBe('private, no-store');
    // Everyone together: other clients, one download each, until the total is spent.
    let total: ApiResponse | undefined;
    for (let i = 0; i < 40 && !total; i++) {
      const res = await download(url, { 'X-Forwarded-For': `203.0.113.${100 + i}` });
      if (res.status === 429) total = res;
    }
    expect(total).toBeDefined();
    documented('/inbound/attachments/{token}', 'get', total!);
    expect(String(total!.json.detail)).toMatch(/this minute; try again/);
  });

  test('one message at two addresses is stored once; deleting one leaves the other whole, the last takes the bytes', async () => {
    const api = documentedCaller(tenant.fullKey);
    const raw = withAttachment('Shared');
    await receive('sharedA', `a@${inboxDomain}`, raw);
    await receive('sharedB', `b@${inboxDomain}`, raw);
    const contents = async () =>
      (
        await stack
          .db('inbound_contents')
          .where({ account_id: tenant.account.id, sha256: createHash('sha256').update(raw).digest() })
          .count<{ n: string }[]>({ n: '*' })
      )[0]!.n;
    expect(await contents()).toBe('1');
    const [attachment] = (await api('GET', `/api/inbound/${ids.sharedB}`)).json.attachments as { id: string }[];
    expect((await api('DELETE', `/api/inbound/${ids.sharedA}`)).status).toBe(204);
    expect((await api('GET', `/api/inbound/${ids.sharedB}/raw`)).bytes!.equals(raw)).toBe(true);
    // Its link (downloads are spent for this minute by the test above): the bytes are still there.
    expect((await attachmentForDownload(stack.db, attachment!.id))?.content.equals(PNG)).toBe(true);
    expect(await contents()).toBe('1');
    expect((await api('DELETE', `/api/inbound/${ids.sharedB}`)).status).toBe(204);
    expect(await contents()).toBe('0');
    expect(await attachmentForDownload(stack.db, attachment!.id)).toBeUndefined();
  });
});
