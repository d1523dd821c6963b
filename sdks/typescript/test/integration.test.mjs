// @postage/sdk against the real API of a test stack (the variables of sdks/README.md, "The test
// contract"), imported as an ES module. Each test is what a user does and sees: outcomes of test
// sends, a batch, a scheduled send cancelled, a template, every documented refusal as an error
// value, a send retried after a lost answer that sends once, and real webhook deliveries verified.
import assert from 'node:assert/strict';
import { createHash, randomUUID } from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import { after, before, describe, test } from 'node:test';
import {
  ErrorCode,
  Postage,
  PostageApiError,
  PostageConnectionError,
  PostageError,
  Webhooks,
  WebhookVerificationError,
  verifyWebhook,
} from '@postage/sdk';

function env(name) {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set (see sdks/README.md, "The test contract")`);
  return value;
}
const BASE_URL = env('POSTAGE_BASE_URL');
const FLAKY_BASE_URL = env('POSTAGE_FLAKY_BASE_URL');
const DOMAIN = env('POSTAGE_DOMAIN');
const TEST_DOMAIN = env('POSTAGE_TEST_DOMAIN');
const ERROR_CASES = JSON.parse(env('POSTAGE_ERROR_CASES'));

/** The application's client (a sending key) and the operator's (a full-access key: the log, templates, webhooks). */
const postage = new Postage({ apiKey: env('POSTAGE_API_KEY'), baseUrl: BASE_URL });
const admin = new Postage({ apiKey: env('POSTAGE_FULL_ACCESS_KEY'), baseUrl: BASE_URL });
const from = `hello@${DOMAIN}`;
const testRecipient = (local) => `${local}@${TEST_DOMAIN}`;
const run = randomUUID().slice(0, 8);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sends one message over SMTP (no TLS, no authentication: an MX), answering each reply as it
 * comes; rejects on any reply but the one expected.
 */
function smtpSend(host, port, mailFrom, recipients, message) {
  const data = `${message.replace(/\r?\n/g, '\r\n').replace(/^\./gm, '..')}\r\n.`;
  const steps = [
    [undefined, 220],
    ['EHLO sdk.test', 250],
    [`MAIL FROM:<${mailFrom}>`, 250],
    ...recipients.map((r) => [`RCPT TO:<${r}>`, 250]),
    ['DATA', 354],
    [data, 250],
    ['QUIT', 221],
  ];
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, host);
    socket.setEncoding('utf8');
    socket.setTimeout(30_000, () => socket.destroy(new Error('SMTP: no answer within 30 s')));
    let buffer = '';
    let step = 0;
    socket.on('data', (chunk) => {
      buffer += chunk;
      let end;
      while ((end = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (line[3] === '-') continue; // a reply of several lines goes on
        const expected = steps[step][1];
        if (Number(line.slice(0, 3)) !== expected) {
          socket.destroy();
          return reject(new Error(`SMTP: ${steps[step][0] ?? 'the greeting'} answered ${line}, not ${expected}`));
        }
        step += 1;
        if (step === steps.length) return socket.end(resolve);
        socket.write(`${steps[step][0]}\r\n`);
      }
    });
    socket.on('error', reject);
  });
}

/** Polls until `probe` returns something other than undefined. */
async function eventually(what, probe, { timeoutMs = 90_000, intervalMs = 400 } = {}) {
  const deadline = Date.now() + timeoutMs;
  let last;
  for (;;) {
    const result = await probe((seen) => (last = seen));
    if (result !== undefined) return result;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what} (last seen: ${JSON.stringify(last)})`);
    await sleep(intervalMs);
  }
}

/**
 * The message's log row once its status is `wanted` (read with the full-access key, as the log API
 * needs). The row is written by the message's workflow, an instant after the send is accepted:
 * until then the message is a 404.
 */
function statusOf(messageId, wanted) {
  return eventually(`message ${messageId} to be ${wanted}`, async (seen) => {
    const detail = await admin.emails.get(messageId).catch((err) => {
      if (err instanceof PostageApiError && err.status === 404) return undefined;
      throw err;
    });
    seen(detail?.email.status ?? 'not in the log yet');
    return detail?.email.status === wanted ? detail : undefined;
  });
}

/**
 * The message ids the log lists under a tag, read once the expected messages are delivered: by
 * then a duplicate (accepted before the answer that counted) would be in the log too.
 */
async function loggedUnderTag(tag, expectedIds) {
  await Promise.all(expectedIds.map((id) => statusOf(id, 'delivered')));
  return (await admin.emails.list({ tag: `run:${tag}` }).toArray()).map((e) => e.message_id).sort();
}

describe('@postage/sdk (import) against the API', { concurrency: true }, () => {
  test('test sends reach their outcomes: delivered, bounced, complained', async () => {
    const outcomes = { delivered: 'delivered', bounce: 'bounced', complaint: 'complained' };
    await Promise.all(
      Object.entries(outcomes).map(async ([local, status]) => {
        const sent = await postage.emails.send({
          from_email: from,
          to: testRecipient(local),
          subject: `SDK ${local} ${run}`,
          html: `<p>${local}</p>`,
          tags: { run: `outcome-${run}` },
        });
        assert.equal(sent.success, true);
        assert.equal(sent.mode, 'shared');
        assert.equal(typeof sent.message_id, 'string');
        const detail = await statusOf(sent.message_id, status);
        assert.equal(detail.email.recipient, testRecipient(local));
        assert.equal(detail.email.subject, `SDK ${local} ${run}`);
        assert.equal(detail.email.kind, 'test');
        assert.deepEqual(detail.email.tags, { run: `outcome-${run}` });
        if (status === 'bounced') assert.equal(detail.email.bounce_type, 'Permanent');
        assert.ok(detail.timeline.some((step) => step.type === status));
      }),
    );
  });

  test("the live events stream gives a send's email.delivered as it happens, its body the webhook's", async () => {
    const stream = await admin.events.stream({ events: ['email.delivered'] }, { signal: AbortSignal.timeout(90_000) });
    try {
      const sent = await postage.emails.send({
        from_email: from,
        to: testRecipient('delivered'),
        subject: `SDK live ${run}`,
        message: 'live',
      });
      let delivered;
      for await (const event of stream) {
        assert.equal(event.type, 'email.delivered');
        if (event.parse().messageId === sent.message_id) {
          delivered = event;
          break;
        }
      }
      assert.ok(delivered, 'the stream ended before the event came');
      assert.match(delivered.id, /^msg_/);
      assert.equal(delivered.parse().recipient, testRecipient('delivered'));
      assert.equal(stream.lastEventId, delivered.cursor);
    } finally {
      stream.close();
    }
  });

  test('a batch answers per email, in order, and the log pages through it', async () => {
    const tag = `batch-${run}`;
    const batch = await postage.emails.sendBatch({
      emails: [
        {
          from_email: from,
          to: testRecipient('delivered'),
          subject: `Batch 0 ${run}`,
          message: 'zero',
          tags: { run: tag },
        },
        { from_email: from, to: 'two addresses@example.org, third@example.org', message: 'refused' },
        {
          from_email: from,
          to: testRecipient('delivered'),
          subject: `Batch 2 ${run}`,
          message: 'two',
          tags: { run: tag },
        },
      ],
    });
    assert.equal(batch.success, true);
    assert.deepEqual(
      batch.data.map((item) => [item.index, item.success]),
      [
        [0, true],
        [1, false],
        [2, true],
      ],
    );
    const [first, invalid, third] = batch.data;
    assert.ok(invalid.errors && invalid.errors.to.length > 0, 'the invalid email has field errors on `to`');
    assert.notEqual(first.message_id, third.message_id);
    await statusOf(first.message_id, 'delivered');
    await statusOf(third.message_id, 'delivered');

    const pages = [];
    for await (const page of admin.emails.list({ tag: `run:${tag}`, limit: 1 }).pages())
      pages.push(page.emails.map((e) => e.message_id));
    assert.ok(pages.length >= 2, `one message a page: ${JSON.stringify(pages)}`);
    assert.deepEqual(pages.flat().sort(), [first.message_id, third.message_id].sort());
    const all = await admin.emails.list({ tag: `run:${tag}` }).toArray();
    assert.deepEqual(all.map((e) => e.subject).sort(), [`Batch 0 ${run}`, `Batch 2 ${run}`]);
  });

  test('a scheduled send can be moved, then cancelled', async () => {
    const inAnHour = new Date(Date.now() + 60 * 60_000);
    const sent = await postage.emails.send({
      from_email: from,
      to: testRecipient('delivered'),
      subject: `Later ${run}`,
      message: 'later',
      scheduled_at: inAnHour.toISOString(),
    });
    assert.ok(Math.abs(new Date(sent.scheduled_at).getTime() - inAnHour.getTime()) < 1000, sent.scheduled_at);
    await statusOf(sent.message_id, 'scheduled');

    const inTwoHours = new Date(Date.now() + 2 * 60 * 60_000);
    const moved = await admin.emails.reschedule(sent.message_id, { scheduled_at: inTwoHours });
    assert.equal(moved.status, 'scheduled');
    assert.ok(Math.abs(new Date(moved.scheduled_at).getTime() - inTwoHours.getTime()) < 1000, moved.scheduled_at);

    const canceled = await admin.emails.cancel(sent.message_id);
    assert.equal(canceled.status, 'canceled');
    assert.equal((await admin.emails.get(sent.message_id)).email.status, 'canceled');
    await assert.rejects(
      admin.emails.cancel(sent.message_id),
      (err) => err instanceof PostageApiError && err.status === 409 && err.code === ErrorCode.NotScheduled,
    );
  });

  test('a template: created, published, previewed, sent with variables, rendered in the log', async () => {
    const alias = `sdk-ts-${run}`;
    const created = await admin.templates.create({
      name: `SDK welcome ${run}`,
      alias,
      subject: 'Welcome, {{ name }}!',
      html: '<p>Hello {{ name }}, your plan is {{ plan }}.</p>',
    });
    try {
      assert.equal(created.alias, alias);
      assert.equal(created.published_version, null);
      assert.deepEqual([...created.draft.variables].sort(), ['name', 'plan']);
      const published = await admin.templates.publish(alias);
      assert.equal(published.published_version, 1);
      assert.deepEqual(
        (await admin.templates.versions(alias)).versions.map((v) => v.version),
        [1],
      );
      const preview = await admin.templates.preview(alias, { variables: { name: 'Ada <3', plan: 'Growth' } });
      assert.equal(preview.subject, 'Welcome, Ada <3!');
      assert.equal(preview.html, '<p>Hello Ada &lt;3, your plan is Growth.</p>');
      const listed = await admin.templates.list().toArray();
      assert.ok(listed.some((t) => t.id === created.id));

      const name = `Ada-${run}`;
      const sent = await postage.emails.send({
        from_email: from,
        to: testRecipient('delivered'),
        template: { id: alias, variables: { name, plan: 'Growth' } },
      });
      const detail = await statusOf(sent.message_id, 'delivered');
      assert.equal(detail.email.subject, `Welcome, ${name}!`);
      assert.deepEqual(detail.email.template, { id: created.id, version: 1 });

      await assert.rejects(
        postage.emails.send({
          from_email: from,
          to: testRecipient('delivered'),
          template: { id: alias, variables: { name } },
        }),
        (err) => {
          assert.ok(err instanceof PostageApiError);
          assert.equal(err.status, 400);
          assert.ok(
            Object.keys(err.errors).some((field) => field.startsWith('template')),
            JSON.stringify(err.errors),
          );
          return true;
        },
      );
      const renamed = await admin.templates.update(alias, { name: `SDK welcome (renamed) ${run}` });
      assert.equal(renamed.name, `SDK welcome (renamed) ${run}`);
    } finally {
      await admin.templates.delete(created.id);
    }
    await assert.rejects(admin.templates.get(created.id), { status: 404, code: 'not_found' });
  });

  describe('every documented refusal is a PostageApiError with its status and code (retries off)', () => {
    for (const errorCase of ERROR_CASES) {
      test(`${errorCase.name}: ${errorCase.status} ${errorCase.error ?? '(no code)'}`, async () => {
        const client = new Postage({ apiKey: errorCase.api_key, baseUrl: BASE_URL, maxRetries: 0 });
        await assert.rejects(client.emails.send(errorCase.body), (err) => {
          assert.ok(err instanceof PostageApiError && err instanceof PostageError, String(err));
          assert.equal(err.status, errorCase.status);
          assert.equal(err.code, errorCase.error);
          assert.equal(typeof err.detail, 'string');
          assert.ok(err.detail.length > 0);
          if (err.status === 400)
            assert.ok(err.isValidationError && Object.keys(err.errors).length > 0, JSON.stringify(err.body));
          if (err.status === 429) {
            // Told apart: the rate limit has no code and a Retry-After; the quota has its code.
            assert.equal(err.isRateLimited, errorCase.error === undefined);
            if (err.isRateLimited) {
              assert.ok(err.retryAfter > 0, 'the rate-limit 429 says when to come back');
              assert.equal(err.rateLimit?.remaining, 0);
            } else assert.equal(err.code, ErrorCode.UsageLimitExceeded);
          }
          return true;
        });
      });
    }

    test('with retries on, a rate limit longer than the cap is not waited for', async () => {
      const limited = ERROR_CASES.find((c) => c.status === 429 && c.error === undefined);
      const client = new Postage({ apiKey: limited.api_key, baseUrl: BASE_URL, maxRetries: 3 });
      const started = Date.now();
      await assert.rejects(
        client.emails.send(limited.body),
        (err) => err instanceof PostageApiError && err.isRateLimited && err.retryAfter > 60,
      );
      assert.ok(Date.now() - started < 10_000);
    });
  });

  test('a send whose answer is lost is retried and sends once (single and batch)', async () => {
    const flaky = new Postage({ apiKey: env('POSTAGE_API_KEY'), baseUrl: FLAKY_BASE_URL });
    const tag = `flaky-${randomUUID()}`;
    const sent = await flaky.emails.send({
      from_email: from,
      to: testRecipient('delivered'),
      subject: `Flaky ${run}`,
      message: 'once',
      tags: { run: tag },
    });
    assert.equal(sent.success, true);
    assert.deepEqual(await loggedUnderTag(tag, [sent.message_id]), [sent.message_id]);

    const batchTag = `flaky-batch-${randomUUID()}`;
    const batch = await flaky.emails.sendBatch({
      emails: ['one', 'two'].map((n) => ({
        from_email: from,
        to: testRecipient('delivered'),
        subject: `Flaky batch ${n}`,
        message: n,
        tags: { run: batchTag },
      })),
    });
    const ids = batch.data.map((item) => item.message_id);
    assert.equal(ids.length, 2);
    assert.deepEqual(await loggedUnderTag(batchTag, ids), [...ids].sort());
  });

  test('with retries off the lost answer is a PostageConnectionError; the same idempotency key then gets the one message', async () => {
    const flaky = new Postage({ apiKey: env('POSTAGE_API_KEY'), baseUrl: FLAKY_BASE_URL, maxRetries: 0 });
    const tag = `flaky-manual-${randomUUID()}`;
    const email = {
      from_email: from,
      to: testRecipient('delivered'),
      subject: `Flaky manual ${run}`,
      message: 'once',
      tags: { run: tag },
    };
    const idempotencyKey = `order-${randomUUID()}`;
    await assert.rejects(flaky.emails.send(email, { idempotencyKey }), PostageConnectionError);
    const again = await flaky.emails.send(email, { idempotencyKey });
    assert.deepEqual(await loggedUnderTag(tag, [again.message_id]), [again.message_id]);
  });

  test('the account, domains, keys, suppressions and usage', async () => {
    const me = await postage.me.get();
    assert.ok(me.verified_shared_domains.includes(DOMAIN), JSON.stringify(me));
    assert.equal(me.current_plan, 'growth');
    assert.ok((await admin.domains.list()).domains.some((d) => d.name === DOMAIN));
    assert.equal((await admin.domains.get(DOMAIN)).can_send, true);
    const usage = await admin.usage.get();
    assert.equal(typeof usage.used.shared, 'number');
    assert.ok(usage.allowance.shared > 0);
    const queue = await admin.sendingQueue.get();
    assert.equal(queue.byoc, null);
    assert.ok(queue.shared.pace_per_second > 0, JSON.stringify(queue));
    await assert.rejects(postage.domains.list(), { status: 403, code: ErrorCode.InsufficientPermission });

    const created = await admin.apiKeys.create({ name: `sdk-ts ${run}`, permission: 'sending' });
    assert.match(created.secret, /^pk_/);
    // Made by the full-access key, and named after it.
    assert.equal(created.api_key.created_by?.type, 'key', JSON.stringify(created.api_key.created_by));
    assert.match(created.api_key.created_by.name ?? '', /^sdk full access/);
    const withIt = new Postage({ apiKey: created.secret, baseUrl: BASE_URL });
    assert.equal((await withIt.me.get()).email, me.email);
    assert.ok((await admin.apiKeys.list()).api_keys.some((k) => k.id === created.api_key.id));
    assert.equal((await admin.apiKeys.revoke(created.api_key.id)).state, 'revoked');
    await assert.rejects(
      withIt.me.get(),
      (err) => err instanceof PostageApiError && err.status === 401 && err.code === undefined,
    );

    const address = `sdk-ts-${run}@example.org`;
    assert.equal((await admin.suppressions.create({ address })).added, true);
    assert.equal((await admin.suppressions.get(address)).reason, 'manual');
    assert.deepEqual(
      (await admin.suppressions.list({ search: `sdk-ts-${run}` }).toArray()).map((s) => s.address),
      [address],
    );
    await assert.rejects(postage.emails.send({ from_email: from, to: address, message: 'x' }, { maxRetries: 0 }), {
      status: 422,
      code: ErrorCode.RecipientSuppressed,
    });
    await admin.suppressions.delete(address);
    await assert.rejects(admin.suppressions.get(address), { status: 404, code: ErrorCode.NotFound });
  });

  test('a key bound to networks is listed with them and refused from elsewhere with 403 network_not_allowed', async () => {
    const created = await admin.apiKeys.create({ name: `sdk-ts networks ${run}`, networks: ['10.0.0.0/8'] });
    try {
      assert.deepEqual(created.api_key.networks, ['10.0.0.0/8']);
      const listed = (await admin.apiKeys.list()).api_keys.find((k) => k.id === created.api_key.id);
      assert.deepEqual(listed?.networks, ['10.0.0.0/8']);
      // This test runs on 127.0.0.1, outside 10.0.0.0/8.
      const outside = new Postage({ apiKey: created.secret, baseUrl: BASE_URL, maxRetries: 0 });
      await assert.rejects(outside.me.get(), (err) => {
        assert.ok(err instanceof PostageApiError, String(err));
        assert.equal(err.status, 403);
        assert.equal(err.code, ErrorCode.NetworkNotAllowed);
        return true;
      });
    } finally {
      await admin.apiKeys.revoke(created.api_key.id);
    }
  });

  test('the team and the audit log', async () => {
    // The fixture's account has its owner as its one member, and nobody invited (only a person may invite).
    const me = await postage.me.get();
    const { members } = await admin.members.list();
    assert.deepEqual(
      members.map((m) => [m.email, m.role]),
      [[me.email, 'owner']],
    );
    assert.equal(typeof members[0].user_id, 'string');
    assert.deepEqual((await admin.invitations.list()).invitations, []);
    await assert.rejects(postage.members.list(), { status: 403, code: ErrorCode.InsufficientPermission });

    // The creation of the fixture's full-access key is in the log (the test setup made it).
    const page = await admin.audit.listPage({ action: 'api_key.create', limit: 100 });
    assert.ok(
      page.entries.every((e) => e.action === 'api_key.create'),
      JSON.stringify(page.entries),
    );
    assert.ok(
      page.entries.some((e) => e.details.name === 'sdk full access'),
      JSON.stringify(page.entries),
    );

    // Every page, one entry each: the same entries (and any made since), newest first, once.
    const pages = [];
    for await (const p of admin.audit.list({ action: 'api_key', limit: 1 }).pages()) pages.push(p.entries);
    assert.ok(pages.length >= 2, `one entry a page: ${pages.length} page(s)`);
    const all = pages.flat();
    const ids = all.map((e) => e.id);
    assert.equal(new Set(ids).size, ids.length, 'no entry twice');
    for (const e of page.entries) assert.ok(ids.includes(e.id), `listing every page missed ${JSON.stringify(e)}`);
    const times = all.map((e) => Date.parse(e.created_at));
    assert.deepEqual(
      times,
      [...times].sort((a, b) => b - a),
    );
  });

  describe('webhooks: real deliveries verified with the SDK', { concurrency: 1 }, () => {
    const received = [];
    let server;
    let endpoint;
    let secret;
    before(async () => {
      server = http.createServer((req, res) => {
        const chunks = [];
        req.on('data', (c) => chunks.push(c));
        req.on('end', () => {
          received.push({ body: Buffer.concat(chunks), headers: req.headers });
          res.writeHead(204).end();
        });
      });
      await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
      const created = await admin.webhooks.create({
        url: `http://127.0.0.1:${server.address().port}/postage`,
        events: ['email.delivered'],
      });
      endpoint = created.webhook;
      secret = created.signing_secret;
      assert.equal(endpoint.active, true);
    });
    after(async () => {
      if (endpoint) await admin.webhooks.delete(endpoint.id);
      server?.close();
    });

    /** The first delivery received that verifies with `secret` and satisfies `match`. */
    const delivery = (what, match, secrets = secret) =>
      eventually(
        what,
        async () => {
          for (const candidate of received) {
            const event = await verifyWebhook(candidate.body, candidate.headers, secrets).catch(() => undefined);
            if (event && match(event, candidate))
              return { event, candidate, body: candidate.body, headers: candidate.headers };
          }
          return undefined;
        },
        { intervalMs: 200 },
      );

    test('a delivery is verified into its typed event; tampered or foreign, it is refused; then replayed', async () => {
      const sent = await postage.emails.send({
        from_email: from,
        to: testRecipient('delivered'),
        subject: `Webhook ${run}`,
        message: 'hook',
        tags: { run: `hook-${run}` },
      });
      const {
        event,
        body,
        headers,
        candidate: first,
      } = await delivery('the email.delivered webhook', (e) => e.messageId === sent.message_id);
      assert.equal(event.type, 'email.delivered');
      assert.equal(event.shape, 'envelope');
      assert.equal(event.test, false);
      assert.equal(event.recipient, testRecipient('delivered'));
      assert.equal(event.status, 'delivered');
      assert.deepEqual(event.data.tags, { run: `hook-${run}` });
      assert.match(event.webhookId, /^msg_[0-9a-f]{32}$/);
      assert.ok(Math.abs(event.timestamp.getTime() - Date.now()) < 5 * 60_000);

      const tampered = Buffer.from(body);
      tampered[tampered.indexOf('delivered')] ^= 0x01;
      await assert.rejects(
        verifyWebhook(tampered, headers, secret),
        (err) => err instanceof WebhookVerificationError && err.reason === 'invalid_signature',
      );
      await assert.rejects(
        postage.webhooks.verify(body, headers, `whsec_${Buffer.from('not the secret').toString('base64')}`),
        WebhookVerificationError,
      );
      await assert.rejects(
        Webhooks.verify(body, headers, secret, { now: new Date(Date.now() + 10 * 60_000) }),
        (err) => err.reason === 'timestamp_out_of_tolerance',
      );
      assert.equal((await Webhooks.verify(body, headers, secret)).messageId, sent.message_id);
      // Without its Standard Webhooks headers the same delivery is refused, unless the caller opts in to X-Service-Signature alone.
      const serviceOnly = Object.fromEntries(Object.entries(headers).filter(([name]) => !name.startsWith('webhook-')));
      await assert.rejects(
        verifyWebhook(body, serviceOnly, secret),
        (err) => err instanceof WebhookVerificationError && err.reason === 'missing_headers',
      );
      assert.equal(
        (await verifyWebhook(body, serviceOnly, secret, { insecureSignatureOnly: true })).messageId,
        sent.message_id,
      );

      const { deliveries } = await admin.webhooks.deliveries(endpoint.id, { limit: 50 });
      const recorded = deliveries.find((d) => d.message_id === sent.message_id && d.event_type === 'email.delivered');
      assert.ok(recorded && recorded.succeeded, JSON.stringify(deliveries));
      const replay = await admin.webhooks.replay(endpoint.id, recorded.id);
      assert.equal(replay.delivery.replay_of, recorded.id);
      assert.equal(replay.delivery.succeeded, true);
      const again = await delivery('the replayed delivery', (e, c) => e.messageId === sent.message_id && c !== first);
      assert.equal(again.event.webhookId, event.webhookId, 'a replay carries the same webhook-id');
    });

    test('a test event (the flat shape) is verified; after a rotation, the new secret verifies', async () => {
      const result = await admin.webhooks.test(endpoint.id, { event_type: 'email.bounced' });
      assert.equal(result.delivery.succeeded, true);
      assert.equal(result.delivery.test, true);
      const { event } = await delivery('the test event', (e) => e.test && e.type === 'email.bounced');
      assert.equal(event.shape, 'flat');
      assert.match(event.messageId, /^service-test-/);
      assert.equal(event.messageId, result.payload.provider_message_id);
      assert.equal(event.data.bounce_type, 'Permanent');
      assert.equal(event.status, 'bounced');
      assert.deepEqual(event.data.bounced_recipients, [event.recipient]);

      const rotated = await admin.webhooks.rotateSecret(endpoint.id);
      assert.notEqual(rotated.signing_secret, secret);
      const after = await admin.webhooks.test(endpoint.id, { event_type: 'email.delivered' });
      const fresh = await delivery(
        'the test event after the rotation',
        (e) => e.messageId === after.payload.provider_message_id,
        rotated.signing_secret,
      );
      assert.equal(fresh.event.type, 'email.delivered');
      assert.equal(
        fresh.headers['webhook-signature'].split(' ').length,
        2,
        'both secrets sign webhook-signature for 24 hours',
      );
      // A receiver still on the old secret keeps verifying for those 24 hours (X-Service-Signature, the new secret's, is not what is checked).
      assert.equal(
        (await verifyWebhook(fresh.body, fresh.headers, secret)).messageId,
        after.payload.provider_message_id,
      );
      assert.equal(
        (await verifyWebhook(fresh.body, fresh.headers, [secret, rotated.signing_secret])).messageId,
        after.payload.provider_message_id,
      );
      // The test event's type is its signed status's, whatever X-Service-Event says.
      assert.equal(
        (await verifyWebhook(fresh.body, { ...fresh.headers, 'x-service-event': 'email.bounced' }, secret)).type,
        'email.delivered',
      );

      const updated = await admin.webhooks.update(endpoint.id, { active: false });
      assert.equal(updated.active, false);
      await assert.rejects(admin.webhooks.test(endpoint.id), { status: 409, code: ErrorCode.WebhookInactive });
      assert.ok((await admin.webhooks.list()).webhooks.some((w) => w.id === endpoint.id && !w.active));
    });
  });
  describe(
    'receiving email: an inbound domain, its rules, a reply through the MX, read back',
    { concurrency: 1 },
    () => {
      const MX_HOST = process.env.POSTAGE_MX_HOST;
      const MX_PORT = process.env.POSTAGE_MX_PORT;
      const noMx =
        !(MX_HOST && MX_PORT) && 'POSTAGE_MX_HOST / POSTAGE_MX_PORT are not set (test/sdks/sdks.test.ts sets them)';
      const inboundDomain = `in-ts-${run}.${DOMAIN}`;
      const received = [];
      let server;
      let endpoint;
      let secret;
      before(async () => {
        if (noMx) return;
        server = http.createServer((req, res) => {
          const chunks = [];
          req.on('data', (c) => chunks.push(c));
          req.on('end', () => {
            received.push({ body: Buffer.concat(chunks), headers: req.headers });
            res.writeHead(204).end();
          });
        });
        await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
        const created = await admin.webhooks.create({
          url: `http://127.0.0.1:${server.address().port}/inbound`,
          events: ['email.received'],
        });
        endpoint = created.webhook;
        secret = created.signing_secret;
      });
      after(async () => {
        if (endpoint) await admin.webhooks.delete(endpoint.id);
        server?.close();
      });

      test(
        'domains and rules, a message received, its event verified and typed, the message read, downloaded and deleted',
        { skip: noMx },
        async () => {
          // The inbound domain, under the account's verified shared domain.
          const domain = await admin.inbound.domains.create({ name: inboundDomain });
          assert.equal(domain.domain, DOMAIN);
          assert.equal(domain.records[0].type, 'MX');
          assert.ok((await admin.inbound.domains.list()).inbound_domains.some((d) => d.name === inboundDomain));
          assert.equal((await admin.inbound.domains.get(inboundDomain)).name, inboundDomain);
          await assert.rejects(admin.inbound.domains.create({ name: inboundDomain }), {
            status: 409,
            code: ErrorCode.InboundDomainExists,
          });
          await assert.rejects(postage.inbound.domains.list(), { status: 403 }); // a sending key
          const support = await admin.inbound.rules.create(inboundDomain, {
            match: 'support',
            endpoint_ids: [endpoint.id],
          });
          const tagged = await admin.inbound.rules.create(inboundDomain, { match: 'Reply+*' });
          assert.deepEqual([support.kind, tagged.kind, tagged.match], ['address', 'tag', 'reply+*']);
          await assert.rejects(admin.inbound.rules.create(inboundDomain, { match: 'support' }), {
            status: 409,
            code: ErrorCode.InboundRuleExists,
          });
          assert.deepEqual(
            (await admin.inbound.rules.list(inboundDomain)).rules.map((r) => r.match),
            ['support', 'reply+*'],
          );

          // A message sent with Postage, and a reply to it (with an attachment whose bytes are a PNG,
          // declared a PDF) through the MX listener.
          const sent = await postage.emails.send({
            from_email: from,
            to: testRecipient('delivered'),
            subject: `Order ${run}`,
            message: 'It ships tomorrow.',
          });
          const png = Buffer.concat([
            Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex'),
            Buffer.alloc(64, 1),
          ]);
          const raw = [
            'From: Ann <ann@example.org>',
            `To: support@${inboundDomain}`,
            `Subject: Re: Order ${run}`,
            `Message-ID: <${run}@example.org>`,
            `In-Reply-To: <${sent.message_id}@${DOMAIN}>`,
            'MIME-Version: 1.0',
            'Content-Type: multipart/mixed; boundary="b1"',
            '',
            '--b1',
            'Content-Type: text/plain; charset=utf-8',
            '',
            'Can it come on Friday instead?',
            '--b1',
            'Content-Type: application/pdf; name="note.pdf"',
            'Content-Disposition: attachment; filename="note.pdf"',
            'Content-Transfer-Encoding: base64',
            '',
            png.toString('base64'),
            '--b1--',
            '',
          ].join('\r\n');
          await smtpSend(MX_HOST, Number(MX_PORT), 'ann@example.org', [`support@${inboundDomain}`], raw);

          // email.received, verified and typed.
          const event = await eventually(
            'the email.received delivery',
            async () => {
              for (const candidate of received) {
                const e = await verifyWebhook(candidate.body, candidate.headers, secret).catch(() => undefined);
                if (e?.received?.domain === inboundDomain) return e;
              }
              return undefined;
            },
            { intervalMs: 300 },
          );
          const email = event.received;
          assert.equal(event.type, 'email.received');
          assert.equal(event.recipient, `support@${inboundDomain}`);
          assert.equal(event.messageId, sent.message_id, 'the reply is tied to the message it answers');
          assert.equal(email.message_id, sent.message_id);
          assert.equal(email.rule_id, support.id);
          assert.deepEqual(email.envelope, { from: 'ann@example.org', to: `support@${inboundDomain}` });
          assert.deepEqual(email.from, { address: 'ann@example.org', name: 'Ann' });
          assert.equal(email.subject, `Re: Order ${run}`);
          assert.match(email.text, /Can it come on Friday instead\?/);
          assert.equal(email.source, 'mx');
          for (const name of ['spf', 'dkim', 'dmarc', 'arc']) assert.equal(typeof email.authentication[name], 'string');
          assert.equal(email.attachments.length, 1);
          const [attachment] = email.attachments;
          assert.equal(attachment.filename, 'note.pdf');
          assert.equal(attachment.declared_content_type, 'application/pdf');
          assert.equal(attachment.content_type, 'image/png', "the type is the bytes', not the sender's word");
          assert.equal(attachment.size, png.length);
          assert.equal(attachment.sha256, createHash('sha256').update(png).digest('hex'));

          // The API: listed, read whole, raw, the attachment downloaded (no key needed), deleted.
          const listed = await admin.inbound.list({ domain: inboundDomain, limit: 10 }).toArray();
          assert.deepEqual(
            listed.map((m) => [m.id, m.message_id, m.attachment_count]),
            [[email.inbound_id, sent.message_id, 1]],
          );
          const whole = await admin.inbound.get(email.inbound_id);
          assert.equal(whole.id, email.inbound_id);
          assert.equal(whole.text, email.text);
          assert.equal(whole.headers.in_reply_to?.includes(sent.message_id), true);
          const bytes = await admin.inbound.raw(email.inbound_id);
          assert.ok(bytes instanceof Uint8Array);
          assert.match(Buffer.from(bytes).toString('utf8'), new RegExp(`Subject: Re: Order ${run}`));
          assert.deepEqual(Buffer.from(await admin.inbound.downloadAttachment(attachment)), png);
          assert.deepEqual(Buffer.from(await admin.inbound.downloadAttachment(whole.attachments[0].download_url)), png);
          await admin.inbound.delete(email.inbound_id);
          await assert.rejects(admin.inbound.get(email.inbound_id), { status: 404, code: ErrorCode.NotFound });
          await assert.rejects(admin.inbound.downloadAttachment(attachment, { maxRetries: 0 }), { status: 404 });

          // The sent message's timeline has the reply.
          const detail = await admin.emails.get(sent.message_id);
          assert.ok(
            detail.timeline.some((t) => t.type === 'replied'),
            JSON.stringify(detail.timeline),
          );

          // Cleaning up: the rules, then the domain (the messages would stay).
          assert.equal((await admin.inbound.rules.delete(inboundDomain, tagged.id)).success, true);
          await admin.inbound.domains.delete(inboundDomain);
          await assert.rejects(admin.inbound.domains.get(inboundDomain), { status: 404 });
        },
      );
    },
  );
});
