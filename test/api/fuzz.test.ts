// Property-based fuzzing of the real API process (fast-check): bodies of every JSON type in every
// field, extra fields with any name (Object.prototype's included), nested values, truncated and
// non-JSON bodies, wrong or missing Content-Type, long strings, control characters and non-ASCII
// text, random X-API-Key and Idempotency-Key headers; for POST /api/send/, GET /api/me/, POST
// /provider/ses-events (unsigned junk and genuinely signed notifications with random contents), and
// the sign-in and management endpoints (random bodies, path parameters and query strings), and
// every listing's query string with NUL, other control characters and bytes that are not UTF-8.
// Properties: never a 5xx; every answer is documented in the served OpenAPI document; nothing is
// counted, staged, claimed or started for a refused request.
//
// Seeded and bounded: FUZZ_SEED replays a run (the seed is printed), FUZZ_RUNS sets the number of
// requests per endpoint (default 300), and each endpoint stops after FUZZ_SECONDS (default 60).
import fc from 'fast-check';
import { randomInt } from 'node:crypto';
import { startApiProcess } from '../helpers/apiProcess';
import { TEST_SECRET_KEY, testEnv } from '../helpers/config';
import { createTestDatabase, type TestDatabase } from '../helpers/database';
import { createEndpoint, createSender, type SenderFixture } from '../helpers/fixtures';
import { startLocalSns, type LocalSns } from '../../tools/stack/localSns';
import { call, type ApiResponse } from './helpers/http';
import { loadOpenApiCheck, type DocumentedCheck } from './helpers/openApi';
import { tracesOf } from './helpers/traces';
import { Client, Connection } from '@temporalio/client';
import { testInfra } from '../helpers/env';
import { createApiKey } from '../../core/accounts/apiKeys';
import { startTestZone, type TestZone } from '../cli/dnsServer';

const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : randomInt(2 ** 31);
const RUNS = Number(process.env.FUZZ_RUNS ?? 300);
const TIME_LIMIT_MS = Number(process.env.FUZZ_SECONDS ?? 60) * 1000;
const TEST_DOMAIN = 'test.postage.dev';

let database: TestDatabase;
let sns: LocalSns;
let api: { baseUrl: string; stop(): Promise<void> };
let documented: DocumentedCheck;
let sender: SenderFixture;
let fullKey: string;
let zone: TestZone;

beforeAll(async () => {
  process.stdout.write(
    `fuzz: seed ${SEED}, ${RUNS} runs per endpoint, at most ${TIME_LIMIT_MS / 1000} s each (replay: FUZZ_SEED=${SEED} npm test -- test/api/fuzz.test.ts)\n`,
  );
  [database, sns, zone] = await Promise.all([createTestDatabase(), startLocalSns(), startTestZone()]);
  api = await startApiProcess(
    testEnv({
      DATABASE_URL: database.url,
      RATE_LIMIT_PER_MINUTE: '1000000',
      SNS_TOPIC_ARNS: sns.topicArn,
      SNS_CERT_HOST: sns.certHost,
      NODE_EXTRA_CA_CERTS: sns.caFile,
      TEST_DOMAIN,
      // Management calls stay on this machine: local identities, a DNS zone that knows nothing, an STS that refuses connections.
      SES_DOMAIN_IDENTITIES: 'local',
      DNS_SERVERS: zone.server,
      STS_ENDPOINT: 'http://127.0.0.1:9',
      // Failed sign-ins from 127.0.0.1 must not lock out the other test files' sign-ins (one Redis per run).
      SIGNIN_FAILURES_PER_IP: '1000000',
    }),
  );
  documented = await loadOpenApiCheck(api.baseUrl);
  sender = await createSender(database.db);
  fullKey = (
    await createApiKey(
      database.db,
      { accountId: sender.account.id, name: 'fuzz admin', permission: 'full_access' },
      'test',
    )
  ).secret;
}, 120_000);

afterAll(async () => {
  await api?.stop();
  await sns?.close();
  await zone?.close();
  await database?.drop();
});

/** Runs the property with the printed seed; fast-check's own report names the failing case. */
async function check<T>(arbitrary: fc.Arbitrary<T>, property: (value: T) => Promise<void>): Promise<void> {
  await fc.assert(fc.asyncProperty(arbitrary, property), {
    seed: SEED,
    numRuns: RUNS,
    interruptAfterTimeLimit: TIME_LIMIT_MS,
  });
}

/** The real API process over HTTP, as `call` does everywhere (a non-JSON answer fails the property). */
const request = (path: string, init: RequestInit): Promise<ApiResponse> => call(`${api.baseUrl}${path}`, init);

/** Never a 5xx (not even a documented one: every dependency is up), and always what the OpenAPI document says. */
function expectDocumented(path: string, method: 'post' | 'get' | 'put' | 'patch' | 'delete', res: ApiResponse): void {
  if (res.status >= 500)
    throw new Error(`${method.toUpperCase()} ${path} answered ${res.status}: ${JSON.stringify(res.json)}`);
  documented(path, method, res);
}

// --- Values ---------------------------------------------------------------------------------

const text = fc.oneof(
  { weight: 4, arbitrary: fc.string({ unit: 'binary', maxLength: 64 }) }, // any code point: control characters, non-ASCII, lone surrogates
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 64 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary-ascii', minLength: 1000, maxLength: 20_000 }) },
  { weight: 1, arbitrary: fc.nat({ max: 300_000 }).map((n) => 'x'.repeat(n)) },
);
const anyJson = fc.oneof(
  { weight: 3, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 2, arbitrary: text },
  { weight: 1, arbitrary: fc.constantFrom(null, true, 0, -1, 1e308, [], {}) },
);
/** A valid value of the field most of the time, so that later checks are reached too. */
const field = (valid: fc.Arbitrary<unknown>) =>
  fc.oneof({ weight: 3, arbitrary: valid }, { weight: 2, arbitrary: anyJson });
const recipient = fc.oneof(
  fc
    .constantFrom(
      'delivered',
      'bounce',
      'complaint',
      'Success',
      'sent',
      'constructor',
      'toString',
      '__proto__',
      'nobody',
    )
    .map((l) => `${l}@${TEST_DOMAIN}`),
  fc.constantFrom(
    'Ann <delivered@test.postage.dev>',
    'a@b.co, c@d.co',
    'group: a@b.co;',
    '<>',
    'Name <>',
    '"x"',
    '@',
    'a@',
  ),
  text,
);
const base64 = fc.oneof(
  fc.base64String({ maxLength: 200 }),
  fc.uint8Array({ maxLength: 300 }).map((b) => Buffer.from(b).toString('base64')),
  text,
);
const attachment = fc.record(
  {
    filename: field(fc.constantFrom('a.txt', 'report.pdf', 'x')),
    content: field(base64),
    content_type: field(fc.constantFrom('text/plain', 'application/pdf', 'text plain')),
  },
  { requiredKeys: [] },
);
const sendBody = fc.record(
  {
    to: field(recipient),
    from_email: field(fc.constant('hello@DOMAIN')),
    from: field(fc.constant('hello@DOMAIN')),
    from_name: field(text),
    subject: field(text),
    message: field(text),
    html: field(text),
    attachments: field(fc.array(fc.oneof(attachment, anyJson), { maxLength: 4 })),
    reply_to: field(fc.constant('support@DOMAIN')),
    idempotency_key: field(fc.string({ unit: 'binary-ascii', minLength: 1, maxLength: 40 })),
  },
  { requiredKeys: [] },
);
/** Extra members with any name, Object.prototype's own names among them. */
const extraMembers = fc.array(
  fc.tuple(
    fc.oneof(
      fc.constantFrom('__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', 'cc', ''),
      fc.string({ maxLength: 12 }),
    ),
    anyJson,
  ),
  {
    maxLength: 3,
  },
);

/** A valid send with at most two members replaced by anything or dropped: reaches the gates and acceptance. */
const nearlyValidBody = fc
  .tuple(
    fc.record({
      to: fc
        .constantFrom('delivered', 'bounce', 'complaint', 'Success', 'Ann <sent')
        .map((l) => `${l}@${TEST_DOMAIN}${l.startsWith('Ann') ? '>' : ''}`),
      subject: fc.string({ unit: 'grapheme', maxLength: 80 }),
      message: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 200 }),
      attachments: fc.array(
        fc.record({
          filename: fc.constantFrom('a.txt', 'Ünïcode.pdf'),
          content: fc.uint8Array({ maxLength: 300 }).map((b) => Buffer.from(b).toString('base64')),
        }),
        {
          maxLength: 2,
        },
      ),
      idempotency_key: fc.option(fc.uuid(), { nil: undefined }),
    }),
    fc.array(
      fc.tuple(
        fc.constantFrom('to', 'from_email', 'subject', 'message', 'html', 'attachments', 'reply_to', 'from_name'),
        fc.option(anyJson, { nil: undefined }),
      ),
      { maxLength: 2 },
    ),
  )
  .map(([valid, changes]) => {
    const body: Record<string, unknown> = { from_email: 'hello@DOMAIN', ...valid };
    for (const [key, value] of changes) body[key] = value;
    return body;
  });

/** A JSON text: an object built member by member (so `__proto__` is a member, not a prototype), or any JSON value. */
const jsonText = fc.oneof(
  { weight: 4, arbitrary: nearlyValidBody.map((body) => objectText(body, [])) },
  { weight: 4, arbitrary: fc.tuple(sendBody, extraMembers).map(([body, extra]) => objectText(body, extra)) },
  { weight: 1, arbitrary: anyJson.map((v) => JSON.stringify(v)) },
);
function objectText(body: Record<string, unknown>, extra: [string, unknown][]): string {
  const members = [...Object.entries(body), ...extra]
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`);
  return `{${members.join(',')}}`;
}
const rawBody = fc.oneof(
  { weight: 6, arbitrary: jsonText },
  { weight: 1, arbitrary: fc.tuple(jsonText, fc.nat()).map(([t, n]) => t.slice(0, n % Math.max(1, t.length))) }, // truncated
  { weight: 1, arbitrary: text }, // not JSON at all
  { weight: 1, arbitrary: fc.constant('') },
);
const contentType = fc.oneof(
  { weight: 6, arbitrary: fc.constant('application/json') },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      'application/json; charset=utf-8',
      'application/json; charset=latin1',
      'Application/JSON',
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      '',
    ),
  },
  { weight: 1, arbitrary: fc.constant(undefined) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary-ascii', maxLength: 40 }) },
);
const headerValue = fc.string({
  unit: fc.integer({ min: 0x20, max: 0xff }).map((c) => String.fromCharCode(c)),
  maxLength: 300,
});
const apiKeyHeader = fc.oneof(
  { weight: 6, arbitrary: fc.constant('VALID') },
  { weight: 1, arbitrary: fc.constant(undefined) },
  { weight: 2, arbitrary: headerValue },
  {
    weight: 1,
    arbitrary: fc.stringMatching(/^pk_[0-9a-f]{16}_[0-9a-f]{64}$/),
  },
);
const idempotencyHeader = fc.oneof(
  { weight: 4, arbitrary: fc.constant(undefined) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary-ascii', minLength: 1, maxLength: 40 }) },
  { weight: 1, arbitrary: headerValue },
);

function headers(h: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(h).filter((e): e is [string, string] => e[1] !== undefined));
}

/** fetch refuses some header values before sending: such a case tests nothing of ours. */
async function sendOrSkip<T>(send: () => Promise<T>): Promise<T> {
  try {
    return await send();
  } catch (err) {
    // Duck-typed: fetch's errors come from outside jest's realm.
    const e = err as { name?: string; message?: string; cause?: unknown };
    if (e?.name === 'TypeError' && /header|ByteString/i.test(`${e.message} ${String(e.cause)}`)) fc.pre(false);
    throw err;
  }
}

// --- Properties -----------------------------------------------------------------------------

test('POST /api/send/: never a 5xx, always documented, and only accepted requests leave traces', async () => {
  const accepted = new Set<string>();
  const acceptedKeys = new Set<string>();
  const sendCase = fc.oneof(
    {
      weight: 3,
      arbitrary: fc.record({ body: rawBody, contentType, apiKey: apiKeyHeader, idempotencyKey: idempotencyHeader }),
    },
    // Well-formed requests whose body is nearly valid: most are accepted, which the traces check needs.
    {
      weight: 1,
      arbitrary: fc.record({
        body: nearlyValidBody.map((b) => objectText(b, [])),
        contentType: fc.constant('application/json'),
        apiKey: fc.constant('VALID'),
        idempotencyKey: fc.constant(undefined),
      }),
    },
  );
  await check(sendCase, async (c) => {
    const body = c.body.replaceAll('DOMAIN', sender.domain);
    const res = await sendOrSkip(() =>
      request('/api/send/', {
        method: 'POST',
        headers: headers({
          'Content-Type': c.contentType,
          'X-API-Key': c.apiKey === 'VALID' ? sender.apiKey : c.apiKey,
          'Idempotency-Key': c.idempotencyKey,
        }),
        body,
      }),
    );
    expectDocumented('/api/send/', 'post', res);
    if (res.status === 200) {
      accepted.add(res.json.message_id as string);
      if (typeof res.json.idempotency_key === 'string') acceptedKeys.add(res.json.idempotency_key);
    }
  });
  const connection = await Connection.connect({ address: testInfra().temporalAddress });
  try {
    const traces = await tracesOf({ db: database.db, temporal: new Client({ connection }) }, sender.account.id);
    process.stdout.write(`fuzz: /api/send/ accepted ${accepted.size} of the generated requests\n`);
    // Without a worker nothing is logged; everything else exists exactly for the accepted messages.
    expect(traces).toEqual({
      counted: accepted.size,
      staged: accepted.size,
      logRows: 0,
      idempotencyKeys: acceptedKeys.size,
      workflows: accepted.size,
    });
  } finally {
    await connection.close();
  }
}, 300_000);

test('GET /api/me/: never a 5xx, always documented', async () => {
  const query = fc.oneof(
    fc.constant(''),
    fc.webQueryParameters().map((q) => `?${q}`),
  );
  await check(fc.record({ apiKey: apiKeyHeader, query, contentType, body: fc.option(text) }), async (c) => {
    const res = await sendOrSkip(() =>
      request(`/api/me/${c.query}`, {
        method: 'GET',
        headers: headers({
          'X-API-Key': c.apiKey === 'VALID' ? sender.apiKey : c.apiKey,
          'Content-Type': c.contentType,
        }),
      }),
    );
    expectDocumented('/api/me/', 'get', res);
    if (c.apiKey === 'VALID') expect(res.status).toBe(200);
  });
}, 300_000);

test('POST /provider/ses-events: never a 5xx, always documented, for junk and for signed notifications of any content', async () => {
  const sesLike = fc.record(
    {
      eventType: field(
        fc.constantFrom('Delivery', 'Bounce', 'Complaint', 'Reject', 'Rendering Failure', 'Open', 'constructor'),
      ),
      notificationType: field(fc.constantFrom('Delivery', 'Bounce')),
      mail: field(
        fc.record(
          {
            messageId: field(fc.uuid()),
            timestamp: field(fc.date({ noInvalidDate: true }).map((d) => d.toISOString())),
          },
          { requiredKeys: [] },
        ),
      ),
      delivery: field(fc.record({ timestamp: anyJson, smtpResponse: anyJson }, { requiredKeys: [] })),
      bounce: field(
        fc.record(
          { bounceType: field(fc.constantFrom('Permanent', 'Transient')), bounceSubType: anyJson, timestamp: anyJson },
          { requiredKeys: [] },
        ),
      ),
      complaint: field(fc.record({ complaintFeedbackType: anyJson, timestamp: anyJson }, { requiredKeys: [] })),
      reject: field(fc.record({ reason: anyJson }, { requiredKeys: [] })),
      failure: field(fc.record({ errorMessage: anyJson }, { requiredKeys: [] })),
    },
    { requiredKeys: [] },
  );
  const snsLike = fc
    .record(
      {
        Type: field(
          fc.constantFrom('Notification', 'SubscriptionConfirmation', 'UnsubscribeConfirmation', 'constructor'),
        ),
        MessageId: field(fc.uuid()),
        TopicArn: field(fc.constant(sns.topicArn)),
        Message: field(sesLike.map((m) => JSON.stringify(m))),
        Timestamp: field(fc.constant(new Date().toISOString())),
        SignatureVersion: field(fc.constantFrom('1', '2', '3')),
        Signature: field(fc.base64String({ maxLength: 100 })),
        SigningCertURL: field(fc.constantFrom(sns.certUrl, 'https://sns.s3.amazonaws.com/x.pem', 'not a url')),
        SubscribeURL: anyJson,
      },
      { requiredKeys: [] },
    )
    .map((m) => JSON.stringify(m));
  const body = fc.oneof(
    { weight: 3, arbitrary: sesLike.map((m) => sns.notification(m)) }, // genuinely signed, any content
    { weight: 3, arbitrary: snsLike },
    { weight: 1, arbitrary: rawBody },
    {
      weight: 1,
      arbitrary: fc.nat({ max: 400_000 }).map((n) => `{"Type":"Notification","Message":"${'x'.repeat(n)}"}`),
    },
  );
  await check(fc.record({ body, contentType }), async (c) => {
    const res = await sendOrSkip(() =>
      request('/provider/ses-events', {
        method: 'POST',
        headers: headers({ 'Content-Type': c.contentType }),
        body: c.body,
      }),
    );
    expectDocumented('/provider/ses-events', 'post', res);
  });
}, 300_000);

test('sign-in and management endpoints: never a 5xx, always documented', async () => {
  type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
  const operations: [Method, string, string[]][] = [
    ['post', '/api/auth/signup', ['email', 'password', 'name']],
    ['post', '/api/auth/signin', ['email', 'password']],
    ['post', '/api/auth/verify-email', ['token']],
    ['post', '/api/auth/password-reset', ['email']],
    ['post', '/api/auth/password-reset/confirm', ['token', 'password']],
    ['get', '/api/domains', []],
    ['post', '/api/domains', ['name', 'sending_mode']],
    ['get', '/api/domains/{name}', []],
    ['post', '/api/domains/{name}/verify', []],
    ['delete', '/api/domains/{name}', []],
    ['post', '/api/api-keys', ['name', 'permission', 'domains', 'expires_at']],
    ['delete', '/api/api-keys/{id}', []],
    ['post', '/api/webhooks', ['url', 'events']],
    ['patch', '/api/webhooks/{id}', ['url', 'events', 'active']],
    ['post', '/api/webhooks/{id}/test', ['event_type']],
    ['get', '/api/webhooks/{id}/deliveries', []],
    ['put', '/api/byoc', ['role_arn', 'region']],
    ['get', '/api/emails', []],
    ['get', '/api/emails/{message_id}', []],
    ['get', '/api/suppressions', []],
    ['post', '/api/suppressions', ['address']],
    ['delete', '/api/suppressions/{address}', []],
    ['get', '/api/inbound-domains', []],
    ['post', '/api/inbound-domains', ['name']],
    ['post', '/api/inbound-domains/{name}/rules', ['match', 'endpoint_ids']],
    ['get', '/api/inbound', []],
    ['get', '/api/inbound/{id}', []],
    ['delete', '/api/inbound/{id}', []],
  ];
  const plausible: Record<string, fc.Arbitrary<unknown>> = {
    email: fc.constantFrom('someone@example.com', 'a@b', 'constructor@example.com'),
    password: fc.constantFrom('long enough password', 'short', ''),
    name: fc.constantFrom('fuzz.example.com', 'Fuzz', 'not a domain'),
    sending_mode: fc.constantFrom('shared', 'byoc', 'other'),
    token: fc.base64String({ maxLength: 60 }),
    permission: fc.constantFrom('sending', 'full_access', 'root'),
    domains: fc.array(fc.constantFrom(sender?.domain ?? 'x.example', 'elsewhere.example'), { maxLength: 2 }),
    expires_at: fc.constantFrom('2099-01-01T00:00:00Z', '2000-01-01T00:00:00Z', 'soon', null),
    url: fc.constantFrom('http://127.0.0.1:9/hook', 'http://10.0.0.1/hook', 'ftp://x', 'not a url'),
    events: fc.array(fc.constantFrom('email.delivered', 'email.bounced', 'email.nope'), { maxLength: 3 }),
    active: fc.boolean(),
    event_type: fc.constantFrom('email.sent', 'email.complained', 'other'),
    role_arn: fc.constantFrom('arn:aws:iam::210987654321:role/Service-BYOC-Role', 'arn:aws:iam::1:role/x', ''),
    region: fc.constantFrom('us-east-1', 'mars-1'),
    address: fc.constantFrom('blocked@example.org', 'nope', ''),
    match: fc.constantFrom('support', 'Reply+*', '*', 'a+b', '.x', ''),
    endpoint_ids: fc.array(fc.constantFrom('00000000-0000-4000-8000-000000000000', 'not-a-uuid'), { maxLength: 11 }),
  };
  const pathValue = fc.oneof(
    fc.constantFrom(
      'fuzz.example.com',
      'blocked@example.org',
      '00000000-0000-0000-0000-000000000000',
      'pk_0123456789abcdef',
    ),
    fc.uuid(),
    fc.string({ unit: 'binary', minLength: 1, maxLength: 80 }).map(encodeURIComponent),
  ); // Node itself answers 431 to URLs past 16 KB
  const caseFor = fc.integer({ min: 0, max: operations.length - 1 }).chain((i) => {
    const [method, path, fields] = operations[i]!;
    const body = fc
      .tuple(
        fc.record(Object.fromEntries(fields.map((f) => [f, field(plausible[f]!)])), { requiredKeys: [] }),
        extraMembers,
      )
      .map(([b, extra]) => objectText(b, extra));
    return fc.record({
      method: fc.constant(method),
      path: fc.constant(path),
      param: pathValue,
      query: fc.oneof(
        fc.constant(''),
        fc.webQueryParameters().map((q) => `?${q}`),
        fc.constantFrom('?limit=0', '?status=lost&since=x', '?cursor=garbage', '?limit=1&limit=2'),
      ),
      body: fc.oneof({ weight: 5, arbitrary: body }, { weight: 1, arbitrary: rawBody }),
      contentType,
      auth: fc.constantFrom('full', 'sending', 'none'),
    });
  });
  await check(caseFor, async (c) => {
    const url = c.path.replace(/\{\w+\}/, c.param) + (c.method === 'get' ? c.query : '');
    const key = c.auth === 'full' ? fullKey : c.auth === 'sending' ? sender.apiKey : undefined;
    const res = await sendOrSkip(() =>
      request(url, {
        method: c.method.toUpperCase(),
        headers: headers({ 'X-API-Key': key, 'Content-Type': c.contentType }),
        ...(c.method === 'get' || c.method === 'delete' ? {} : { body: c.body }),
      }),
    );
    if (res.status === 404 && res.json.error === 'not_found' && c.param.includes('%2F')) return; // an encoded slash in a path parameter is another path
    expectDocumented(c.path, c.method, res);
  });
}, 300_000);

test('listings: query strings with NUL and other control characters in any parameter are never a 5xx, and a NUL is always a 400', async () => {
  // `GET /api/emails?recipient=%00` once reached PostgreSQL (which cannot store NUL) and was a 500.
  const { endpoint } = await createEndpoint(database.db, TEST_SECRET_KEY, sender.account.id, 'http://127.0.0.1:9/hook');
  const listings = [
    '/api/domains',
    '/api/api-keys',
    '/api/webhooks',
    '/api/webhooks/{id}/deliveries',
    '/api/emails',
    '/api/suppressions',
    '/api/usage',
    '/api/inbound-domains',
    '/api/inbound',
  ];
  // Each listing's own parameters as /openapi.json documents them, so a new filter is fuzzed too.
  const doc = (await (await fetch(`${api.baseUrl}/openapi.json`)).json()) as {
    paths: Record<string, { get?: { parameters?: { name: string; in: string }[] } }>;
  };
  const documentedNames = (path: string) =>
    (doc.paths[path]?.get?.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
  for (const path of listings) expect(doc.paths[path]?.get).toBeDefined();
  const controlChar = fc
    .integer({ min: 0, max: 0x9f })
    .filter((c) => c < 0x20 || c >= 0x7f)
    .map((c) => String.fromCharCode(c));
  const value = fc
    .array(
      fc.oneof(
        { weight: 3, arbitrary: controlChar },
        { weight: 1, arbitrary: fc.constant('\u0000') },
        { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 8 }) }, // any code point, lone surrogates included
        {
          weight: 2,
          arbitrary: fc.constantFrom('a', 'example', '@', '%', '&', '=', '+', ' ', 'sent', '2026-11-01', '10'),
        },
      ),
      { maxLength: 12 },
    )
    .map((parts) => parts.join(''));
  /** As a client would send it: UTF-8 percent-encoded (a lone surrogate becomes U+FFFD, as fetch would make it). */
  const encoded = (text: string) =>
    [...Buffer.from(text, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');
  // Escapes that are not UTF-8 at all (an escaped surrogate, an overlong NUL, a stray byte, a broken escape).
  const rawValue = fc.constantFrom('%ED%A0%80', '%C0%80', '%FF', '%E0%A4%A', '%');
  const caseFor = fc.integer({ min: 0, max: listings.length - 1 }).chain((i) => {
    const path = listings[i]!;
    const name = fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...documentedNames(path), 'recipient', 'search', 'limit', 'unknown') },
      { weight: 1, arbitrary: value.filter((n) => n.length > 0) },
    );
    const parameter = fc.record({
      name,
      value: fc.oneof(
        { weight: 4, arbitrary: value.map((v) => ({ text: v, raw: encoded(v) })) },
        { weight: 1, arbitrary: rawValue.map((raw) => ({ text: '', raw })) },
      ),
    });
    return fc.record({ path: fc.constant(path), parameters: fc.array(parameter, { minLength: 1, maxLength: 4 }) });
  });
  await check(caseFor, async (c) => {
    const query = c.parameters.map((p) => `${encoded(p.name)}=${p.value.raw}`).join('&');
    const res = await request(`${c.path.replace('{id}', endpoint.id)}?${query}`, {
      method: 'GET',
      headers: { 'X-API-Key': fullKey },
    });
    expectDocumented(c.path, 'get', res);
    const holdsNul = c.parameters.some((p) => p.name.includes('\u0000') || p.value.text.includes('\u0000'));
    if (holdsNul) expect(res.status).toBe(400);
  });
}, 300_000);
