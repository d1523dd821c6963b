// The SDK's behaviour that needs no Postage API, imported as an ES module: timeouts that abort,
// what is retried and what is not (against a local stand-in that answers as the API documents),
// idempotency keys across retries, the error values, and webhook signatures made as the API
// makes them (core/webhooks: X-Service-Signature and Standard Webhooks).
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import { after, before, describe, test } from 'node:test';
import {
  DEFAULT_BASE_URL,
  ErrorCode,
  Postage,
  PostageApiError,
  PostageConnectionError,
  PostageError,
  PostageTimeoutError,
  VERSION,
  WebhookVerificationError,
  Webhooks,
  verifyWebhook,
} from '@postage/sdk';
import * as esm from '@postage/sdk';

const require = createRequire(import.meta.url);

/** A local HTTP server whose answers the test scripts; it records every request (method, url, headers, body). */
async function standIn(handler) {
  const requests = [];
  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const record = {
        method: req.method,
        url: req.url,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        closed: false,
      };
      res.on('close', () => (record.closed = !res.writableFinished));
      requests.push(record);
      handler(req, res, requests.length, record);
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    requests,
    close: () => new Promise((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}

function json(res, status, body, headers = {}) {
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

const email = { from_email: 'hello@example.com', to: 'delivered@test.example', subject: 'Hi', message: 'Hello.' };
const accepted = {
  success: true,
  message: 'Email queued for delivery',
  message_id: 'm-1',
  mode: 'shared',
  attachments: 0,
};

describe('the package', () => {
  test('is the same from import and require, with the version of its package.json', () => {
    const cjs = require('@postage/sdk');
    assert.equal(typeof cjs.Postage, 'function');
    assert.deepEqual(Object.keys(cjs).sort(), Object.keys(esm).sort());
    const pkg = JSON.parse(readFileSync(require.resolve('@postage/sdk/package.json'), 'utf8'));
    assert.equal(pkg.version, VERSION);
    assert.equal(pkg.name, '@postage/sdk');
    assert.deepEqual(pkg.dependencies ?? {}, {});
  });

  test('a client takes its base URL from the option, else POSTAGE_BASE_URL, else https://api.postage.dev', () => {
    const saved = process.env.POSTAGE_BASE_URL;
    try {
      delete process.env.POSTAGE_BASE_URL;
      assert.equal(new Postage({ apiKey: 'pk_x' }).baseUrl, DEFAULT_BASE_URL);
      assert.equal(DEFAULT_BASE_URL, 'https://api.postage.dev');
      process.env.POSTAGE_BASE_URL = 'http://127.0.0.1:9/';
      assert.equal(new Postage({ apiKey: 'pk_x' }).baseUrl, 'http://127.0.0.1:9');
      assert.equal(new Postage({ apiKey: 'pk_x', baseUrl: 'http://localhost:3000' }).baseUrl, 'http://localhost:3000');
    } finally {
      if (saved === undefined) delete process.env.POSTAGE_BASE_URL;
      else process.env.POSTAGE_BASE_URL = saved;
    }
  });

  test('a client without an API key is refused at once', () => {
    const saved = process.env.POSTAGE_API_KEY;
    delete process.env.POSTAGE_API_KEY;
    try {
      assert.throws(() => new Postage({ baseUrl: 'http://127.0.0.1:9' }), /API key is required/);
    } finally {
      if (saved !== undefined) process.env.POSTAGE_API_KEY = saved;
    }
  });
});

describe('requests', () => {
  let api;
  let script = () => {};
  before(async () => {
    api = await standIn((req, res, n, record) => script(req, res, n, record));
  });
  after(() => api.close());
  const client = (options = {}) => new Postage({ apiKey: 'pk_test', baseUrl: api.url, ...options });
  const fresh = () => api.requests.splice(0);

  test('carry the API key and JSON, and give back the parsed answer', async () => {
    fresh();
    script = (req, res) => json(res, 200, accepted);
    const sent = await client().emails.send(email);
    assert.deepEqual(sent, accepted);
    const [seen] = fresh();
    assert.equal(seen.method, 'POST');
    assert.equal(seen.url, '/api/send/');
    assert.equal(seen.headers['x-api-key'], 'pk_test');
    assert.equal(seen.headers['content-type'], 'application/json');
    assert.deepEqual(JSON.parse(seen.body), email);
  });

  test('a send carries an idempotency key made once per call and kept across its retries', async () => {
    fresh();
    script = (req, res, n) =>
      n % 3 === 0
        ? json(res, 200, accepted)
        : json(res, 503, { success: false, error: 'service_unavailable', detail: 'db' }, { 'Retry-After': '0' });
    await client({ maxRetries: 2 }).emails.send(email);
    await client({ maxRetries: 2 }).emails.send(email);
    const keys = fresh().map((r) => r.headers['idempotency-key']);
    assert.equal(keys.length, 6);
    assert.match(keys[0], /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    assert.deepEqual(keys.slice(0, 3), [keys[0], keys[0], keys[0]]);
    assert.deepEqual(keys.slice(3), [keys[3], keys[3], keys[3]]);
    assert.notEqual(keys[0], keys[3]);
  });

  test('a Date filter of the log goes on the wire as ISO 8601', async () => {
    fresh();
    script = (req, res) => json(res, 200, { emails: [], next_cursor: null });
    await client().emails.listPage({ since: new Date('2026-11-01T00:00:00Z'), until: '2026-11-02', tag: 'run:1' });
    const query = new URL(fresh()[0].url, api.url).searchParams;
    assert.deepEqual(
      [query.get('since'), query.get('until'), query.get('tag')],
      ['2026-11-01T00:00:00.000Z', '2026-11-02', 'run:1'],
    );
  });

  test("a caller's idempotency key (option or body field) is the one sent", async () => {
    fresh();
    script = (req, res) => json(res, 200, accepted);
    await client().emails.send(email, { idempotencyKey: 'order-42' });
    await client().emails.send({ ...email, idempotency_key: 'order-43' });
    await client().emails.sendBatch({ emails: [email] }, { idempotencyKey: 'batch-7' });
    assert.deepEqual(
      fresh().map((r) => r.headers['idempotency-key']),
      ['order-42', 'order-43', 'batch-7'],
    );
  });

  test('a timeout aborts the request (the server sees the connection closed) and is a PostageTimeoutError', async () => {
    fresh();
    script = () => {}; // never answers
    const started = Date.now();
    await assert.rejects(client({ timeoutMs: 300, maxRetries: 0 }).me.get(), (err) => {
      assert.ok(
        err instanceof PostageTimeoutError && err instanceof PostageConnectionError && err instanceof PostageError,
      );
      assert.equal(err.timeoutMs, 300);
      return true;
    });
    assert.ok(Date.now() - started < 3000, 'the timeout ended the call');
    await new Promise((resolve) => setTimeout(resolve, 200));
    const [seen] = fresh();
    assert.equal(seen.closed, true, 'the server saw the request abandoned');
  });

  test('a GET is retried after a timeout, then succeeds', async () => {
    fresh();
    script = (req, res, n) => (n === 1 ? undefined : json(res, 200, { name: 'x' }));
    const me = await client({ timeoutMs: 300, maxRetries: 1 }).me.get();
    assert.equal(me.name, 'x');
    assert.equal(fresh().length, 2);
  });

  test('a rate-limit 429 is retried after its Retry-After', async () => {
    fresh();
    script = (req, res, n) =>
      n === 1
        ? json(res, 429, { success: false, detail: 'Too many requests' }, { 'Retry-After': '1' })
        : json(res, 200, accepted);
    const started = Date.now();
    await client().emails.send(email);
    assert.ok(Date.now() - started >= 1000, 'waited for Retry-After');
    assert.equal(fresh().length, 2);
  });

  test('a Retry-After beyond 60 seconds is not waited for: the error comes at once, with it', async () => {
    fresh();
    script = (req, res) =>
      json(
        res,
        429,
        { success: false, detail: 'Too many requests' },
        {
          'Retry-After': '900',
          'X-RateLimit-Limit': '60',
          'X-RateLimit-Remaining': '0',
          'X-RateLimit-Reset': '2000000000',
        },
      );
    const started = Date.now();
    await assert.rejects(client().emails.send(email), (err) => {
      assert.ok(err instanceof PostageApiError);
      assert.equal(err.status, 429);
      assert.equal(err.code, undefined);
      assert.equal(err.isRateLimited, true);
      assert.equal(err.retryAfter, 900);
      assert.deepEqual(err.rateLimit, { limit: 60, remaining: 0, reset: new Date(2_000_000_000_000) });
      return true;
    });
    assert.ok(Date.now() - started < 2000);
    assert.equal(fresh().length, 1);
  });

  test('409 idempotency_key_in_progress and 5xx are retried; maxRetries bounds the attempts', async () => {
    fresh();
    script = (req, res) =>
      json(
        res,
        409,
        { success: false, error: 'idempotency_key_in_progress', detail: 'still processing' },
        { 'Retry-After': '0' },
      );
    await assert.rejects(client({ maxRetries: 3 }).emails.send(email), {
      status: 409,
      code: 'idempotency_key_in_progress',
    });
    assert.equal(fresh().length, 4);
    script = (req, res) => json(res, 500, { success: false, error: 'internal_error', detail: 'boom' });
    await assert.rejects(client({ maxRetries: 1 }).emails.get('m-1'), { status: 500, code: ErrorCode.InternalError });
    assert.equal(fresh().length, 2);
    await assert.rejects(client().emails.get('m-1', { maxRetries: 0 }), { status: 500 });
    assert.equal(fresh().length, 1);
  });

  for (const [status, body] of [
    [400, { success: false, detail: 'The request is invalid (to).', errors: { to: ['Only one address is allowed.'] } }],
    [401, { success: false, detail: 'Invalid API key.' }],
    [403, { success: false, error: 'domain_not_verified', detail: 'Verify the domain.' }],
    [409, { success: false, error: 'idempotency_key_reused', detail: 'Another body.' }],
    [422, { success: false, error: 'recipient_suppressed', detail: 'Suppressed.' }],
    [429, { success: false, error: 'usage_limit_exceeded', detail: 'Quota used up.' }],
    [503, { success: false, error: 'byoc_not_configured', detail: 'No role.' }],
  ]) {
    test(`a ${status}${body.error ? ` ${body.error}` : ''} is not retried, and is a PostageApiError carrying what the API said`, async () => {
      fresh();
      script = (req, res) => json(res, status, body, { 'X-Request-Id': 'req-1' });
      await assert.rejects(client({ maxRetries: 3 }).emails.send(email), (err) => {
        assert.ok(err instanceof PostageApiError && err instanceof PostageError);
        assert.equal(err.status, status);
        assert.equal(err.code, body.error);
        assert.equal(err.detail, body.detail);
        assert.deepEqual(err.errors, body.errors);
        assert.equal(err.requestId, 'req-1');
        assert.equal(err.isRateLimited, false);
        assert.equal(err.isValidationError, status === 400);
        return true;
      });
      assert.equal(fresh().length, 1);
    });
  }

  test('an error code this version does not know arrives as it is', async () => {
    script = (req, res) => json(res, 403, { success: false, error: 'a_code_from_the_future', detail: 'New.' });
    await assert.rejects(client().me.get(), { status: 403, code: 'a_code_from_the_future', detail: 'New.' });
  });

  test('a management write is not retried after an answer (only when no connection could be made)', async () => {
    fresh();
    script = (req, res) => json(res, 500, { success: false, error: 'internal_error', detail: 'boom' });
    await assert.rejects(
      client({ maxRetries: 3 }).webhooks.create({ url: 'https://example.com/h', events: ['email.delivered'] }),
      { status: 500 },
    );
    await assert.rejects(client({ maxRetries: 3 }).emails.cancel('m-1'), { status: 500 });
    assert.equal(fresh().length, 2);
  });

  test('a dropped connection on a send is retried with the same key', async () => {
    fresh();
    script = (req, res, n) => (n === 1 ? req.socket.destroy() : json(res, 200, accepted));
    assert.deepEqual(await client().emails.send(email), accepted);
    const seen = fresh();
    assert.equal(seen.length, 2);
    assert.equal(seen[0].headers['idempotency-key'], seen[1].headers['idempotency-key']);
  });

  test('a dropped connection on a management write is not retried', async () => {
    fresh();
    script = (req) => req.socket.destroy();
    await assert.rejects(client({ maxRetries: 3 }).templates.publish('welcome'), PostageConnectionError);
    assert.equal(fresh().length, 1);
  });

  test('a connection that cannot be made is a PostageConnectionError (retried, even for writes: nothing was sent)', async () => {
    const closed = await standIn(() => {});
    await closed.close();
    const attempts = [];
    const counting = (input, init) => (attempts.push(input), fetch(input, init));
    const postage = new Postage({ apiKey: 'pk_x', baseUrl: closed.url, maxRetries: 2, fetch: counting });
    await assert.rejects(postage.webhooks.create({ url: 'https://example.com/h', events: ['email.sent'] }), (err) => {
      assert.ok(err instanceof PostageConnectionError);
      assert.ok(!(err instanceof PostageTimeoutError));
      return true;
    });
    assert.equal(attempts.length, 3);
  });

  test("the caller's AbortSignal cancels the call and its retries", async () => {
    fresh();
    script = () => {};
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 200);
    await assert.rejects(client({ timeoutMs: 10_000 }).me.get({ signal: controller.signal }), { name: 'AbortError' });
    assert.equal(fresh().length, 1);
  });

  test('list follows next_cursor across pages, with the filters on every page', async () => {
    fresh();
    const pages = { '': ['a', 'b'], c1: ['c', 'd'], c2: ['e'] };
    const next = { '': 'c1', c1: 'c2', c2: null };
    script = (req, res) => {
      const url = new URL(req.url, 'http://x');
      const cursor = url.searchParams.get('cursor') ?? '';
      json(res, 200, { emails: pages[cursor].map((message_id) => ({ message_id })), next_cursor: next[cursor] });
    };
    const ids = [];
    for await (const row of client().emails.list({
      status: 'bounced',
      since: new Date('2024-01-02T03:04:05Z'),
      limit: 2,
    }))
      ids.push(row.message_id);
    assert.deepEqual(ids, ['a', 'b', 'c', 'd', 'e']);
    const urls = fresh().map((r) => new URL(r.url, 'http://x'));
    assert.deepEqual(
      urls.map((u) => u.searchParams.get('cursor')),
      [null, 'c1', 'c2'],
    );
    for (const u of urls) {
      assert.equal(u.pathname, '/api/emails');
      assert.equal(u.searchParams.get('status'), 'bounced');
      assert.equal(u.searchParams.get('since'), '2024-01-02T03:04:05.000Z');
    }
    assert.deepEqual(
      (await client().emails.list({ limit: 2 }).toArray(3)).map((r) => r.message_id),
      ['a', 'b', 'c'],
    );
  });

  test('the audit log takes its filters and follows next_cursor; members and invitations are read', async () => {
    fresh();
    const entry = (id, action) => ({
      id,
      actor: { type: 'key', id: 'k-1', name: 'ops (pk_1)', email: null },
      action,
      details: {},
      created_at: '2030-01-01T00:00:00Z',
    });
    script = (req, res) => {
      const url = new URL(req.url, 'http://x');
      if (url.pathname === '/api/members')
        return json(res, 200, {
          members: [
            { user_id: 'u-1', email: 'ann@example.org', name: 'Ann', role: 'owner', joined_at: '2030-01-01T00:00:00Z' },
          ],
        });
      if (url.pathname === '/api/invitations') return json(res, 200, { invitations: [] });
      if (url.searchParams.get('cursor') === 'c2')
        return json(res, 200, { entries: [entry('1', 'api_key.create')], next_cursor: null });
      return json(res, 200, { entries: [entry('2', 'api_key.revoke')], next_cursor: 'c2' });
    };
    const entries = await client()
      .audit.list({ actor: 'user:u-1', action: 'api_key', since: new Date('2030-01-01T00:00:00Z'), limit: 1 })
      .toArray();
    assert.deepEqual(
      entries.map((e) => [e.id, e.action, e.actor.type]),
      [
        ['2', 'api_key.revoke', 'key'],
        ['1', 'api_key.create', 'key'],
      ],
    );
    assert.deepEqual(
      (await client().members.list()).members.map((m) => [m.email, m.role]),
      [['ann@example.org', 'owner']],
    );
    assert.deepEqual((await client().invitations.list()).invitations, []);
    const urls = fresh().map((r) => new URL(r.url, 'http://x'));
    assert.deepEqual(
      urls.map((u) => `${u.pathname}?${u.searchParams}`),
      [
        '/api/audit?actor=user%3Au-1&action=api_key&limit=1&since=2030-01-01T00%3A00%3A00.000Z',
        '/api/audit?actor=user%3Au-1&action=api_key&limit=1&cursor=c2&since=2030-01-01T00%3A00%3A00.000Z',
        '/api/members?',
        '/api/invitations?',
      ],
    );
  });

  test('suppressions.get and delete still take the request options second (as before topic), or the topic then the options', async () => {
    fresh();
    const answers = { GET: { address: 'a@example.org', reason: 'manual', created_at: '2024-01-01T00:00:00Z' } };
    script = (req, res) => json(res, 200, answers[req.method] ?? { deleted: true });
    await client().suppressions.get('a@example.org', { headers: { 'X-Trace': 'old' }, timeoutMs: 5000 });
    await client().suppressions.delete('a@example.org', { maxRetries: 0 });
    await client().suppressions.get('a@example.org', { topic: 'news' }, { headers: { 'X-Trace': 'new' } });
    await client().suppressions.delete('a@example.org', { topic: 'news', headers: { 'X-Trace': 'both' } });
    assert.deepEqual(
      fresh().map((r) => [r.method, r.url, r.headers['x-trace']]),
      [
        ['GET', '/api/suppressions/a%40example.org', 'old'],
        ['DELETE', '/api/suppressions/a%40example.org', undefined],
        ['GET', '/api/suppressions/a%40example.org?topic=news', 'new'],
        ['DELETE', '/api/suppressions/a%40example.org?topic=news', 'both'],
      ],
    );
  });

  test('a raw message comes back as its bytes, a deletion as nothing, an attachment from its link', async () => {
    fresh();
    const bytes = Buffer.from([0x46, 0x72, 0x6f, 0x6d, 0x3a, 0x20, 0xe9, 0xff, 0x00, 0x0d, 0x0a]); // not UTF-8
    script = (req, res) => {
      if (req.method === 'DELETE') return res.writeHead(204).end();
      if (req.url.includes('/missing')) return json(res, 404, { success: false, error: 'not_found', detail: 'No.' });
      res.writeHead(200, { 'Content-Type': req.url.endsWith('/raw') ? 'message/rfc822' : 'application/octet-stream' });
      res.end(bytes);
    };
    const raw = await client().inbound.raw('m-1');
    assert.ok(raw instanceof Uint8Array);
    assert.deepEqual(Buffer.from(raw), bytes);
    assert.equal(await client().inbound.delete('m-1'), undefined);
    for (const link of [
      'https://api.postage.dev/inbound/attachments/djF8YQ?x=1',
      { download_url: 'http://127.0.0.1:3000/inbound/attachments/djF8YQ' },
      'djF8YQ',
    ])
      assert.deepEqual(Buffer.from(await client().inbound.downloadAttachment(link)), bytes);
    await assert.rejects(client().inbound.raw('missing'), { status: 404, code: ErrorCode.NotFound });
    await assert.rejects(
      client().inbound.downloadAttachment('https://api.postage.dev/inbound/attachments/'),
      TypeError,
    );
    await assert.rejects(client().inbound.downloadAttachment('a/b'), TypeError);
    assert.deepEqual(
      fresh().map((r) => [r.method, r.url, r.headers.accept.split(',')[0]]),
      [
        ['GET', '/api/inbound/m-1/raw', 'message/rfc822'],
        ['DELETE', '/api/inbound/m-1', 'application/json'],
        ['GET', '/inbound/attachments/djF8YQ', 'application/octet-stream'],
        ['GET', '/inbound/attachments/djF8YQ', 'application/octet-stream'],
        ['GET', '/inbound/attachments/djF8YQ', 'application/octet-stream'],
        ['GET', '/api/inbound/missing/raw', 'message/rfc822'],
      ],
    );
  });

  test('path parameters are URL-encoded', async () => {
    fresh();
    script = (req, res) =>
      json(res, 200, { address: 'a+b@example.org', reason: 'manual', created_at: '2024-01-01T00:00:00Z' });
    await client().suppressions.get('a+b@example.org');
    await client()
      .webhooks.replay('w/1', 'd 2')
      .catch(() => {});
    assert.deepEqual(
      fresh().map((r) => r.url),
      ['/api/suppressions/a%2Bb%40example.org', '/api/webhooks/w%2F1/deliveries/d%202/replay'],
    );
  });
});

// test.sh gives sdks/openapi.json, the document the SDK is generated from.
const documentPath = process.env.POSTAGE_OPENAPI_DOCUMENT;
const noDocument = !documentPath && 'POSTAGE_OPENAPI_DOCUMENT is not set (test.sh sets it)';

/** The path template of the document's operation that a request (method, pathname) calls, if any. */
function templateOf(paths, method, pathname) {
  return Object.keys(paths).find(
    (t) =>
      paths[t][method.toLowerCase()] &&
      new RegExp(`^${t.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`).test(pathname),
  );
}

/**
 * `METHOD /template` of every operation of the document but the sign-in ones, SES's notifications,
 * the tracking and unsubscribe pages that recipients' mail clients open (`/t/...`, `/u/...`), and those no API key can ever call: the document marks them `x-postage-api-key: false` (team
 * changes need an admin or owner person, and a full_access key acts as a developer; leaving an
 * account needs a signed-in person). The SDK holds an API key, so it offers exactly these.
 */
function keyOperations(paths) {
  return Object.entries(paths)
    .filter(
      ([template]) =>
        !template.startsWith('/api/auth/') &&
        template !== '/provider/ses-events' &&
        !template.startsWith('/t/') &&
        !template.startsWith('/u/'),
    )
    .flatMap(([template, item]) =>
      Object.entries(item)
        .filter(
          ([method, operation]) =>
            ['get', 'put', 'post', 'patch', 'delete'].includes(method) && operation['x-postage-api-key'] !== false,
        )
        .map(([method]) => `${method.toUpperCase()} ${template}`),
    );
}

describe('the live events stream', () => {
  const liveEvent = (n, type = 'email.delivered') => ({
    id: `msg_${n}`,
    type,
    timestamp: '2026-11-29T22:02:40.123Z',
    body: JSON.stringify({ event_type: type, payload: { message_id: `m-${n}`, recipient: 'a@example.org' } }),
  });
  /** A stand-in that writes these chunks as the stream, then leaves it open (as the API does). */
  const streaming = (chunks) =>
    standIn((req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/event-stream', 'X-Request-Id': 'req-1' });
      for (const chunk of chunks) res.write(chunk);
    });
  const take = async (stream, count) => {
    const events = [];
    for await (const event of stream) {
      events.push(event);
      if (events.length === count) break;
    }
    return events;
  };

  test('asks for the event types and the resume cursor, and gives each event with its cursor', async () => {
    const api = await streaming([
      `: keep-alive\n\nid: 7-0\nevent: email.delivered\ndata: ${JSON.stringify(liveEvent(1))}\n\n`,
    ]);
    try {
      const c = new Postage({ apiKey: 'pk_test', baseUrl: api.url });
      const stream = await c.events.stream({ events: ['email.delivered', 'email.bounced'], lastEventId: '6-0' });
      const [event] = await take(stream, 1);
      const [seen] = api.requests;
      assert.equal(seen.url, '/api/events/stream?events=email.delivered%2Cemail.bounced');
      assert.equal(seen.headers['last-event-id'], '6-0');
      assert.equal(seen.headers.accept, 'text/event-stream');
      assert.deepEqual({ ...event, parse: undefined }, { cursor: '7-0', ...liveEvent(1), parse: undefined });
      assert.equal(event.parse().messageId, 'm-1');
      assert.equal(event.parse().webhookId, 'msg_1');
      assert.equal(stream.lastEventId, '7-0');
      assert.equal(stream.requestId, 'req-1');
    } finally {
      await api.close();
    }
  });

  test('reads data over several lines, CRLF and CR line ends, comments, and events split across chunks', async () => {
    const [first, third] = [liveEvent(1), liveEvent(3)].map((e) => JSON.stringify(e));
    // One JSON text over several data lines (pretty-printed): joined with newlines, it parses.
    const second = JSON.stringify(liveEvent(2, 'email.bounced'), null, 2)
      .split('\n')
      .map((line) => `data: ${line}`)
      .join('\r');
    const wire = [
      `\uFEFF: hello\r\nid: 1-0\r\nevent: email.delivered\r\ndata: ${first}\r\n\r\n`,
      `id: 2-0\revent: email.bounced\r${second}\r\r`,
      ': keep-alive\n\n',
      `id: 3-0\nevent: email.delivered\ndata: ${third.slice(0, 10)}`,
      `${third.slice(10)}\r`,
      '\n\r\n',
    ];
    const api = await streaming(wire);
    try {
      const stream = await new Postage({ apiKey: 'pk_test', baseUrl: api.url }).events.stream();
      const events = await take(stream, 3);
      assert.deepEqual(
        events.map((e) => [e.cursor, e.id, e.type]),
        [
          ['1-0', 'msg_1', 'email.delivered'],
          ['2-0', 'msg_2', 'email.bounced'],
          ['3-0', 'msg_3', 'email.delivered'],
        ],
      );
      assert.equal(events[1].body, liveEvent(2, 'email.bounced').body);
    } finally {
      await api.close();
    }
  });

  test('a refusal before the stream is the API error; the connect has the timeout, the open stream none', async () => {
    const api = await standIn((req, res, n) => {
      if (n === 1)
        return json(
          res,
          429,
          { success: false, error: 'too_many_requests', detail: 'three open' },
          { 'Retry-After': '5' },
        );
      if (n === 2) return; // never answers
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      res.write(': keep-alive\n\n');
      setTimeout(() => res.write(`id: 9-0\nevent: email.delivered\ndata: ${JSON.stringify(liveEvent(9))}\n\n`), 300);
    });
    try {
      const c = new Postage({ apiKey: 'pk_test', baseUrl: api.url, timeoutMs: 150, maxRetries: 0 });
      await assert.rejects(c.events.stream(), (err) => {
        assert.ok(err instanceof PostageApiError);
        assert.equal(err.status, 429);
        assert.equal(err.code, 'too_many_requests');
        assert.equal(err.retryAfter, 5);
        return true;
      });
      await assert.rejects(c.events.stream(), PostageTimeoutError);
      const [event] = await take(await c.events.stream(), 1);
      assert.equal(event.id, 'msg_9');
    } finally {
      await api.close();
    }
  });

  test("close() ends the loop, and so does the caller's signal", async () => {
    const api = await streaming([': keep-alive\n\n']);
    try {
      const c = new Postage({ apiKey: 'pk_test', baseUrl: api.url });
      const stream = await c.events.stream();
      setTimeout(() => stream.close(), 50);
      assert.deepEqual(await take(stream, 1), []);
      const controller = new AbortController();
      const aborted = await c.events.stream({}, { signal: controller.signal });
      setTimeout(() => controller.abort(), 50);
      assert.deepEqual(await take(aborted, 1), []);
    } finally {
      await api.close();
    }
  });

  test('data that is not a live event is a PostageError, not a silent skip', async () => {
    const api = await streaming(['event: email.delivered\ndata: <html>proxy</html>\n\n']);
    try {
      const stream = await new Postage({ apiKey: 'pk_test', baseUrl: api.url }).events.stream();
      await assert.rejects(take(stream, 1), (err) => err instanceof PostageError && /not \{id, type/.test(err.message));
    } finally {
      await api.close();
    }
  });
});

describe('the API document', () => {
  test(
    'every method calls an operation of the document that a key may call, and every such operation has a method',
    { skip: !documentPath && 'POSTAGE_OPENAPI_DOCUMENT is not set (test.sh sets it)' },
    async () => {
      const { paths } = JSON.parse(readFileSync(documentPath, 'utf8'));
      const api = await standIn((req, res) => json(res, 200, {}));
      try {
        const c = new Postage({ apiKey: 'pk_test', baseUrl: api.url, maxRetries: 0 });
        const calls = [
          () => c.emails.send(email),
          () => c.emails.sendBatch({ emails: [email] }),
          () => c.emails.get('m'),
          () => c.emails.listPage(),
          () => c.emails.list().firstPage(),
          () => c.emails.reschedule('m', { scheduled_at: new Date() }),
          () => c.emails.cancel('m'),
          () => c.me.get(),
          () => c.me.key(),
          () => c.usage.get(),
          () => c.sendingQueue.get(),
          () => c.domains.list(),
          () => c.domains.create({ name: 'mail.example.com', sending_mode: 'shared' }),
          () => c.domains.get('d'),
          () => c.domains.delete('d'),
          () => c.domains.verify('d'),
          () => c.domains.update('d', { track_opens: true }),
          () => c.stats.daily({ days: 7 }),
          () => c.reputation.get(),
          () => c.apiKeys.list(),
          () => c.apiKeys.create({ name: 'k' }),
          () => c.apiKeys.revoke('k'),
          () => c.apiKeys.delete('k'),
          () => c.webhooks.list(),
          () => c.webhooks.create({ url: 'https://example.org/hook', events: ['email.delivered'] }),
          () => c.webhooks.update('w', { active: false }),
          () => c.webhooks.delete('w'),
          () => c.webhooks.deliveries('w'),
          () => c.webhooks.test('w'),
          () => c.webhooks.replay('w', 'd'),
          () => c.webhooks.rotateSecret('w'),
          async () => (await c.events.stream()).close(),
          () => c.suppressions.listPage(),
          () => c.suppressions.list().firstPage(),
          () => c.suppressions.create({ address: 'a@example.org' }),
          () => c.suppressions.get('a@example.org'),
          () => c.suppressions.delete('a@example.org'),
          () => c.templates.create({ name: 't', subject: 's', html: '<p>h</p>' }),
          () => c.templates.listPage(),
          () => c.templates.list().firstPage(),
          () => c.templates.get('t'),
          () => c.templates.update('t', { name: 'u' }),
          () => c.templates.delete('t'),
          () => c.templates.publish('t'),
          () => c.templates.versions('t'),
          () => c.templates.preview('t'),
          () => c.templates.testSend('t', { from_email: 'hello@example.com', recipient: 'delivered' }),
          () => c.byoc.get(),
          () => c.byoc.save({ role_arn: 'arn:aws:iam::123456789012:role/postage', region: 'eu-west-1' }),
          () => c.byoc.validate(),
          () => c.byoc.policy(),
          () => c.byoc.cloudformation(),
          () => c.members.list(),
          () => c.invitations.list(),
          () => c.audit.listPage(),
          () => c.audit.list().firstPage(),
          () => c.inbound.domains.list(),
          () => c.inbound.domains.create({ name: 'reply.example.com' }),
          () => c.inbound.domains.get('reply.example.com'),
          () => c.inbound.domains.verify('reply.example.com'),
          () => c.inbound.domains.delete('reply.example.com'),
          () => c.inbound.rules.list('reply.example.com'),
          () => c.inbound.rules.create('reply.example.com', { match: 'reply+*' }),
          () => c.inbound.rules.delete('reply.example.com', 'r'),
          () => c.inbound.listPage({ domain: 'reply.example.com' }),
          () => c.inbound.list().firstPage(),
          () => c.inbound.get('i'),
          () => c.inbound.raw('i'),
          () => c.inbound.delete('i'),
          () => c.inbound.downloadAttachment('https://api.postage.dev/inbound/attachments/djF8dG9rZW4'),
        ];
        for (const call of calls) await call();
        assert.equal(api.requests.length, calls.length);

        const covered = new Set();
        for (const { method, url } of api.requests) {
          const pathname = new URL(url, api.url).pathname;
          const template = templateOf(paths, method, pathname);
          assert.ok(template, `${method} ${pathname} is not an operation of the document`);
          assert.notEqual(
            paths[template][method.toLowerCase()]['x-postage-api-key'],
            false,
            `${method} ${template}: no API key may call it`,
          );
          covered.add(`${method} ${template}`);
        }
        // Every operation a key may call has a method (keyOperations says which, and why).
        const missing = keyOperations(paths).filter((operation) => !covered.has(operation));
        assert.deepEqual(missing, []);
      } finally {
        await api.close();
      }
    },
  );
});

/**
 * The least answer a schema of the document allows: its required properties only, null wherever
 * null is allowed, else the first alternative; but one item in each list, so that the samples'
 * loops run (and a paginated list ends: its next_cursor is null).
 */
function minimalAnswer(document, schema) {
  if (schema.$ref) return minimalAnswer(document, document.components.schemas[schema.$ref.split('/').pop()]);
  const alternatives = schema.oneOf ?? schema.anyOf;
  if (alternatives)
    return alternatives.some((a) => a.type === 'null') ? null : minimalAnswer(document, alternatives[0]);
  if ('const' in schema) return schema.const;
  if (schema.enum) return schema.enum[0];
  switch (schema.type ?? 'object') {
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).flatMap(([name, property]) =>
          (schema.required ?? []).includes(name) ? [[name, minimalAnswer(document, property)]] : [],
        ),
      );
    case 'array':
      return [minimalAnswer(document, schema.items ?? {})];
    case 'integer':
    case 'number':
      return schema.minimum ?? 0;
    case 'boolean':
      return false;
    case 'null':
      return null;
    default:
      return { 'date-time': '2030-01-01T00:00:00Z', date: '2030-01-01' }[schema.format] ?? 'x';
  }
}

describe('the code samples (test/samples.mts, shown by the API reference)', () => {
  const samplesFile = new URL('./samples.mts', import.meta.url);

  /** The labels of its regions, in order, read as the tool that publishes them reads them. */
  function regions() {
    const found = [];
    let open;
    readFileSync(samplesFile, 'utf8')
      .split('\n')
      .forEach((line, index) => {
        const start = /^\s*\/\/ sample: (\S.*?)\s*$/.exec(line);
        const end = /^\s*\/\/ end sample\s*$/.test(line);
        // A misspelt marker would leave its sample out of the reference without a word.
        assert.ok(
          start || end || !/^\s*\/\/\s*(end\s*)?sample\b/i.test(line),
          `samples.mts:${index + 1}: not a marker: ${line}`,
        );
        if (start) {
          assert.equal(open, undefined, `samples.mts:${index + 1}: a region opens inside ${open}`);
          open = start[1];
        } else if (end) {
          assert.ok(open, `samples.mts:${index + 1}: an end without a region`);
          found.push(open);
          open = undefined;
        }
      });
    assert.equal(open, undefined, `samples.mts: ${open} never ends`);
    return found;
  }

  test('there is one for each operation a key may call, and the setup', { skip: noDocument }, () => {
    const { paths } = JSON.parse(readFileSync(documentPath, 'utf8'));
    const labels = regions();
    assert.deepEqual(
      labels.filter((label, i) => labels.indexOf(label) !== i),
      [],
      'no label twice',
    );
    assert.deepEqual([...labels].sort(), ['setup', ...keyOperations(paths)].sort());
  });

  test('each runs against a stand-in and calls exactly the operation of its label', { skip: noDocument }, async (t) => {
    const document = JSON.parse(readFileSync(documentPath, 'utf8'));
    // Each operation answers the least its schema allows (`{}` would break the samples' loops).
    const api = await standIn((req, res) => {
      const template = templateOf(document.paths, req.method, new URL(req.url, 'http://x').pathname);
      const [status, response] = Object.entries(
        template ? document.paths[template][req.method.toLowerCase()].responses : {},
      ).find(([code]) => code.startsWith('2')) ?? [404];
      const schema = response?.content?.['application/json']?.schema;
      json(res, Number(status), schema ? minimalAnswer(document, schema) : {});
    });
    // The setup region makes the client from the environment as the module loads.
    const names = ['POSTAGE_API_KEY', 'POSTAGE_BASE_URL'];
    const saved = names.map((name) => process.env[name]);
    let samples;
    try {
      Object.assign(process.env, { POSTAGE_API_KEY: 'pk_test', POSTAGE_BASE_URL: api.url });
      samples = await import('./samples.mts'); // Node strips the types; test.sh type-checks the file
    } finally {
      names.forEach((name, i) => (saved[i] === undefined ? delete process.env[name] : (process.env[name] = saved[i])));
    }
    t.mock.method(console, 'log', () => {}); // what the samples print is for their readers
    try {
      // Each exported function holds one region: its source (types stripped, comments kept) has the marker.
      const byLabel = new Map();
      for (const [name, sample] of Object.entries(samples)) {
        const labels = [...sample.toString().matchAll(/^\s*\/\/ sample: (.+?)\s*$/gm)].map((m) => m[1]);
        assert.equal(labels.length, 1, `${name} holds one region`);
        byLabel.set(labels[0], sample);
      }
      const operations = regions().filter((label) => label !== 'setup');
      assert.deepEqual(
        [...byLabel.keys()].sort(),
        [...operations].sort(),
        'every region is in a function the module exports',
      );
      for (const label of operations) {
        await t.test(label, async () => {
          api.requests.splice(0);
          let failure;
          try {
            await byLabel.get(label)();
          } catch (err) {
            failure = err; // thrown once the requests are checked: a wrong operation says more
          }
          const calls = api.requests.splice(0).map(({ method, url }) => {
            const pathname = new URL(url, api.url).pathname;
            return `${method} ${templateOf(document.paths, method, pathname) ?? pathname}`;
          });
          assert.ok(calls.length > 0, 'the sample made no request');
          assert.deepEqual([...new Set(calls)], [label]);
          if (failure) throw failure;
        });
      }
    } finally {
      await api.close();
    }
  });
});

describe('webhook verification', () => {
  const secret = `whsec_${Buffer.from('a signing key of thirty-two bytes!').toString('base64')}`;
  const body = JSON.stringify({
    event_type: 'email.delivered',
    payload: { message_id: 'm-1', recipient: 'ann@example.org', status: 'delivered', tags: { run: 'r1' } },
  });
  // What core/webhooks/webhookSignature.ts and standardWebhooks.ts send.
  const sign = (
    raw,
    {
      at = new Date(),
      id = 'msg_0123456789abcdef0123456789abcdef',
      secrets = [secret],
      event = 'email.delivered',
    } = {},
  ) => {
    const timestamp = String(Math.floor(at.getTime() / 1000));
    const key = (s) => Buffer.from(s.slice('whsec_'.length), 'base64');
    return {
      'content-type': 'application/json',
      'x-service-signature': `sha256=${createHmac('sha256', secrets[0]).update(raw).digest('hex')}`,
      'x-service-event': event,
      'webhook-id': id,
      'webhook-timestamp': timestamp,
      'webhook-signature': secrets
        .map((s) => `v1,${createHmac('sha256', key(s)).update(`${id}.${timestamp}.${raw}`).digest('base64')}`)
        .join(' '),
    };
  };

  test('a genuine delivery gives its typed event (Buffer, string or Headers alike)', async () => {
    const headers = sign(body);
    for (const [raw, given] of [
      [Buffer.from(body), headers],
      [body, new Headers(headers)],
      [
        new Uint8Array(Buffer.from(body)),
        Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toUpperCase(), v])),
      ],
    ]) {
      const event = await verifyWebhook(raw, given, secret);
      assert.equal(event.type, 'email.delivered');
      assert.equal(event.shape, 'envelope');
      assert.equal(event.test, false);
      assert.equal(event.messageId, 'm-1');
      assert.equal(event.recipient, 'ann@example.org');
      assert.equal(event.status, 'delivered');
      assert.deepEqual(event.data.tags, { run: 'r1' });
      assert.equal(event.webhookId, headers['webhook-id']);
      assert.equal(event.timestamp.getTime(), Number(headers['webhook-timestamp']) * 1000);
    }
    assert.equal((await Webhooks.verify(body, headers, secret)).messageId, 'm-1');
    assert.equal((await Postage.verifyWebhook(body, headers, secret)).messageId, 'm-1');
  });

  test('the flat test shape gives the same typed event, its type from its signed status', async () => {
    const flat = JSON.stringify({
      idempotency_key: '0'.repeat(32),
      provider_message_id: 'service-test-1',
      recipient: 'bounce@test.example',
      status: 'bounced',
      bounce_type: 'Permanent',
      bounce_subtype: 'General',
      bounced_recipients: ['bounce@test.example'],
      timestamp: '2024-01-01T00:00:00.000000+00:00',
    });
    const event = await verifyWebhook(flat, sign(flat, { event: 'email.bounced' }), secret);
    assert.equal(event.type, 'email.bounced');
    assert.equal(event.shape, 'flat');
    assert.equal(event.test, true);
    assert.equal(event.messageId, 'service-test-1');
    assert.equal(event.data.bounce_type, 'Permanent');
    assert.deepEqual(event.data.bounced_recipients, ['bounce@test.example']);
  });

  test('the type of a flat body comes from what is signed, never from X-Service-Event', async () => {
    const flat = (status) =>
      JSON.stringify({ provider_message_id: 'service-test-2', recipient: 'bounce@test.example', status });
    // X-Service-Event is not signed: an attacker may change it, and it changes nothing.
    const relabelled = { ...sign(flat('bounced')), 'x-service-event': 'email.delivered' };
    assert.equal((await verifyWebhook(flat('bounced'), relabelled, secret)).type, 'email.bounced');
    const table = {
      queued: 'email.sent',
      delivered: 'email.delivered',
      bounced: 'email.bounced',
      complaint: 'email.complained',
      failed: 'email.failed',
      delivery_delayed: 'email.delivery_delayed',
      opened: 'email.opened',
      clicked: 'email.clicked',
      unsubscribed: 'email.unsubscribed',
    };
    for (const [status, type] of Object.entries(table))
      assert.equal((await verifyWebhook(flat(status), sign(flat(status), { event: 'email.sent' }), secret)).type, type);
    // A status that names no event type (or none): refused, whatever the header says.
    for (const body of [flat('open'), flat('constructor'), JSON.stringify({ provider_message_id: 'x' })])
      await assert.rejects(
        verifyWebhook(body, sign(body, { event: 'email.delivered' }), secret),
        refused('invalid_body'),
      );
    // The envelope's event_type is signed: it wins over the header too.
    assert.equal(
      (await verifyWebhook(body, { ...sign(body), 'x-service-event': 'email.bounced' }, secret)).type,
      'email.delivered',
    );
  });

  const refused = (reason) => (err) => {
    assert.ok(err instanceof WebhookVerificationError && err instanceof PostageError, String(err));
    assert.equal(err.reason, reason);
    return true;
  };

  test('a tampered body, a wrong secret, a missing signature are refused', async () => {
    const headers = sign(body);
    const tampered = Buffer.from(body);
    tampered[tampered.length - 3] ^= 1;
    await assert.rejects(verifyWebhook(tampered, headers, secret), refused('invalid_signature'));
    await assert.rejects(
      verifyWebhook(body, headers, `whsec_${Buffer.from('another key').toString('base64')}`),
      refused('invalid_signature'),
    );
    // A valid X-Service-Signature does not excuse a bad Standard Webhooks signature.
    await assert.rejects(
      verifyWebhook(
        body,
        { ...headers, 'webhook-signature': sign(body, { id: 'msg_other' })['webhook-signature'] },
        secret,
      ),
      refused('invalid_signature'),
    );
    await assert.rejects(
      verifyWebhook(
        body,
        { ...headers, 'webhook-signature': headers['webhook-signature'].replace('v1,', 'v2,') },
        secret,
      ),
      refused('invalid_signature'),
    );
    const { 'webhook-id': _, ...partial } = headers;
    await assert.rejects(verifyWebhook(body, partial, secret), refused('missing_headers'));
    await assert.rejects(
      verifyWebhook(body, partial, secret, { insecureSignatureOnly: true }),
      refused('missing_headers'),
    );
    await assert.rejects(verifyWebhook(JSON.parse(body), headers, secret), TypeError);
  });

  test('a timestamp more than 5 minutes from now is refused (the tolerance can be set)', async () => {
    // A genuine delivery captured 10 minutes ago and played again.
    const captured = sign(body, { at: new Date(Date.now() - 10 * 60_000) });
    await assert.rejects(
      verifyWebhook(body, captured, secret),
      (err) => refused('timestamp_out_of_tolerance')(err) && /old/.test(err.message),
    );
    await assert.rejects(
      verifyWebhook(body, captured, secret, { insecureSignatureOnly: true }),
      refused('timestamp_out_of_tolerance'),
    );
    const old = sign(body, { at: new Date(Date.now() - 6 * 60_000) });
    await assert.rejects(verifyWebhook(body, old, secret), refused('timestamp_out_of_tolerance'));
    await assert.rejects(
      verifyWebhook(body, { ...sign(body), 'webhook-timestamp': 'soon' }, secret),
      refused('timestamp_out_of_tolerance'),
    );
    const future = sign(body, { at: new Date(Date.now() + 6 * 60_000) });
    await assert.rejects(verifyWebhook(body, future, secret), refused('timestamp_out_of_tolerance'));
    assert.equal((await verifyWebhook(body, old, secret, { toleranceSeconds: 600 })).messageId, 'm-1');
    const recent = sign(body, { at: new Date(Date.now() - 4 * 60_000) });
    assert.equal((await verifyWebhook(body, recent, secret)).messageId, 'm-1');
  });

  test('without the Standard Webhooks headers a delivery is refused, unless insecureSignatureOnly accepts X-Service-Signature alone', async () => {
    const headers = { 'x-service-signature': sign(body)['x-service-signature'], 'x-service-event': 'email.delivered' };
    await assert.rejects(
      verifyWebhook(body, headers, secret),
      (err) => refused('missing_headers')(err) && /insecureSignatureOnly/.test(err.message),
    );
    await assert.rejects(Webhooks.verify(body, headers, secret), refused('missing_headers'));
    const event = await verifyWebhook(body, headers, secret, { insecureSignatureOnly: true });
    assert.equal(event.messageId, 'm-1');
    assert.equal(event.webhookId, undefined);
    assert.equal(event.timestamp, undefined);
    // The opt-in still wants a good X-Service-Signature.
    const tampered = body.replace('m-1', 'm-2');
    await assert.rejects(
      verifyWebhook(tampered, headers, secret, { insecureSignatureOnly: true }),
      refused('invalid_signature'),
    );
    await assert.rejects(
      verifyWebhook(body, { 'x-service-event': 'email.delivered' }, secret, { insecureSignatureOnly: true }),
      refused('missing_signature'),
    );
    // The deprecated requireTimestamp: true overrides the opt-in.
    await assert.rejects(
      verifyWebhook(body, headers, secret, { insecureSignatureOnly: true, requireTimestamp: true }),
      refused('missing_headers'),
    );
    // A flat body checked this way takes its type from its signed status too.
    const flat = JSON.stringify({ provider_message_id: 'service-test-3', status: 'complaint' });
    const flatHeaders = {
      'x-service-signature': sign(flat)['x-service-signature'],
      'x-service-event': 'email.delivered',
    };
    assert.equal(
      (await verifyWebhook(flat, flatHeaders, secret, { insecureSignatureOnly: true })).type,
      'email.complained',
    );
  });

  test('X-Service-Signature is not needed beside the Standard Webhooks headers', async () => {
    const { 'x-service-signature': _, ...standardOnly } = sign(body);
    assert.equal((await verifyWebhook(body, standardOnly, secret)).messageId, 'm-1');
    assert.equal(
      (await verifyWebhook(body, { ...standardOnly, 'x-service-signature': 'sha256=00' }, secret)).messageId,
      'm-1',
    );
  });

  test('the Standard Webhooks test vector verifies up to its body, which is no Postage event', async () => {
    // The example of the Standard Webhooks specification and its libraries.
    const vector = {
      secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
      body: '{"test": 2432232314}',
      at: new Date(1614265330 * 1000),
    };
    const headers = {
      'webhook-id': 'msg_p5jXN8AQM9LWM0D4loKWxJek',
      'webhook-timestamp': '1614265330',
      'webhook-signature': 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
    };
    await assert.rejects(
      verifyWebhook(vector.body, headers, vector.secret, { now: vector.at }),
      refused('invalid_body'),
    );
    await assert.rejects(
      verifyWebhook(vector.body, { ...headers, 'webhook-signature': 'v1,bm90IGl0' }, vector.secret, { now: vector.at }),
      refused('invalid_signature'),
    );
    await assert.rejects(
      verifyWebhook(vector.body, headers, vector.secret, { now: new Date(vector.at.getTime() + 10 * 60_000) }),
      refused('timestamp_out_of_tolerance'),
    );
  });

  // The official Standard Webhooks library (`standardwebhooks` on npm, the repository's dev
  // dependency; test.sh names it) as a witness: what it signs verifies, and what it refuses
  // (a stale delivery, one without its headers) is refused here too.
  const officialPath = process.env.POSTAGE_STANDARDWEBHOOKS_JS;
  test(
    'the official Standard Webhooks library agrees',
    { skip: !officialPath && 'POSTAGE_STANDARDWEBHOOKS_JS is not set (test.sh sets it)' },
    async () => {
      const { Webhook: Official } = require(officialPath);
      const official = new Official(secret);
      const id = 'msg_0123456789abcdef0123456789abcdef';
      const fresh = new Date();
      const signature = official.sign(id, fresh, body);
      const headers = {
        'webhook-id': id,
        'webhook-timestamp': String(Math.floor(fresh.getTime() / 1000)),
        'webhook-signature': signature,
      };
      assert.equal((await verifyWebhook(body, headers, secret)).messageId, 'm-1');
      assert.deepEqual(official.verify(body, sign(body)), JSON.parse(body));
      const captured = sign(body, { at: new Date(Date.now() - 10 * 60_000) });
      assert.throws(() => official.verify(body, captured), /too old/);
      await assert.rejects(verifyWebhook(body, captured, secret), refused('timestamp_out_of_tolerance'));
      const serviceOnly = { 'x-service-signature': captured['x-service-signature'] };
      assert.throws(() => official.verify(body, serviceOnly), /[Mm]issing/);
      await assert.rejects(verifyWebhook(body, serviceOnly, secret), refused('missing_headers'));
    },
  );

  test("without a global crypto (Node 18) it uses node:crypto's Web Crypto", async () => {
    const descriptor = Object.getOwnPropertyDescriptor(globalThis, 'crypto');
    delete globalThis.crypto;
    try {
      assert.equal(globalThis.crypto, undefined);
      assert.equal((await verifyWebhook(body, sign(body), secret)).messageId, 'm-1');
      await assert.rejects(
        verifyWebhook(body, sign(body), `whsec_${Buffer.from('wrong').toString('base64')}`),
        refused('invalid_signature'),
      );
    } finally {
      Object.defineProperty(globalThis, 'crypto', descriptor);
    }
  });

  // email.received (docs/inbound.md, "The email.received event"): a structured payload.
  const receivedPayload = {
    inbound_id: '5b1e0c9a-3f2d-4e8b-9a61-7c2f4d8e1a03',
    message_id: '0b6f3c1e-8a8d-4b7f-9c3e-2f1a6d5e4c3b',
    domain: 'reply.example.com',
    rule_id: '9d4c2b1a-6e5f-4a3b-8c7d-1e2f3a4b5c6d',
    received_at: '2026-12-03T10:15:02.000Z',
    envelope: { from: 'ann@example.org', to: 'reply+order-42@reply.example.com' },
    from: { address: 'ann@example.org', name: 'Ann Lee' },
    to: [{ address: 'reply+order-42@reply.example.com', name: '' }],
    cc: [],
    reply_to: [],
    subject: 'Re: Your order #42',
    text: 'Can it come on Friday instead?',
    html: null,
    truncated: false,
    headers: {
      message_id: '<CAF3k2x8Qz@mail.example.org>',
      in_reply_to: '<0b6f3c1e-8a8d-4b7f-9c3e-2f1a6d5e4c3b@example.com>',
      references: ['<0b6f3c1e-8a8d-4b7f-9c3e-2f1a6d5e4c3b@example.com>'],
    },
    authentication: { spf: 'pass', dkim: 'pass', dmarc: 'pass', arc: 'none' },
    attachments: [
      {
        id: 'e3a1f7c2-0d4b-4c9e-8f6a-2b5d7e9c1a34',
        filename: 'delivery-note.pdf',
        content_type: 'application/pdf',
        declared_content_type: 'application/pdf',
        size: 48213,
        sha256: '9f'.repeat(32),
        content_id: null,
        download_url: 'https://api.example.test/inbound/attachments/token',
        expires_at: '2026-12-04T10:15:02.000Z',
      },
    ],
    size: 73512,
    source: 'mx',
  };
  const receivedBody = (payload) => JSON.stringify({ event_type: 'email.received', payload });

  test('email.received gives the received message typed, its recipient the address it came to', async () => {
    const raw = receivedBody(receivedPayload);
    const event = await verifyWebhook(raw, sign(raw, { event: 'email.received' }), secret);
    assert.equal(event.type, 'email.received');
    assert.equal(event.shape, 'envelope');
    assert.equal(event.test, false);
    assert.equal(event.messageId, receivedPayload.message_id);
    assert.equal(event.recipient, 'reply+order-42@reply.example.com');
    assert.deepEqual(event.received, receivedPayload);
    assert.equal(event.received.attachments[0].content_id, null);
    assert.deepEqual(event.received.headers.references, [receivedPayload.headers.in_reply_to]);
    // SES receiving adds its spam and virus verdicts; an answer to nothing sent has message_id null.
    const fromSes = {
      ...receivedPayload,
      message_id: null,
      source: 'ses',
      authentication: { ...receivedPayload.authentication, spam: 'pass', virus: 'pass' },
    };
    const sesEvent = await verifyWebhook(receivedBody(fromSes), sign(receivedBody(fromSes)), secret);
    assert.equal(sesEvent.messageId, '');
    assert.equal(sesEvent.received.message_id, null);
    assert.equal(sesEvent.received.authentication.virus, 'pass');
    // The other events have none.
    assert.equal((await verifyWebhook(body, sign(body), secret)).received, undefined);
  });

  test('an email.received payload without the shape of a received email is refused (invalid_body)', async () => {
    const { envelope: _, ...withoutEnvelope } = receivedPayload;
    for (const [payload, field] of [
      [withoutEnvelope, 'envelope'],
      [{ ...receivedPayload, to: 'ann@example.org' }, 'to'],
      [{ ...receivedPayload, attachments: [{ id: 'a' }] }, 'attachments'],
      [{ ...receivedPayload, authentication: { spf: 'pass' } }, 'authentication'],
      [{ ...receivedPayload, size: '73512' }, 'size'],
    ]) {
      const raw = receivedBody(payload);
      await assert.rejects(
        verifyWebhook(raw, sign(raw), secret),
        (err) => refused('invalid_body')(err) && err.message.includes(field),
      );
    }
  });

  test('during a rotation both secrets are accepted', async () => {
    const next = `whsec_${Buffer.from('the next signing key, also 32 bytes').toString('base64')}`;
    const headers = sign(body, { secrets: [next, secret] }); // X-Service-Signature uses the new one at once
    assert.equal((await verifyWebhook(body, headers, next)).messageId, 'm-1');
    // webhook-signature carries both for 24 hours: a receiver still on the old secret keeps verifying.
    assert.equal((await verifyWebhook(body, headers, secret)).messageId, 'm-1');
    assert.equal((await verifyWebhook(body, headers, [secret, next])).messageId, 'm-1');
    await assert.rejects(verifyWebhook(body, sign(body, { secrets: [next] }), secret), refused('invalid_signature'));
  });
});
