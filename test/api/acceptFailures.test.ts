// Failures after the gates (502 queue_error, 502 attachment_upload_failed): the queue made
// unreachable for a running API, and a staging store that cannot take the attachments in time.
// Neither leaves a count, staged content, a log row, a workflow or a replayable key, and a retry
// with the same idempotency key goes through once the fault is gone. A worker runs, so a message
// that had slipped through would show up as a log row.
import { Client, Connection } from '@temporalio/client';
import { Client as PgClient } from 'pg';
import { createSender, type SenderFixture } from '../helpers/fixtures';
import { testInfra } from '../helpers/env';
import { startServiceStack, type ServiceStack } from '../helpers/serviceStack';
import { eventually } from '../helpers/wait';
import { call, send, testSendBody, type ApiResponse } from './helpers/http';
import { loadOpenApiCheck, type DocumentedCheck } from './helpers/openApi';
import { startTcpProxy, type TcpProxy } from './helpers/tcpProxy';
import { NO_TRACES, tracesOf } from './helpers/traces';

let proxy: TcpProxy;
let stack: ServiceStack;
let direct: { connection: Connection; temporal: Client };
let documented: DocumentedCheck;
let sender: SenderFixture;

beforeAll(async () => {
  // The API reaches Temporal only through the proxy; the worker and the test's own checks do not.
  proxy = await startTcpProxy(testInfra().temporalAddress);
  stack = await startServiceStack({
    env: { TEMPORAL_ADDRESS: proxy.address, TEMPORAL_START_TIMEOUT_MS: '1500', STAGING_TIMEOUT_MS: '300' },
  });
  const connection = await Connection.connect({ address: testInfra().temporalAddress });
  direct = { connection, temporal: new Client({ connection }) };
  documented = await loadOpenApiCheck(stack.baseUrl);
  sender = await createSender(stack.db);
});
afterAll(async () => {
  await stack?.stop();
  await direct?.connection.close();
  await proxy?.close();
});

const traces = (accountId: string) => tracesOf({ db: stack.db, temporal: direct.temporal }, accountId);
const withAttachment = (key: string) =>
  testSendBody(stack, sender.domain, {
    idempotency_key: key,
    attachments: [{ filename: 'invoice.txt', content: Buffer.from('total: 12 EUR').toString('base64') }],
  });

function expectFailure(res: ApiResponse, code: string): void {
  expect({ status: res.status, body: res.json }).toEqual({
    status: 502,
    body: { success: false, error: code, detail: expect.any(String) },
  });
  documented('/api/send/', 'post', res);
}

test('502 queue_error: Temporal unreachable; nothing counted, staged, logged or replayable; a retry goes through once it is back', async () => {
  await proxy.cut();
  const started = Date.now();
  const res = await send(stack, sender.apiKey, withAttachment('queue-down-1'));
  expectFailure(res, 'queue_error');
  expect(Date.now() - started).toBeLessThan(5000); // bounded by TEMPORAL_START_TIMEOUT_MS
  expect(await traces(sender.account.id)).toEqual(NO_TRACES);

  await proxy.restore();
  // A client retrying with backoff: the API's connection recovers on its own.
  const accepted = await eventually('the send to be accepted after Temporal is back', async () => {
    const retry = await send(stack, sender.apiKey, withAttachment('queue-down-1'));
    return retry.status === 200 ? retry : undefined;
  });
  expect(accepted.json).toMatchObject({ success: true, attachments: 1, idempotency_key: 'queue-down-1' });
  await eventually('the log row of the accepted send', async () =>
    (await traces(sender.account.id)).logRows === 1 ? true : undefined,
  );
  expect(await traces(sender.account.id)).toMatchObject({ counted: 1, logRows: 1, idempotencyKeys: 1, workflows: 1 });
});

test('a batch whose queue stops answering is answered within about one start deadline, not one per email', async () => {
  const other = await createSender(stack.db);
  const emails = [0, 1, 2, 3, 4].map((i) =>
    testSendBody(stack, other.domain, { idempotency_key: `queue-silent-${i}` }),
  );
  // Connections stay open and nothing comes back: each start would wait its whole deadline (1.5 s).
  proxy.stall();
  const started = Date.now();
  let res: ApiResponse;
  try {
    res = await call(`${stack.baseUrl}/api/send/batch`, {
      method: 'POST',
      headers: { 'X-API-Key': other.apiKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ emails }),
    });
  } finally {
    proxy.resume();
  }
  const waited = Date.now() - started;
  expect(res.status).toBe(200);
  expect((res.json.data as { success: boolean; error?: string }[]).map((d) => [d.success, d.error])).toEqual(
    emails.map(() => [false, 'queue_error']),
  );
  // One start deadline and the rest of the work; five in a row would be 7.5 s.
  expect(waited).toBeLessThan(4500);
});

test('502 attachment_upload_failed: the staging store cannot take the attachments in time', async () => {
  const other = await createSender(stack.db);
  const body = testSendBody(stack, other.domain, {
    idempotency_key: 'store-busy-1',
    attachments: [{ filename: 'a.pdf', content: Buffer.from('%PDF').toString('base64') }],
  });
  // Another session holds the attachment table (a long migration, a vacuum full...).
  const blocker = new PgClient({ connectionString: stack.database.url });
  await blocker.connect();
  try {
    await blocker.query('BEGIN');
    await blocker.query('LOCK TABLE staged_attachments IN ACCESS EXCLUSIVE MODE');
    expectFailure(await send(stack, other.apiKey, body), 'attachment_upload_failed');
    expect(await traces(other.account.id)).toEqual(NO_TRACES);
    // A message without attachments does not touch that table and still goes through.
    expect((await send(stack, other.apiKey, testSendBody(stack, other.domain))).status).toBe(200);
  } finally {
    await blocker.query('ROLLBACK');
    await blocker.end();
  }
  const retry = await send(stack, other.apiKey, body);
  expect(retry.status).toBe(200);
  expect(retry.json).toMatchObject({ attachments: 1, idempotency_key: 'store-busy-1' });
  expect(await traces(other.account.id)).toMatchObject({ counted: 2, idempotencyKeys: 1, workflows: 2 });
});

test("503 service_unavailable: a send's key lookup waits on a locked store no longer than the staging deadline", async () => {
  // A key this API has not seen yet, so it is read from the store, not the sends' cache.
  const other = await createSender(stack.db);
  const blocker = new PgClient({ connectionString: stack.database.url });
  await blocker.connect();
  let res: ApiResponse;
  let waited: number;
  try {
    await blocker.query('BEGIN');
    await blocker.query('LOCK TABLE api_keys IN ACCESS EXCLUSIVE MODE');
    const started = Date.now();
    res = await send(stack, other.apiKey, testSendBody(stack, other.domain));
    waited = Date.now() - started;
  } finally {
    await blocker.query('ROLLBACK');
    await blocker.end();
  }
  expect({ status: res.status, body: res.json }).toEqual({
    status: 503,
    body: { success: false, error: 'service_unavailable', detail: expect.any(String) },
  });
  documented('/api/send/', 'post', res);
  // STAGING_TIMEOUT_MS (300 ms here), not the store's general deadline (DB_STATEMENT_TIMEOUT_MS, 15 s).
  expect(waited).toBeLessThan(3000);
  expect(await traces(other.account.id)).toEqual(NO_TRACES);
  expect((await send(stack, other.apiKey, testSendBody(stack, other.domain))).status).toBe(200);
});
