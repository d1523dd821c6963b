// The local stack keeps the raw MIME SES received (tools/stack/sesRecorder.ts): a send through the
// API is readable, headers and all, by its provider message id, while the emulator's own /store
// still answers through the recorder.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { sesEmulatorStore } from '../../tools/stack/sesEmulator';
import { startSesRecorder } from '../../tools/stack/sesRecorder';
import { send } from '../api/helpers/http';
import { testInfra } from '../helpers/env';
import { createSender } from '../helpers/fixtures';
import { rawHeaders, sesRawMessage, sesRawMessageOf } from '../helpers/sesRaw';
import { startServiceStack, type ServiceStack } from '../helpers/serviceStack';

let stack: ServiceStack;
beforeAll(async () => {
  stack = await startServiceStack();
}, 120_000);
afterAll(async () => {
  await stack?.stop();
});

test('a sent message is kept as SES received it, listed at /raw and served at /raw/{id}', async () => {
  const sender = await createSender(stack.db);
  const to = `success+${randomUUID().slice(0, 8)}@${stack.config.simulatorDomain}`;
  const subject = `Recorded ${randomUUID()}`;
  const res = await send(stack, sender.apiKey, { from_email: `hello@${sender.domain}`, to, subject, message: 'Hi.' });
  expect(res.status).toBe(200);
  const messageId = String(res.json.message_id);

  const raw = await sesRawMessageOf(stack, messageId);
  const headers = rawHeaders(raw);
  expect(headers.get('x-postage-message-id')).toEqual([messageId]);
  expect(headers.get('subject')).toEqual([subject]);
  expect(headers.get('to')).toEqual([to]);

  const row = await stack.db('email_log').where({ message_id: messageId }).first<{ provider_message_id: string }>();
  const list = (await (await fetch(`${testInfra().sesEndpoint}/raw`)).json()) as {
    messages: { messageId: string; size: number; from: string; destination: string[] }[];
  };
  expect(list.messages.find((m) => m.messageId === row!.provider_message_id)).toEqual(
    expect.objectContaining({ size: Buffer.byteLength(raw), from: `hello@${sender.domain}`, destination: [to] }),
  );
  const one = await fetch(`${testInfra().sesEndpoint}/raw/${row!.provider_message_id}`);
  expect(one.headers.get('content-type')).toBe('message/rfc822');
  expect(await sesRawMessage(stack, 'no-such-message')).toBeUndefined();

  // The emulator's parsed store is still there, through the recorder.
  expect((await sesEmulatorStore(testInfra().sesEndpoint)).some((e) => e.subject === subject)).toBe(true);
});

/** A GET to a recorder on loopback with the Host header given (fetch cannot set it). */
function get(port: number, path: string, host = `127.0.0.1:${port}`): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, headers: { host }, timeout: 10_000 }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      })
      .on('error', reject);
  });
}

test('a malformed id is a 400 (the hosting process lives on), and a request for another Host is refused', async () => {
  const recorder = await startSesRecorder({ upstream: testInfra().sesEndpoint });
  try {
    const port = Number(new URL(recorder.endpoint).port);
    expect(await get(port, '/raw/%E0')).toBe(400);
    expect(await get(port, '/raw')).toBe(200);
    expect(await get(port, '/raw', `localhost:${port}`)).toBe(200);
    // DNS rebinding: a page of rebound.example whose name now points at 127.0.0.1.
    expect(await get(port, '/raw', `rebound.example:${port}`)).toBe(421);
    expect(await get(port, '/raw/x', 'rebound.example')).toBe(421);
  } finally {
    await recorder.close();
  }
});
