// Templates through the real API, worker and SES emulator: variables rendered and escaped in what
// SES receives, raw output where the template asks, no header through a variable, nothing queued
// for a render that cannot be made, drafts unused until published, aliases, versions, the deletion
// rule, isolation between accounts, and a batch of 100 personalised sends from one template.
import { randomUUID } from 'node:crypto';
import { createApiKey } from '../../core/accounts/apiKeys';
import { monthlyUsage } from '../../core/accounts/usage';
import { sesEmulatorStore } from '../../tools/stack/sesEmulator';
import { createSender, type SenderFixture } from '../helpers/fixtures';
import { startServiceStack, type ServiceStack } from '../helpers/serviceStack';
import { eventually } from '../helpers/wait';
import { call, send, type ApiResponse } from './helpers/http';
import { loadOpenApiCheck, type DocumentedCheck } from './helpers/openApi';

let stack: ServiceStack;
let documented: DocumentedCheck;

beforeAll(async () => {
  stack = await startServiceStack();
  documented = await loadOpenApiCheck(stack.baseUrl);
}, 120_000);
afterAll(async () => {
  await stack?.stop();
});

type Api = (method: string, path: string, body?: unknown) => Promise<ApiResponse>;

/** A full_access key's calls, each checked against /openapi.json. */
async function admin(sender: SenderFixture): Promise<Api> {
  const { secret } = await createApiKey(
    stack.db,
    { accountId: sender.account.id, name: 'admin', permission: 'full_access' },
    'test',
  );
  return async (method, path, body) => {
    const res = await call(`${stack.baseUrl}${path}`, {
      method,
      headers: { 'X-API-Key': secret, ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}) },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const template = path
      .replace(/^\/api\/templates\/[^/?]+/, '/api/templates/{id}')
      .replace(/^\/api\/emails\/[^/?]+/, '/api/emails/{message_id}')
      .replace(/\?.*$/, '');
    documented(template, method.toLowerCase() as 'get' | 'post' | 'patch' | 'delete', res);
    return res;
  };
}

const WELCOME = {
  name: 'Welcome',
  alias: 'welcome',
  subject: 'Welcome, {{ name }}!',
  html: '<p>Hello {{ name }},</p><p>{{ note }}</p><div>{{ banner | raw }}</div>{% if coupon %}<p>Code: {{ coupon }}</p>{% endif %}',
};

async function published(api: Api, body: Record<string, unknown> = WELCOME): Promise<string> {
  const created = await api('POST', '/api/templates', body);
  expect(created.status).toBe(201);
  const id = String(created.json.id);
  expect((await api('POST', `/api/templates/${id}/publish`)).status).toBe(200);
  return id;
}

const simulatorTo = () => `success+${randomUUID().slice(0, 8)}@${stack.config.simulatorDomain}`;
const testTo = () => `delivered@${stack.config.testDomain}`;

test('a template is created as a draft, read by id or alias, published into versions, and lists the variables it reads', async () => {
  const s = await createSender(stack.db);
  const api = await admin(s);
  const created = await api('POST', '/api/templates', WELCOME);
  expect(created.status).toBe(201);
  expect(created.json).toMatchObject({
    name: 'Welcome',
    alias: 'welcome',
    published_version: null,
    has_unpublished_changes: true,
  });
  expect((created.json.draft as { variables: string[] }).variables).toEqual(['banner', 'coupon', 'name', 'note']);
  const id = String(created.json.id);
  expect((await api('GET', '/api/templates/welcome')).json.id).toBe(id);

  const first = await api('POST', `/api/templates/${id}/publish`);
  expect(first.json).toMatchObject({ published_version: 1, has_unpublished_changes: false });
  // Nothing changed: nothing new to publish.
  expect((await api('POST', `/api/templates/welcome/publish`)).json).toMatchObject({ published_version: 1 });
  const edited = await api('PATCH', `/api/templates/${id}`, { subject: 'Hi {{ name }}', text: 'Hello {{ name }}.' });
  expect(edited.json).toMatchObject({ published_version: 1, has_unpublished_changes: true });
  expect((await api('POST', `/api/templates/${id}/publish`)).json).toMatchObject({
    published_version: 2,
    has_unpublished_changes: false,
  });
  const versions = await api('GET', `/api/templates/${id}/versions`);
  expect(
    (versions.json.versions as { version: number; subject: string; text: string | null }[]).map((v) => [
      v.version,
      v.subject,
      v.text,
    ]),
  ).toEqual([
    [2, 'Hi {{ name }}', 'Hello {{ name }}.'],
    [1, 'Welcome, {{ name }}!', null],
  ]);
  const list = await api('GET', '/api/templates?limit=1');
  expect((list.json.templates as { id: string }[]).map((t) => t.id)).toEqual([id]);
  expect(list.json).not.toHaveProperty('templates.0.draft');

  // Syntax errors, bad aliases and a taken alias are refused with what to fix.
  const broken = await api('POST', '/api/templates', { ...WELCOME, alias: 'other', html: '<p>{{ name </p>' });
  expect([broken.status, Object.keys(broken.json.errors as object)]).toEqual([400, ['html']]);
  for (const alias of ['Upper', 'with space', '0b6a1c1e-6a7e-4d2b-9c1a-2f6f5b8e9d10']) {
    const bad = await api('POST', '/api/templates', { ...WELCOME, alias });
    expect({ alias, status: bad.status, fields: Object.keys((bad.json.errors as object) ?? {}) }).toEqual({
      alias,
      status: 400,
      fields: ['alias'],
    });
  }
  const taken = await api('POST', '/api/templates', WELCOME);
  expect([taken.status, taken.json.error]).toEqual([409, 'template_alias_exists']);
  const injected = await api('POST', '/api/templates', { ...WELCOME, alias: 'x', subject: 'Hi\r\nBcc: a@example.org' });
  expect([injected.status, Object.keys(injected.json.errors as object)]).toEqual([400, ['subject']]);
});

test('a send with a template: variables rendered and HTML-escaped in what SES receives, raw where asked, text derived, the log row naming the version', async () => {
  const s = await createSender(stack.db);
  const api = await admin(s);
  const id = await published(api);
  const to = simulatorTo();
  const res = await send(stack, s.apiKey, {
    from_email: `hello@${s.domain}`,
    to,
    template: {
      id: 'welcome',
      variables: {
        name: 'Ada & <Bob>',
        note: '<script>alert(1)</script>',
        banner: '<b>Spring sale</b>',
        coupon: 'SPRING',
      },
    },
  });
  expect(res.status).toBe(200);
  documented('/api/send/', 'post', res);
  const stored = await eventually(
    'SES to hold the message',
    async () => (await sesEmulatorStore(stack.config.ses.endpoint!)).find((m) => m.destination.to.includes(to)),
    60_000,
  );
  expect(stored.subject).toBe('Welcome, Ada & <Bob>!');
  expect(stored.body.html).toContain('<p>Hello Ada &amp; &lt;Bob&gt;,</p>');
  expect(stored.body.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  expect(stored.body.html).not.toContain('<script>');
  expect(stored.body.html).toContain('<div><b>Spring sale</b></div>');
  expect(stored.body.html).toContain('<p>Code: SPRING</p>');
  expect(stored.body.text).toContain('Hello Ada & <Bob>,');
  expect(stored.body.text).toContain('Code: SPRING');

  const row = await eventually('the log row', async () => {
    const r = await api('GET', `/api/emails/${String(res.json.message_id)}`);
    return r.status === 200 ? r : undefined;
  });
  expect(row.json.email).toMatchObject({ subject: 'Welcome, Ada & <Bob>!', template: { id, version: 1 } });
});

test('a render that cannot be made is a 400 on the field to fix, and nothing is queued or counted', async () => {
  const s = await createSender(stack.db);
  const api = await admin(s);
  await published(api);
  await api('POST', '/api/templates', { name: 'Draft only', alias: 'draft-only', subject: 'Hi', html: '<p>Hi</p>' });
  await published(api, {
    name: 'Loop',
    alias: 'loop',
    subject: 'Hi',
    html: '{% for i in (1..100000000) %}{% for j in (1..100000000) %}{{ i }}{% endfor %}{% endfor %}',
  });
  await published(api, {
    name: 'Big',
    alias: 'big',
    subject: 'Hi',
    html: '{% for i in (1..2000) %}{{ blob }}{% endfor %}',
  });
  const cases: [string, Record<string, unknown>, string][] = [
    ['missing variable', { id: 'welcome', variables: { note: 'x', banner: '' } }, 'template.variables'],
    ['unknown template', { id: 'nope', variables: {} }, 'template.id'],
    ['never published', { id: 'draft-only', variables: {} }, 'template.id'],
    [
      'a header through a variable',
      { id: 'welcome', variables: { name: 'x\r\nBcc: victim@example.org', note: '', banner: '' } },
      'template.variables',
    ],
    ['past the time or memory bound', { id: 'loop', variables: {} }, 'template.variables'],
    ['past the size bound', { id: 'big', variables: { blob: 'x'.repeat(10_000) } }, 'template.variables'],
  ];
  for (const [what, template, field] of cases) {
    const res = await send(stack, s.apiKey, { from_email: `hello@${s.domain}`, to: testTo(), template });
    expect({ what, status: res.status, fields: Object.keys((res.json.errors as object) ?? {}) }).toEqual({
      what,
      status: 400,
      fields: [field],
    });
    documented('/api/send/', 'post', res);
  }
  const mixed = await send(stack, s.apiKey, {
    from_email: `hello@${s.domain}`,
    to: testTo(),
    subject: 'x',
    template: { id: 'welcome' },
  });
  expect([mixed.status, Object.keys(mixed.json.errors as object)]).toEqual([400, ['template']]);
  expect(await monthlyUsage(stack.db, s.account.id)).toMatchObject({ shared: 0 });
  expect(
    await stack.db('staged_messages').where({ account_id: s.account.id }).count<{ n: string }[]>({ n: '*' }),
  ).toEqual([{ n: '0' }]);
});

test('a draft is not used until it is published; a preview renders the draft or a version without sending', async () => {
  const s = await createSender(stack.db);
  const api = await admin(s);
  const id = await published(api, {
    name: 'Receipt',
    alias: 'receipt',
    subject: 'Receipt v1 for {{ name }}',
    html: '<p>v1</p>',
  });
  await api('PATCH', '/api/templates/receipt', {
    subject: 'Receipt v2 for {{ name }}',
    html: '<h1>Receipt</h1><p>v2 {{ total }}</p>',
  });

  const preview = await api('POST', '/api/templates/receipt/preview', { variables: { name: 'Ada', total: '<9 €>' } });
  // The text part is derived from the HTML: unescaped, headings as written.
  expect(preview.json).toEqual({
    subject: 'Receipt v2 for Ada',
    html: '<h1>Receipt</h1><p>v2 &lt;9 €&gt;</p>',
    text: 'Receipt\n\nv2 <9 €>',
  });
  const old = await api('POST', `/api/templates/${id}/preview`, { variables: { name: 'Ada' }, version: 1 });
  expect(old.json).toMatchObject({ subject: 'Receipt v1 for Ada' });
  const missing = await api('POST', `/api/templates/${id}/preview`, { variables: {} });
  expect([missing.status, Object.keys(missing.json.errors as object)]).toEqual([400, ['variables']]);
  const noVersion = await api('POST', `/api/templates/${id}/preview`, { version: 7 });
  expect([noVersion.status, noVersion.json.error]).toEqual([404, 'not_found']);

  const sent = await send(stack, s.apiKey, {
    from_email: `hello@${s.domain}`,
    to: testTo(),
    template: { id: 'receipt', variables: { name: 'Ada' } },
  });
  const row = await eventually('the log row', async () =>
    stack
      .db('email_log')
      .where({ message_id: String(sent.json.message_id) })
      .first<{ subject: string; template_version: number }>(),
  );
  expect([row.subject, row.template_version]).toEqual(['Receipt v1 for Ada', 1]);
  await api('POST', '/api/templates/receipt/publish');
  const after = await send(stack, s.apiKey, {
    from_email: `hello@${s.domain}`,
    to: testTo(),
    template: { id: 'receipt', variables: { name: 'Ada', total: '9' } },
  });
  const row2 = await eventually('the log row', async () =>
    stack
      .db('email_log')
      .where({ message_id: String(after.json.message_id) })
      .first<{ subject: string; template_version: number }>(),
  );
  expect([row2.subject, row2.template_version]).toEqual(['Receipt v2 for Ada', 2]);
});

test('a test send renders the draft (published or not) to a test recipient through the real pipeline; other recipients cannot be chosen', async () => {
  const s = await createSender(stack.db);
  const api = await admin(s);
  const created = await api('POST', '/api/templates', {
    name: 'Trial',
    subject: 'Trial for {{ name }}',
    html: '<p>{{ name }}</p>',
  });
  const id = String(created.json.id);
  const sent = await api('POST', `/api/templates/${id}/test-send`, {
    from_email: `hello@${s.domain}`,
    recipient: 'delivered',
    variables: { name: 'Ada' },
  });
  expect(sent.json).toMatchObject({ recipient: `delivered@${stack.config.testDomain}` });
  const row = await eventually('a delivered log row', async () => {
    const r = await api('GET', `/api/emails/${String(sent.json.message_id)}`);
    return r.status === 200 && (r.json.email as { status: string }).status === 'delivered' ? r : undefined;
  });
  expect(row.json.email).toMatchObject({
    subject: 'Trial for Ada',
    recipient: `delivered@${stack.config.testDomain}`,
    template: { id, version: null },
  });
  const missing = await api('POST', `/api/templates/${id}/test-send`, {
    from_email: `hello@${s.domain}`,
    recipient: 'delivered',
  });
  expect([missing.status, Object.keys(missing.json.errors as object)]).toEqual([400, ['variables']]);
  const elsewhere = await api('POST', `/api/templates/${id}/test-send`, {
    from_email: `hello@${s.domain}`,
    recipient: 'someone@example.org',
  });
  expect([elsewhere.status, Object.keys(elsewhere.json.errors as object)]).toEqual([400, ['recipient']]);
  const unverified = await api('POST', `/api/templates/${id}/test-send`, {
    from_email: 'hello@not-mine.example.org',
    recipient: 'delivered',
    variables: { name: 'x' },
  });
  expect([unverified.status, unverified.json.error]).toEqual([403, 'domain_not_registered']);
});

test('a template a scheduled message uses cannot be deleted until the message is cancelled', async () => {
  const s = await createSender(stack.db);
  const api = await admin(s);
  const id = await published(api);
  const at = new Date(Date.now() + 3_600_000).toISOString();
  const scheduled = await send(stack, s.apiKey, {
    from_email: `hello@${s.domain}`,
    to: testTo(),
    scheduled_at: at,
    template: { id, variables: { name: 'Ada', note: '', banner: '' } },
  });
  expect(scheduled.status).toBe(200);
  const refused = await api('DELETE', `/api/templates/${id}`);
  expect([refused.status, refused.json.error]).toEqual([409, 'template_in_use']);
  expect((await api('POST', `/api/emails/${String(scheduled.json.message_id)}/cancel`)).status).toBe(200);
  expect((await api('DELETE', `/api/templates/${id}`)).status).toBe(200);
  expect((await api('GET', `/api/templates/${id}`)).status).toBe(404);
});

test('another account can neither see nor send with a template, and may use the same alias', async () => {
  const [a, b] = await Promise.all([createSender(stack.db), createSender(stack.db)]);
  const [apiA, apiB] = await Promise.all([admin(a), admin(b)]);
  const id = await published(apiA);
  for (const [method, path] of [
    ['GET', `/api/templates/${id}`],
    ['GET', '/api/templates/welcome'],
    ['PATCH', `/api/templates/${id}`],
    ['DELETE', `/api/templates/${id}`],
    ['POST', `/api/templates/${id}/publish`],
    ['GET', `/api/templates/${id}/versions`],
    ['POST', `/api/templates/${id}/preview`],
  ] as const) {
    const res = await apiB(method, path, method === 'PATCH' ? { name: 'mine' } : undefined);
    expect({ method, path, status: res.status, error: res.json.error }).toEqual({
      method,
      path,
      status: 404,
      error: 'not_found',
    });
  }
  expect(((await apiB('GET', '/api/templates')).json.templates as unknown[]).length).toBe(0);
  const res = await send(stack, b.apiKey, {
    from_email: `hello@${b.domain}`,
    to: testTo(),
    template: { id, variables: { name: 'x', note: '', banner: '' } },
  });
  expect([res.status, Object.keys(res.json.errors as object)]).toEqual([400, ['template.id']]);
  expect((await apiB('POST', '/api/templates', WELCOME)).status).toBe(201);
});

test('a batch of 100 personalised sends from one template: each its own message, rendered with its own variables', async () => {
  const s = await createSender(stack.db);
  const api = await admin(s);
  await published(api, {
    name: 'Digest',
    alias: 'digest',
    subject: 'Digest for {{ name }}',
    html: '<p>{{ count }} new items</p>',
  });
  const emails = Array.from({ length: 100 }, (_, i) => ({
    from_email: `hello@${s.domain}`,
    to: testTo(),
    template: { id: 'digest', variables: { name: `user-${i}`, count: i } },
  }));
  const res = await call(`${stack.baseUrl}/api/send/batch`, {
    method: 'POST',
    headers: { 'X-API-Key': s.apiKey, 'Content-Type': 'application/json' },
    body: JSON.stringify({ emails }),
  });
  expect(res.status).toBe(200);
  documented('/api/send/batch', 'post', res);
  const data = res.json.data as { index: number; success: boolean; message_id: string }[];
  expect(data.filter((d) => d.success)).toHaveLength(100);
  const rows = await eventually(
    'the 100 log rows',
    async () => {
      const found = await stack
        .db('email_log')
        .whereIn(
          'message_id',
          data.map((d) => d.message_id),
        )
        .select<{ message_id: string; subject: string }[]>('message_id', 'subject');
      return found.length === 100 ? found : undefined;
    },
    60_000,
  );
  const subjectOf = new Map(rows.map((r) => [r.message_id, r.subject]));
  expect(data.map((d) => subjectOf.get(d.message_id))).toEqual(emails.map((_, i) => `Digest for user-${i}`));
  expect(await monthlyUsage(stack.db, s.account.id)).toMatchObject({ shared: 100 });
}, 120_000);
