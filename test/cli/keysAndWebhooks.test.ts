// postage-admin key, webhook, suppression and log commands against the real PostgreSQL: secrets
// shown once and stored only as a hash / encrypted, scopes and URLs checked, revocation effective
// on the next authentication.
import { authenticateApiKey } from '../../core/accounts/apiKeys';
import { sha512 } from '../../core/platform/crypto';
import { applyOutcomeToLog, insertQueuedLogRow } from '../../core/sending/emailLog';
import { endpointForDelivery } from '../../core/webhooks/webhookEndpoints';
import { TEST_SECRET_KEY } from '../helpers/config';
import { createTestDatabase, type TestDatabase } from '../helpers/database';
import { cliFor, ok, runCli, type Cli } from './cliHarness';

let database: TestDatabase;
let cli: Cli;
let accountId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  cli = cliFor({ DATABASE_URL: database.url });
  accountId = ok(await cli(['account', 'create', '--email', 'keys@example.com', '--plan', 'growth', '--verified'])).json
    .id;
  ok(await cli(['domain', 'add', accountId, 'one.example', '--mode', 'shared'], { SES_DOMAIN_IDENTITIES: 'local' }));
  ok(await cli(['domain', 'add', accountId, 'two.example', '--mode', 'shared'], { SES_DOMAIN_IDENTITIES: 'local' }));
});

afterAll(async () => {
  await database?.drop();
});

test('key create prints the secret once, stores only its SHA-512, and key list never shows it', async () => {
  const created = ok(
    await cli([
      'key',
      'create',
      'keys@example.com',
      '--name',
      'billing',
      '--domains',
      'One.example,one.example',
      '--expires',
      '2099-01-01T00:00:00Z',
    ]),
  ).json;
  expect(created.secret).toMatch(/^pk_[0-9a-f]{16}_[0-9a-f]{64}$/);
  expect(created).toMatchObject({
    name: 'billing',
    domainScope: ['one.example'],
    expiresAt: '2099-01-01T00:00:00.000Z',
    state: 'active',
  });
  expect(created.prefix).toBe(created.secret.slice(0, 19));

  const row = await database.db('api_keys').where({ id: created.id }).first();
  expect(Buffer.compare(row.secret_hash, sha512(created.secret))).toBe(0);
  expect(JSON.stringify(row)).not.toContain(created.secret.slice(20));

  const unscoped = ok(await cli(['key', 'create', accountId, '--name', 'everything'])).json;
  expect(unscoped).toMatchObject({ domainScope: [], expiresAt: null });

  const listed = ok(await cli(['key', 'list', accountId]));
  expect(listed.stdout).not.toContain(created.secret);
  expect(listed.stdout).not.toContain(unscoped.secret);
  expect((listed.json as { name: string; prefix: string }[]).map((k) => [k.name, k.prefix])).toEqual([
    ['billing', created.prefix],
    ['everything', unscoped.prefix],
  ]);
  expect(listed.json[0]).not.toHaveProperty('secret');

  // The printed secret is a working key.
  const auth = await authenticateApiKey(database.db, created.secret, '127.0.0.1');
  expect(auth.ok && auth.key.id).toBe(created.id);
});

test('key create --network (repeated) binds the key to those ranges, stored canonical, and key list shows them', async () => {
  const created = ok(
    await cli([
      'key',
      'create',
      accountId,
      '--name',
      'office',
      '--network',
      '10.1.2.3/8',
      '--network',
      '2001:DB8::1/32',
    ]),
  ).json;
  expect(created.networks).toEqual(['10.0.0.0/8', '2001:db8::/32']);
  expect((await authenticateApiKey(database.db, created.secret, '10.200.0.1')).ok).toBe(true);
  expect(await authenticateApiKey(database.db, created.secret, '127.0.0.1')).toMatchObject({
    ok: false,
    reason: 'outside_networks',
  });

  const text = await runCli(['key', 'list', accountId], {
    DATABASE_URL: database.url,
    NODE_ENV: 'test',
    POSTAGE_SECRET_KEY: TEST_SECRET_KEY,
  });
  expect(text.stdout).toMatch(/office\s+sending\s+all\s+10\.0\.0\.0\/8,2001:db8::\/32\s+never/);
});

test('key create --test makes a test key, and key list shows its mode', async () => {
  const created = ok(await cli(['key', 'create', accountId, '--name', 'staging', '--test'])).json;
  expect(created.test).toBe(true);
  const auth = await authenticateApiKey(database.db, created.secret, '127.0.0.1');
  expect(auth.ok && auth.key.test).toBe(true);
  const text = await runCli(['key', 'list', accountId], {
    DATABASE_URL: database.url,
    NODE_ENV: 'test',
    POSTAGE_SECRET_KEY: TEST_SECRET_KEY,
  });
  expect(text.stdout).toMatch(/staging\s+sending\s+all\s+anywhere\s+never\s+active\s+\S+\s+test/);
});

test('key revoke (by id or prefix) takes effect on the next authentication', async () => {
  const a = ok(await cli(['key', 'create', accountId, '--name', 'to revoke by id'])).json;
  const b = ok(await cli(['key', 'create', accountId, '--name', 'to revoke by prefix'])).json;
  expect((await authenticateApiKey(database.db, a.secret, '127.0.0.1')).ok).toBe(true);

  const [byId, byPrefix] = await Promise.all([cli(['key', 'revoke', a.id]), cli(['key', 'revoke', b.prefix])]);
  expect(ok(byId).json).toMatchObject({ id: a.id, state: expect.stringMatching(/^revoked /) });
  expect(ok(byPrefix).json).toMatchObject({ id: b.id, state: expect.stringMatching(/^revoked /) });
  expect(await authenticateApiKey(database.db, a.secret, '127.0.0.1')).toEqual({ ok: false, reason: 'revoked' });
  expect(await authenticateApiKey(database.db, b.secret, '127.0.0.1')).toEqual({ ok: false, reason: 'revoked' });

  const listed = ok(await cli(['key', 'list', accountId])).json as { id: string; state: string }[];
  expect(listed.find((k) => k.id === a.id)!.state).toMatch(/^revoked/);
});

test('key create refuses foreign domains, past expiry, a bad network, a missing name and unknown accounts', async () => {
  const other = ok(await cli(['account', 'create', '--email', 'other@example.com'])).json;
  ok(await cli(['domain', 'add', other.id, 'theirs.example', '--mode', 'shared'], { SES_DOMAIN_IDENTITIES: 'local' }));
  const cases: [string[], RegExp][] = [
    [
      ['key', 'create', accountId, '--name', 'x', '--domains', 'one.example,theirs.example'],
      /not a domain of this account: theirs\.example/,
    ],
    [['key', 'create', accountId, '--name', 'x', '--expires', '2001-01-01'], /expiry must be a date in the future/],
    [['key', 'create', accountId, '--name', 'x', '--expires', 'tomorrow'], /expected an ISO 8601 date/],
    [
      ['key', 'create', accountId, '--name', 'x', '--network', '10.0.0.0/33'],
      /not an IPv4 or IPv6 address or CIDR range: "10\.0\.0\.0\/33"/,
    ],
    [['key', 'create', accountId, '--name', '  '], /needs a name/],
    [['key', 'create', 'ghost@example.com', '--name', 'x'], /no account ghost@example\.com/],
    [['key', 'revoke', 'pk_0000000000000000'], /no API key pk_0000000000000000/],
  ];
  const results = await Promise.all(cases.map(([args]) => cli(args)));
  results.forEach((r, i) => {
    expect({ args: cases[i]![0], code: r.code }).toEqual({ args: cases[i]![0], code: 1 });
    expect(r.stderr).toMatch(cases[i]![1]);
  });
  expect(await database.db('api_keys').where({ account_id: accountId }).whereRaw("name = 'x'").count()).toEqual([
    { count: '0' },
  ]);
});

test('webhook create prints the signing secret once and keeps it encrypted; list, set, deliveries, delete', async () => {
  const created = ok(
    await cli(
      [
        'webhook',
        'create',
        accountId,
        '--url',
        'http://127.0.0.1:4999/hooks',
        '--events',
        'email.delivered,email.bounced',
      ],
      {
        WEBHOOK_ALLOWED_PRIVATE_ADDRESSES: '127.0.0.1',
      },
    ),
  ).json;
  expect(created.signingSecret).toMatch(/^whsec_[0-9a-f]{64}$/);
  expect(created).toMatchObject({
    url: 'http://127.0.0.1:4999/hooks',
    events: ['email.delivered', 'email.bounced'],
    active: true,
  });
  const row = await database.db('webhook_endpoints').where({ id: created.id }).first();
  expect(row.secret_ciphertext.includes(Buffer.from(created.signingSecret))).toBe(false);
  expect((await endpointForDelivery(database.db, TEST_SECRET_KEY, created.id))!.signingSecret).toBe(
    created.signingSecret,
  );

  const listed = ok(await cli(['webhook', 'list', 'keys@example.com']));
  expect(listed.stdout).not.toContain(created.signingSecret);
  expect(listed.json).toEqual([expect.objectContaining({ id: created.id, active: true })]);

  expect(ok(await cli(['webhook', 'set', created.id, '--active', 'false'])).json).toMatchObject({
    id: created.id,
    active: false,
  });
  expect(ok(await cli(['webhook', 'list', accountId])).json[0].active).toBe(false);

  // Attempts as the delivery activity records them; newest first.
  await database.db('webhook_deliveries').insert([
    {
      endpoint_id: created.id,
      event_type: 'email.delivered',
      status_code: 200,
      latency_ms: 12,
      succeeded: true,
      attempted_at: new Date(Date.now() - 60_000),
    },
    {
      endpoint_id: created.id,
      event_type: 'email.bounced',
      status_code: null,
      latency_ms: 5000,
      succeeded: false,
      error: 'no response within 5000 ms',
    },
  ]);
  const deliveries = ok(await cli(['webhook', 'deliveries', created.id])).json as {
    eventType: string;
    succeeded: boolean;
    error: string | null;
  }[];
  expect(deliveries.map((d) => [d.eventType, d.succeeded, d.error])).toEqual([
    ['email.bounced', false, 'no response within 5000 ms'],
    ['email.delivered', true, null],
  ]);
  expect(ok(await cli(['webhook', 'deliveries', created.id, '--limit', '1'])).json).toHaveLength(1);

  expect(ok(await cli(['webhook', 'delete', created.id])).json).toEqual({ deleted: created.id });
  expect(ok(await cli(['webhook', 'list', accountId])).json).toEqual([]);
  expect(await database.db('webhook_deliveries').where({ endpoint_id: created.id })).toEqual([]);
  const again = await cli(['webhook', 'delete', created.id]);
  expect(again.code).toBe(1);
  expect(again.stderr).toContain(`no webhook endpoint ${created.id}`);
});

test('webhook create refuses bad URLs, private space outside the allow-list, and unknown events', async () => {
  const cases: [string[], RegExp, Record<string, string>?][] = [
    [
      ['--url', 'ftp://hooks.example.com/x', '--events', 'email.sent'],
      /must start with https:\/\/ \(recommended\) or http:\/\//,
    ],
    [['--url', 'not a url', '--events', 'email.sent'], /is not a URL/],
    [
      ['--url', 'https://user:pw@hooks.example.com/', '--events', 'email.sent'],
      /must not contain a user name or password/,
    ],
    [
      ['--url', 'http://127.0.0.1:4999/hooks', '--events', 'email.sent'],
      /^(?![\s\S]*loopback)[\s\S]*127\.0\.0\.1 does not resolve to a public address; webhooks go to public addresses only/,
    ],
    [
      ['--url', 'http://localhost:4999/hooks', '--events', 'email.sent'],
      /^(?![\s\S]*127\.0\.0\.1)[\s\S]*localhost does not resolve to a public address/,
    ],
    [
      ['--url', 'http://169.254.169.254/latest', '--events', 'email.sent'],
      /169\.254\.169\.254 does not resolve to a public address/,
    ],
    [['--url', 'http://[fd00::1]/hooks', '--events', 'email.sent'], /fd00::1 does not resolve to a public address/],
    [
      ['--url', 'http://10.1.2.3/hooks', '--events', 'email.sent'],
      /10\.1\.2\.3 does not resolve to a public address/,
      { WEBHOOK_ALLOWED_PRIVATE_ADDRESSES: '10.9.0.0/16' },
    ],
    [
      ['--url', 'https://hooks.invalid/x', '--events', 'email.sent'],
      /^(?![\s\S]*ENOTFOUND)[\s\S]*hooks\.invalid does not resolve to a public address/,
    ],
    [['--url', 'https://93.184.215.14/x', '--events', 'email.teleported'], /unknown event type email\.teleported/],
  ];
  const results = await Promise.all(cases.map(([args, , env]) => cli(['webhook', 'create', accountId, ...args], env)));
  results.forEach((r, i) => {
    expect({ args: cases[i]![0], code: r.code }).toEqual({ args: cases[i]![0], code: 1 });
    expect(r.stderr).toMatch(cases[i]![1]);
  });

  // A CIDR on the allow-list admits its addresses; a public address needs no allowance.
  ok(
    await cli(['webhook', 'create', accountId, '--url', 'http://10.9.8.7/hooks', '--events', 'email.sent'], {
      WEBHOOK_ALLOWED_PRIVATE_ADDRESSES: '10.9.0.0/16',
    }),
  );
  const publicIp = ok(
    await cli([
      'webhook',
      'create',
      accountId,
      '--url',
      'https://93.184.215.14/hooks',
      '--events',
      'email.complained,email.failed',
    ]),
  ).json;
  expect(publicIp.events).toEqual(['email.complained', 'email.failed']);
});

test('webhook create on an account without a subscription is refused, by the same rule as the API (plan_required)', async () => {
  const free = ok(await cli(['account', 'create', '--email', 'free-hooks@example.com'])).json;
  const refused = await cli([
    'webhook',
    'create',
    free.id,
    '--url',
    'https://93.184.215.14/hooks',
    '--events',
    'email.delivered',
  ]);
  expect(refused.code).toBe(1);
  expect(refused.stderr).toContain('Growth or Pro');
  expect(ok(await cli(['webhook', 'list', free.id])).json).toEqual([]);
});

test('suppression list, add and remove, for all mail or one topic', async () => {
  expect(ok(await cli(['suppression', 'list', accountId])).json).toEqual([]);
  expect(ok(await cli(['suppression', 'add', accountId, 'Someone@Example.org'])).json).toEqual({
    address: 'someone@example.org',
    topic: null,
    added: true,
  });
  expect(ok(await cli(['suppression', 'add', accountId, 'someone@example.org'])).json).toEqual({
    address: 'someone@example.org',
    topic: null,
    added: false,
  });
  expect(ok(await cli(['suppression', 'list', accountId])).json).toEqual([
    { address: 'someone@example.org', reason: 'manual', topic: null, createdAt: expect.any(String) },
  ]);

  // A topic's entry beside the all-mail one, shown in the table, lifted on its own.
  expect(
    ok(await cli(['suppression', 'add', accountId, 'someone@example.org', '--topic', 'product-news'])).json,
  ).toEqual({ address: 'someone@example.org', topic: 'product-news', added: true });
  const table = await runCli(['suppression', 'list', accountId], { DATABASE_URL: database.url });
  expect(table.stdout).toMatch(/someone@example\.org\s+manual\s+product-news/);
  expect(table.stdout).toMatch(/someone@example\.org\s+manual\s+\(all mail\)/);
  expect(
    ok(await cli(['suppression', 'remove', accountId, 'someone@example.org', '--topic', 'product-news'])).json,
  ).toEqual({ address: 'someone@example.org', topic: 'product-news', removed: true });
  expect((await cli(['suppression', 'add', accountId, 'someone@example.org', '--topic', 'Bad Topic'])).code).toBe(1);

  const bad = await cli(['suppression', 'add', accountId, 'nobody']);
  expect(bad.code).toBe(1);
  expect(bad.stderr).toContain('not an email address');

  expect(ok(await cli(['suppression', 'remove', accountId, 'SOMEONE@example.org'])).json).toEqual({
    address: 'someone@example.org',
    topic: null,
    removed: true,
  });
  const absent = await cli(['suppression', 'remove', accountId, 'someone@example.org']);
  expect(absent.code).toBe(1);
  expect(absent.stderr).toContain('not on the suppression list');
  expect(ok(await cli(['suppression', 'list', accountId])).json).toEqual([]);

  const audit = ok(await cli(['account', 'show', accountId])).json.audit as { action: string }[];
  expect(audit.map((a) => a.action).slice(0, 2)).toEqual(['suppression.remove', 'suppression.remove']);
});

test('log lists the shared-mode email log, newest first, filtered by status, limited', async () => {
  const ids = [
    '11111111-1111-4111-8111-111111111111',
    '22222222-2222-4222-8222-222222222222',
    '33333333-3333-4333-8333-333333333333',
  ];
  for (const [i, id] of ids.entries()) {
    await insertQueuedLogRow(database.db, {
      messageId: id,
      accountId,
      recipient: `r${i}@example.org`,
      fromEmail: 'hi@one.example',
      subject: `s${i}`,
      kind: 'real',
      attachments: 0,
    });
    await database
      .db('email_log')
      .where({ message_id: id })
      .update({ created_at: new Date(Date.now() - (3 - i) * 1000) });
  }
  await applyOutcomeToLog(database.db, ids[0]!, {
    type: 'bounced',
    at: new Date().toISOString(),
    bounceType: 'Permanent',
    bounceSubType: 'General',
  });

  const all = ok(await cli(['log', accountId])).json as { message_id: string; status: string }[];
  expect(all.map((r) => r.message_id)).toEqual([ids[2], ids[1], ids[0]]);
  const bounced = ok(await cli(['log', 'keys@example.com', '--status', 'bounced'])).json as {
    message_id: string;
    bounce_type: string;
    bounce_subtype: string;
  }[];
  expect(bounced).toEqual([
    expect.objectContaining({ message_id: ids[0], bounce_type: 'Permanent', bounce_subtype: 'General' }),
  ]);
  expect(ok(await cli(['log', accountId, '--limit', '1'])).json).toHaveLength(1);
  const bad = await cli(['log', accountId, '--status', 'opened']);
  expect(bad.code).toBe(1);
  expect(bad.stderr).toContain('unknown status "opened"');
});

test('key create --permission: sending by default, full_access when asked, anything else refused', async () => {
  const sending = ok(await cli(['key', 'create', accountId, '--name', 'app'])).json;
  expect(sending.permission).toBe('sending');
  const full = ok(await cli(['key', 'create', accountId, '--name', 'admin', '--permission', 'full_access'])).json;
  expect(full.permission).toBe('full_access');
  const refused = await cli(['key', 'create', accountId, '--name', 'root', '--permission', 'root']);
  expect(refused.code).not.toBe(0);
  expect(refused.stderr).toMatch(/expected one of sending, full_access/);
  const text = await runCli(['key', 'list', accountId], {
    DATABASE_URL: database.url,
    NODE_ENV: 'test',
    POSTAGE_SECRET_KEY: TEST_SECRET_KEY,
  });
  expect(text.stdout).toMatch(/admin\s+full_access/);
});
