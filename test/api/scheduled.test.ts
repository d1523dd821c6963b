// Scheduled sends through the real pipeline: gated and counted at acceptance, `scheduled` in the
// log until their time (a durable timer), then sent as any other; moved and cancelled through the
// API (the month's count given back); a worker killed while they wait changes nothing.
import path from 'node:path';
import { monthlyUsage } from '../../core/accounts/usage';
import { sendWorkflowId, type SendEmailResult } from '../../core/model/workflowContract';
import { freePort, waitFor, type ManagedProcess } from '../../tools/stack/processes';
import { startWorkerProcess } from '../helpers/apiProcess';
import { testEnv } from '../helpers/config';
import { testInfra } from '../helpers/env';
import { createEndpoint, createSender, type SenderFixture } from '../helpers/fixtures';
import { startServiceStack, type ServiceStack } from '../helpers/serviceStack';
import { eventually } from '../helpers/wait';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhookReceiver';
import { configureByoc } from './helpers/accounts';
import { call, send, testSendBody, type ApiResponse } from './helpers/http';
import { loadOpenApiCheck, type DocumentedCheck } from './helpers/openApi';
import { createApiKey } from '../../core/accounts/apiKeys';

let stack: ServiceStack;
let receiver: WebhookReceiver;
let documented: DocumentedCheck;
let worker: ManagedProcess;
let env: Record<string, string>;

async function startWorker(): Promise<ManagedProcess> {
  const port = await freePort();
  const proc = startWorkerProcess(
    { ...env, WORKER_HEALTH_PORT: String(port) },
    path.join(testInfra().runDir, 'logs', `scheduled-worker-${port}.log`),
  );
  await waitFor(
    'a worker',
    async () => (await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => undefined))?.status === 200,
    120_000,
    proc,
  );
  return proc;
}

beforeAll(async () => {
  [stack, receiver] = await Promise.all([startServiceStack({ worker: false }), startWebhookReceiver()]);
  env = testEnv({
    DATABASE_URL: stack.database.url,
    TEMPORAL_TASK_QUEUE: stack.config.temporal.taskQueue,
    WORKFLOW_BUNDLE_PATH: testInfra().workflowBundlePath,
  });
  [documented, worker] = await Promise.all([loadOpenApiCheck(stack.baseUrl), startWorker()]);
}, 180_000);
afterAll(async () => {
  await worker?.stop();
  await stack?.stop();
  await receiver?.close();
});

const inSeconds = (s: number) => new Date(Date.now() + s * 1000).toISOString();
const result = async (id: string) =>
  (await stack.temporal.workflow.getHandle(sendWorkflowId(id)).result()) as SendEmailResult;
const logRow = (id: string) =>
  stack
    .db('email_log')
    .where({ message_id: id })
    .first<{ status: string; scheduled_at: Date | null; delivered_at: Date | null }>();

async function admin(sender: SenderFixture) {
  const { secret } = await createApiKey(
    stack.db,
    { accountId: sender.account.id, name: 'admin', permission: 'full_access' },
    'test',
  );
  return (method: string, p: string, body?: unknown): Promise<ApiResponse> =>
    call(`${stack.baseUrl}${p}`, {
      method,
      headers: { 'X-API-Key': secret, ...(body ? { 'Content-Type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
}

test('a send scheduled 5 s ahead is `scheduled`, counted at once, then sent no earlier than its time, with its webhooks', async () => {
  const s = await createSender(stack.db);
  const { signingSecret } = await createEndpoint(stack.db, stack.config.secretKey, s.account.id, receiver.url, [
    'email.sent',
    'email.delivered',
  ]);
  receiver.setSecret(signingSecret);
  const at = inSeconds(5);
  const res = await send(stack, s.apiKey, testSendBody(stack, s.domain, { scheduled_at: at }));
  expect(res.status).toBe(200);
  documented('/api/send/', 'post', res);
  expect(res.json.scheduled_at).toBe(at);
  const id = String(res.json.message_id);
  expect(await monthlyUsage(stack.db, s.account.id, new Date())).toMatchObject({ shared: 1 });
  await eventually('the scheduled row', async () => ((await logRow(id))?.status === 'scheduled' ? true : undefined));
  const api = await admin(s);
  const shown = await api('GET', `/api/emails/${id}`);
  documented('/api/emails/{message_id}', 'get', shown);
  expect(shown.json.email).toMatchObject({ status: 'scheduled', scheduled_at: at });
  expect(receiver.received.filter((r) => r.rawBody.includes(id))).toEqual([]);

  expect(await result(id)).toMatchObject({ status: 'delivered' });
  const row = await logRow(id);
  expect(row!.delivered_at!.getTime()).toBeGreaterThanOrEqual(Date.parse(at));
  const sent = await receiver.waitFor((r) => r.rawBody.includes(id) && r.rawBody.includes('email.sent'));
  expect(Number(sent.headers['webhook-timestamp']) * 1000).toBeGreaterThanOrEqual(Date.parse(at) - 1000);
  const types = (
    await stack.db('email_events').where({ message_id: id }).orderBy('id').select<{ type: string }[]>('type')
  ).map((e) => e.type);
  expect(types).toEqual(['scheduled', 'queued', 'sent', 'delivered']);
  // It has left: it can be neither moved nor cancelled.
  const late = await api('POST', `/api/emails/${id}/cancel`);
  expect([late.status, late.json.error]).toEqual([409, 'not_scheduled']);
  documented('/api/emails/{message_id}/cancel', 'post', late);
}, 60_000);

test('moved earlier it goes at the new time; moved later it waits; cancelled it never goes, its count given back and its content deleted', async () => {
  const s = await createSender(stack.db);
  const api = await admin(s);
  const early = String(
    (await send(stack, s.apiKey, testSendBody(stack, s.domain, { scheduled_at: inSeconds(600) }))).json.message_id,
  );
  const moved = await api('PATCH', `/api/emails/${early}`, { scheduled_at: inSeconds(2) });
  expect(moved.status).toBe(200);
  documented('/api/emails/{message_id}', 'patch', moved);
  expect(moved.json).toMatchObject({ message_id: early, status: 'scheduled' });
  expect(await result(early)).toMatchObject({ status: 'delivered' });

  const later = String(
    (await send(stack, s.apiKey, testSendBody(stack, s.domain, { scheduled_at: inSeconds(3) }))).json.message_id,
  );
  expect((await api('PATCH', `/api/emails/${later}`, { scheduled_at: inSeconds(600) })).status).toBe(200);
  await new Promise((r) => setTimeout(r, 5000));
  expect((await logRow(later))?.status).toBe('scheduled');
  expect(await monthlyUsage(stack.db, s.account.id, new Date())).toMatchObject({ shared: 2 });

  const canceled = await api('POST', `/api/emails/${later}/cancel`);
  expect(canceled.json).toEqual({ message_id: later, status: 'canceled', scheduled_at: null });
  documented('/api/emails/{message_id}/cancel', 'post', canceled);
  expect(await result(later)).toEqual({ status: 'canceled' });
  expect((await logRow(later))?.status).toBe('canceled');
  expect(await monthlyUsage(stack.db, s.account.id, new Date())).toMatchObject({ shared: 1 });
  expect(await stack.db('staged_messages').where({ message_id: later }).first()).toBeUndefined();
  const again = await api('PATCH', `/api/emails/${later}`, { scheduled_at: inSeconds(60) });
  expect([again.status, again.json.error]).toEqual([409, 'not_scheduled']);
  // Another account's message, or none: 404.
  const stranger = await admin(await createSender(stack.db));
  expect((await stranger('POST', `/api/emails/${early}/cancel`)).status).toBe(404);
  // An id that is not one (the conformance run found these answered 500).
  for (const [method, p] of [
    ['POST', '/api/emails/0/cancel'],
    ['PATCH', '/api/emails/0'],
  ] as const) {
    const res = await api(method, p, method === 'PATCH' ? { scheduled_at: inSeconds(60) } : undefined);
    expect({ p, status: res.status, error: res.json.error }).toEqual({ p, status: 404, error: 'not_found' });
  }
}, 60_000);

test('a BYOC send is cancelled by the message_id of its answer, before any AWS call', async () => {
  const s = await createSender(stack.db, { mode: 'byoc' });
  await configureByoc(stack.db, s.account.id);
  const res = await send(
    stack,
    s.apiKey,
    testSendBody(stack, s.domain, { to: 'someone@example.org', scheduled_at: inSeconds(600) }),
  );
  expect([res.status, res.json.mode]).toEqual([200, 'byoc']);
  const id = String(res.json.message_id);
  const canceled = await (await admin(s))('POST', `/api/emails/${id}/cancel`);
  expect(canceled.status).toBe(200);
  expect(await result(id)).toEqual({ status: 'canceled' });
  expect(await monthlyUsage(stack.db, s.account.id, new Date())).toMatchObject({ byoc: 0 });
  expect(await stack.db('staged_messages').where({ message_id: id }).first()).toBeUndefined();
});

test('a worker killed while messages wait: the next one sends them at their time, and a move or a cancellation made meanwhile holds', async () => {
  const s = await createSender(stack.db);
  const api = await admin(s);
  const at = inSeconds(8);
  const ids = await Promise.all(
    [at, inSeconds(600), inSeconds(600)].map(async (when) =>
      String((await send(stack, s.apiKey, testSendBody(stack, s.domain, { scheduled_at: when }))).json.message_id),
    ),
  );
  const [onTime, moved, canceled] = ids as [string, string, string];
  await eventually('the scheduled rows', async () =>
    (await Promise.all(ids.map(logRow))).every((r) => r?.status === 'scheduled') ? true : undefined,
  );
  worker.child.kill('SIGKILL');
  await worker.stop();
  // While no worker runs: one is moved to a few seconds from now, one is cancelled.
  const movedAt = inSeconds(6);
  expect((await api('PATCH', `/api/emails/${moved}`, { scheduled_at: movedAt })).status).toBe(200);
  expect((await api('POST', `/api/emails/${canceled}/cancel`)).status).toBe(200);
  worker = await startWorker();
  expect(await result(onTime)).toMatchObject({ status: 'delivered' });
  expect((await logRow(onTime))!.delivered_at!.getTime()).toBeGreaterThanOrEqual(Date.parse(at));
  expect(await result(moved)).toMatchObject({ status: 'delivered' });
  expect((await logRow(moved))!.delivered_at!.getTime()).toBeGreaterThanOrEqual(Date.parse(movedAt));
  expect(await result(canceled)).toEqual({ status: 'canceled' });
  expect(await monthlyUsage(stack.db, s.account.id, new Date())).toMatchObject({ shared: 2 });
}, 120_000);

test('moved or cancelled before its workflow wrote the log row: the row, once written, says so', async () => {
  const s = await createSender(stack.db);
  const api = await admin(s);
  worker.child.kill('SIGKILL');
  await worker.stop();
  // No worker: accepted and started, but nothing has written a log row yet.
  const [canceled, moved] = await Promise.all(
    [0, 1].map(async () =>
      String(
        (await send(stack, s.apiKey, testSendBody(stack, s.domain, { scheduled_at: inSeconds(3600) }))).json.message_id,
      ),
    ),
  );
  expect(await logRow(canceled!)).toBeUndefined();
  expect((await api('POST', `/api/emails/${canceled}/cancel`)).json).toMatchObject({ status: 'canceled' });
  const movedAt = inSeconds(7200);
  expect((await api('PATCH', `/api/emails/${moved}`, { scheduled_at: movedAt })).status).toBe(200);
  worker = await startWorker();
  expect(await result(canceled!)).toEqual({ status: 'canceled' });
  const row = await eventually('the cancelled message in the log', async () => {
    const res = await api('GET', `/api/emails/${canceled}`);
    return res.status === 200 ? res : undefined;
  });
  expect((row.json.email as { status: string }).status).toBe('canceled');
  expect((row.json.timeline as { type: string }[]).map((e) => e.type)).toEqual(['scheduled', 'canceled']);
  expect(await stack.db('staged_messages').where({ message_id: canceled })).toEqual([]);
  const movedRow = await eventually('the moved message in the log', async () => logRow(moved!));
  expect([movedRow.status, movedRow.scheduled_at?.toISOString()]).toEqual(['scheduled', movedAt]);
}, 120_000);

test('a retry of an accepted scheduled send with its idempotency key replays its answer, even once its time has passed', async () => {
  const s = await createSender(stack.db);
  const body = testSendBody(stack, s.domain, { scheduled_at: inSeconds(1), idempotency_key: `later-${Date.now()}` });
  const first = await send(stack, s.apiKey, body);
  expect(first.status).toBe(200);
  await new Promise((r) => setTimeout(r, 2000));
  const again = await send(stack, s.apiKey, body);
  expect([again.status, again.headers.get('idempotent-replayed'), again.json.message_id]).toEqual([
    200,
    'true',
    first.json.message_id,
  ]);
  expect(await monthlyUsage(stack.db, s.account.id, new Date())).toMatchObject({ shared: 1 });
});

test('scheduled_at must be at most 30 days ahead and less than 10 minutes past', async () => {
  const s = await createSender(stack.db);
  for (const at of [inSeconds(-601), inSeconds(31 * 86_400), '2026-13-01T00:00:00Z', 'tomorrow']) {
    const res = await send(stack, s.apiKey, testSendBody(stack, s.domain, { scheduled_at: at }));
    expect({ at, status: res.status, fields: Object.keys((res.json.errors as object) ?? {}) }).toEqual({
      at,
      status: 400,
      fields: ['scheduled_at'],
    });
  }
  expect(await monthlyUsage(stack.db, s.account.id, new Date())).toMatchObject({ shared: 0 });
});

test('a time a few minutes past (a client clock behind, a retry after an outage) sends the message at once', async () => {
  const s = await createSender(stack.db);
  const at = inSeconds(-300);
  const res = await send(stack, s.apiKey, testSendBody(stack, s.domain, { scheduled_at: at }));
  expect([res.status, res.json.scheduled_at]).toEqual([200, at]);
  expect(await result(String(res.json.message_id))).toMatchObject({ status: 'delivered' });
  expect(await monthlyUsage(stack.db, s.account.id, new Date())).toMatchObject({ shared: 1 });
});
