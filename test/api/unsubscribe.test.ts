// One-click unsubscribe (docs/sending.md, "One-click unsubscribe"): a send with `unsubscribe`
// carries a List-Unsubscribe link (read from the raw message SES received); GET shows a
// page and changes nothing, POST (as mailbox providers make it) suppresses the recipient for the
// link's topic at once, answers the same when repeated, and announces it with one signed
// `email.unsubscribed` webhook and the timeline event. A changed token is a 404 and changes nothing.
import { randomUUID } from 'node:crypto';
import type { ResolvedActivityDeps } from '../../activities/deps';
import { releaseScheduledMessage } from '../../activities/releaseScheduledMessage';
import { createApiKey } from '../../core/accounts/apiKeys';
import { createUnsubscribeToken } from '../../core/unsubscribe/unsubscribeTokens';
import { createEndpoint, createSender, uniqueName } from '../helpers/fixtures';
import { startServiceStack, type ServiceStack } from '../helpers/serviceStack';
import { eventually } from '../helpers/wait';
import { rawHeaders, sesRawMessageOf } from '../helpers/sesRaw';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhookReceiver';
import { configureByoc } from './helpers/accounts';
import { call, send } from './helpers/http';
import {
  loadOpenApiCheck,
  loadOpenApiPageCheck,
  type DocumentedCheck,
  type DocumentedPageCheck,
  type PageResponse,
} from './helpers/openApi';

let stack: ServiceStack;
let subscribed: WebhookReceiver;
let other: WebhookReceiver;
let documented: DocumentedCheck;
let documentedPage: DocumentedPageCheck;

beforeAll(async () => {
  [stack, subscribed, other] = await Promise.all([startServiceStack(), startWebhookReceiver(), startWebhookReceiver()]);
  [documented, documentedPage] = await Promise.all([
    loadOpenApiCheck(stack.baseUrl),
    loadOpenApiPageCheck(stack.baseUrl),
  ]);
});
afterAll(async () => {
  await stack?.stop();
  await subscribed?.close();
  await other?.close();
});

async function page(path: string, init: RequestInit = {}): Promise<PageResponse> {
  const res = await fetch(`${stack.baseUrl}${path}`, { redirect: 'manual', ...init });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

/** What a mailbox provider sends (RFC 8058): a form body, no cookie, no token besides the URL's. */
const oneClick = (path: string) =>
  page(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: 'List-Unsubscribe=One-Click',
  });

function expectStrictPage(res: PageResponse): void {
  expect(res.headers.get('cache-control')).toBe('no-store');
  expect(res.headers.get('referrer-policy')).toBe('no-referrer');
  expect(res.headers.get('content-security-policy')).toMatch(/default-src 'none'/);
  expect(res.text).not.toMatch(/<script|https?:\/\//i);
}

test('GET shows a button and changes nothing; a one-click POST suppresses the topic only, once, with one signed webhook', async () => {
  const s = await createSender(stack.db);
  const { signingSecret } = await createEndpoint(stack.db, stack.config.secretKey, s.account.id, subscribed.url, [
    'email.unsubscribed',
  ]);
  subscribed.setSecret(signingSecret);
  const notSubscribed = await createEndpoint(stack.db, stack.config.secretKey, s.account.id, other.url, [
    'email.delivered',
  ]);
  other.setSecret(notSubscribed.signingSecret);
  const { secret } = await createApiKey(
    stack.db,
    { accountId: s.account.id, name: 'admin', permission: 'full_access' },
    'test',
  );
  const admin = (path: string) => call(`${stack.baseUrl}${path}`, { headers: { 'X-API-Key': secret } });

  const recipient = `${uniqueName('success')}@${stack.config.simulatorDomain}`;
  const body = (extra: Record<string, unknown> = {}) => ({
    from_email: `news@${s.domain}`,
    to: recipient,
    subject: 'Product news',
    message: 'What is new.',
    ...extra,
  });
  const first = await send(stack, s.apiKey, body({ unsubscribe: { topic: 'product-news' } }));
  expect(first.status).toBe(200);
  const messageId = String(first.json.message_id);
  // The link as the message carries it: the raw MIME SES received, with RFC 8058's POST header.
  const headers = rawHeaders(await sesRawMessageOf(stack, messageId));
  expect(headers.get('list-unsubscribe-post')).toEqual(['List-Unsubscribe=One-Click']);
  const link = /^<([^>]+)>$/.exec(headers.get('list-unsubscribe')?.[0] ?? '')?.[1] ?? '';
  expect(link.startsWith(`${stack.config.api.baseUrl}/u/`)).toBe(true);
  const path = new URL(link).pathname;
  const token = path.slice('/u/'.length);

  // A scanner following the link: the page, and nothing else.
  const shown = await page(path);
  expect(shown.status).toBe(200);
  documentedPage('/u/{token}', 'get', shown);
  expectStrictPage(shown);
  expect(shown.text).toMatch(/<form method="post">/);
  expect(shown.text).toContain('product-news');
  expect(shown.text).not.toContain(recipient);
  expect((await send(stack, s.apiKey, body({ unsubscribe: { topic: 'product-news' } }))).status).toBe(200);

  // A changed token: 404, the same generic page, nothing suppressed.
  const tampered = `/u/${token.slice(0, 20)}${token[20] === 'A' ? 'B' : 'A'}${token.slice(21)}`;
  for (const res of [await page(tampered), await oneClick(tampered)]) {
    expect(res.status).toBe(404);
    expectStrictPage(res);
  }
  documentedPage('/u/{token}', 'post', await oneClick(tampered));
  expect((await admin('/api/suppressions')).json.suppressions).toEqual([]);

  const done = await oneClick(path);
  expect(done.status).toBe(200);
  documentedPage('/u/{token}', 'post', done);
  expectStrictPage(done);
  expect(done.text).toContain('You are unsubscribed');
  // The very next send with the topic is refused; another topic, or none, still goes.
  const refused = await send(stack, s.apiKey, body({ unsubscribe: { topic: 'product-news' } }));
  expect([refused.status, refused.json.error]).toEqual([422, 'recipient_suppressed']);
  documented('/api/send/', 'post', refused);
  expect((await send(stack, s.apiKey, body({ unsubscribe: { topic: 'billing' } }))).status).toBe(200);
  expect((await send(stack, s.apiKey, body())).status).toBe(200);
  expect((await send(stack, s.apiKey, body({ unsubscribe: {} }))).status).toBe(200);

  // Again (the provider retries, the person clicks twice, with any body): the same answer, one entry.
  const again = await page(path, { method: 'POST' });
  expect([again.status, again.text]).toEqual([200, done.text]);
  const list = await admin('/api/suppressions');
  documented('/api/suppressions', 'get', list);
  expect(list.json.suppressions).toEqual([
    { address: recipient, reason: 'unsubscribed', topic: 'product-news', created_at: expect.any(String) },
  ]);
  const one = await admin(`/api/suppressions/${encodeURIComponent(recipient)}?topic=product-news`);
  documented('/api/suppressions/{address}', 'get', one);
  expect(one.json).toMatchObject({ reason: 'unsubscribed', topic: 'product-news' });
  // Without ?topic= the address's all-mail entry is asked for: there is none.
  expect((await admin(`/api/suppressions/${encodeURIComponent(recipient)}`)).status).toBe(404);

  const hook = await subscribed.waitFor((r) => r.rawBody.includes('email.unsubscribed'));
  expect(hook.signatureValid).toBe(true);
  expect(hook.json).toEqual({
    event_type: 'email.unsubscribed',
    payload: {
      message_id: messageId,
      recipient,
      topic: 'product-news',
      occurred_at: expect.any(String),
      status: 'unsubscribed',
    },
  });
  const timeline = await eventually('the unsubscribed timeline event', async () => {
    const res = await admin(`/api/emails/${messageId}`);
    const events = (res.json.timeline ?? []) as { type: string; details: Record<string, string> }[];
    return events.some((e) => e.type === 'unsubscribed') ? { res, events } : undefined;
  });
  documented('/api/emails/{message_id}', 'get', timeline.res);
  expect(timeline.events.find((e) => e.type === 'unsubscribed')?.details).toEqual({ topic: 'product-news' });
  // Exactly one webhook for the two POSTs, and none to the endpoint not subscribed to the event.
  await new Promise((r) => setTimeout(r, 1500));
  expect(subscribed.received.filter((r) => r.rawBody.includes('email.unsubscribed'))).toHaveLength(1);
  expect(other.received.filter((r) => r.rawBody.includes('email.unsubscribed'))).toHaveLength(0);
});

test('an all-mail link suppresses every send; lifting it by the API (no ?topic=) lets sends through again', async () => {
  const s = await createSender(stack.db);
  const { secret } = await createApiKey(
    stack.db,
    { accountId: s.account.id, name: 'admin', permission: 'full_access' },
    'test',
  );
  const recipient = `${uniqueName('success')}@${stack.config.simulatorDomain}`;
  const body = (extra: Record<string, unknown> = {}) => ({
    from_email: `news@${s.domain}`,
    to: recipient,
    subject: 'Hi',
    message: 'Hello.',
    ...extra,
  });
  const sent = await send(stack, s.apiKey, body({ unsubscribe: {} }));
  expect(sent.status).toBe(200);
  const token = createUnsubscribeToken(stack.config.secretKey, {
    accountId: s.account.id,
    recipient,
    topic: null,
    messageId: String(sent.json.message_id),
    mode: 'shared',
  });
  expect((await oneClick(`/u/${token}`)).status).toBe(200);
  for (const extra of [{}, { unsubscribe: { topic: 'billing' } }]) {
    const res = await send(stack, s.apiKey, body(extra));
    expect([res.status, res.json.error]).toEqual([422, 'recipient_suppressed']);
  }
  const lifted = await call(`${stack.baseUrl}/api/suppressions/${encodeURIComponent(recipient)}`, {
    method: 'DELETE',
    headers: { 'X-API-Key': secret },
  });
  expect(lifted.status).toBe(200);
  expect((await send(stack, s.apiKey, body())).status).toBe(200);
});

test('a bad unsubscribe option is a 400 on its field', async () => {
  const s = await createSender(stack.db);
  for (const [unsubscribe, field] of [
    [false, 'unsubscribe'],
    [true, 'unsubscribe'],
    ['yes', 'unsubscribe'],
    [{ topic: 'Product News' }, 'unsubscribe.topic'],
    [{ topic: '' }, 'unsubscribe.topic'],
    [{ list: 'x' }, 'unsubscribe.list'],
  ] as const) {
    const res = await send(stack, s.apiKey, {
      from_email: `news@${s.domain}`,
      to: `delivered@${stack.config.testDomain}`,
      subject: 'Hi',
      message: 'Hello.',
      unsubscribe,
    });
    expect([res.status, Object.keys(res.json.errors as object)]).toEqual([400, [field]]);
  }
});

test('a token whose account no longer exists is a 404 for both methods', async () => {
  const token = createUnsubscribeToken(stack.config.secretKey, {
    accountId: randomUUID(),
    recipient: `someone@${stack.config.simulatorDomain}`,
    topic: null,
    messageId: '00000000-0000-4000-8000-000000000000',
    mode: 'byoc',
  });
  expect((await page(`/u/${token}`)).status).toBe(404);
  expect((await oneClick(`/u/${token}`)).status).toBe(404);
});

test('a BYOC message’s link only suppresses: no workflow, no timeline, no webhook', async () => {
  const s = await createSender(stack.db);
  const { secret } = await createApiKey(
    stack.db,
    { accountId: s.account.id, name: 'admin', permission: 'full_access' },
    'test',
  );
  const recipient = `${uniqueName('byoc-reader')}@${stack.config.simulatorDomain}`;
  const messageId = randomUUID();
  const token = createUnsubscribeToken(stack.config.secretKey, {
    accountId: s.account.id,
    recipient,
    topic: null,
    messageId,
    mode: 'byoc',
  });
  expect((await oneClick(`/u/${token}`)).status).toBe(200);
  const list = await call(`${stack.baseUrl}/api/suppressions`, { headers: { 'X-API-Key': secret } });
  expect(list.json.suppressions).toEqual([
    { address: recipient, reason: 'unsubscribed', topic: null, created_at: expect.any(String) },
  ]);
  // BYOC privacy (docs/byoc.md): no row ties the address to the BYOC message.
  expect(await stack.db('suppressions').where({ account_id: s.account.id }).select('source_message_id')).toEqual([
    { source_message_id: null },
  ]);
  await new Promise((r) => setTimeout(r, 500));
  await expect(stack.temporal.workflow.getHandle(`unsubscribe-${messageId}-all`).describe()).rejects.toThrow(
    /not found/i,
  );
});

test('a scheduled send whose topic the recipient left meanwhile is stopped when its time comes; another topic goes', async () => {
  const s = await createSender(stack.db);
  const recipient = `${uniqueName('planner')}@${stack.config.simulatorDomain}`;
  const schedule = async (topic: string) => {
    const res = await send(stack, s.apiKey, {
      from_email: `news@${s.domain}`,
      to: recipient,
      subject: 'Later',
      message: 'Hello.',
      scheduled_at: new Date(Date.now() + 86_400_000).toISOString(),
      unsubscribe: { topic },
    });
    expect(res.status).toBe(200);
    return String(res.json.message_id);
  };
  const [news, billing] = [await schedule('product-news'), await schedule('billing')];
  await eventually('the log rows', async () =>
    (await stack.db('email_log').whereIn('message_id', [news, billing])).length === 2 ? true : undefined,
  );
  const token = createUnsubscribeToken(stack.config.secretKey, {
    accountId: s.account.id,
    recipient,
    topic: 'product-news',
    messageId: news,
    mode: 'shared',
  });
  expect((await oneClick(`/u/${token}`)).status).toBe(200);
  // Their time comes (the activity the workflow's timer runs, called here rather than waiting a day).
  await stack
    .db('scheduled_sends')
    .whereIn('message_id', [news, billing])
    .update({ scheduled_at: new Date(Date.now() - 1000) });
  const release = releaseScheduledMessage({ db: stack.db, config: stack.config } as unknown as ResolvedActivityDeps);
  expect(await release({ messageId: news })).toEqual({
    state: 'blocked',
    reason: 'the recipient was suppressed after the message was scheduled',
  });
  expect(await release({ messageId: billing })).toEqual({ state: 'released' });
});

test('a scheduled BYOC message to a recipient who unsubscribed meanwhile is stopped when its time comes', async () => {
  const s = await createSender(stack.db, { mode: 'byoc' });
  await configureByoc(stack.db, s.account.id);
  const gone = `${uniqueName('byoc-gone')}@example.org`;
  const staying = `${uniqueName('byoc-staying')}@example.org`;
  const schedule = async (to: string) => {
    const res = await send(stack, s.apiKey, {
      from_email: `news@${s.domain}`,
      to,
      subject: 'Later',
      message: 'Hello.',
      scheduled_at: new Date(Date.now() + 86_400_000).toISOString(),
      unsubscribe: {},
    });
    expect([res.status, res.json.mode]).toEqual([200, 'byoc']);
    return String(res.json.message_id);
  };
  const [stopped, goes] = [await schedule(gone), await schedule(staying)];
  const token = createUnsubscribeToken(stack.config.secretKey, {
    accountId: s.account.id,
    recipient: gone,
    topic: null,
    messageId: stopped,
    mode: 'byoc',
  });
  expect((await oneClick(`/u/${token}`)).status).toBe(200);
  await stack
    .db('scheduled_sends')
    .whereIn('message_id', [stopped, goes])
    .update({ scheduled_at: new Date(Date.now() - 1000) });
  const release = releaseScheduledMessage({ db: stack.db, config: stack.config } as unknown as ResolvedActivityDeps);
  // The answer (kept in workflow history) names no address.
  expect(await release({ messageId: stopped })).toEqual({
    state: 'blocked',
    reason: 'the recipient was suppressed after the message was scheduled',
  });
  expect(await release({ messageId: goes })).toEqual({ state: 'released' });
});
