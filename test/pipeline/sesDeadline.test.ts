// A slow SES must not make Postage send an email twice. The SES call has its own deadline
// (SES_SEND_TIMEOUT_MS), shorter than the send activity's timeout, that really aborts the request:
// a retry never overlaps an attempt still in flight. The proxy holds the first SendEmail longer
// than the activity's timeout and passes it on only if the client is still waiting, as an SES
// that has not yet accepted the message would.
import { randomUUID } from 'node:crypto';
import { getLogRow } from '../../core/sending/emailLog';
import { sesEmulatorStore } from '../../tools/stack/sesEmulator';
import { send } from '../api/helpers/http';
import { testInfra } from '../helpers/env';
import { createSender, type SenderFixture } from '../helpers/fixtures';
import { attemptsOf } from '../helpers/pipeline';
import { startSesFaultProxy, type SesFaultProxy } from '../helpers/sesFaults';
import { startServiceStack, type ServiceStack } from '../helpers/serviceStack';
import { eventually } from '../helpers/wait';

let proxy: SesFaultProxy;
let stack: ServiceStack;
let sender: SenderFixture;

beforeAll(async () => {
  proxy = await startSesFaultProxy(testInfra().sesEndpoint);
  stack = await startServiceStack({ env: { SES_ENDPOINT: proxy.endpoint, SES_SEND_TIMEOUT_MS: '2000', OUTCOME_TIMEOUT_SECONDS: '1' } });
  sender = await createSender(stack.db);
});

afterAll(async () => {
  await stack?.stop();
  await proxy?.close();
});

test('SES answering after the activity timeout: the call is aborted, retried once, and exactly one copy is sent', async () => {
  const to = `slow-${randomUUID()}@example.org`;
  proxy.script(to, [{ kind: 'delay', ms: 65_000 }]); // longer than the send activity's 60 s
  const res = await send(stack, sender.apiKey, { from_email: `hello@${sender.domain}`, to, subject: `Slow ${to}`, message: 'Hello.' });
  expect(res.status).toBe(200);
  const messageId = res.json.message_id as string;

  const row = await eventually('the message to settle', async () => {
    const r = await getLogRow(stack.db, messageId);
    return r?.status === 'sent' ? r : undefined;
  }, 90_000);
  expect(row.provider_message_id).toEqual(expect.any(String));
  await proxy.idle();
  expect({ attempts: proxy.attempts(to), abandoned: proxy.abandoned(to) }).toEqual({ attempts: 2, abandoned: 1 });
  const copies = (await sesEmulatorStore(testInfra().sesEndpoint)).filter((m) => m.destination.to.includes(to));
  expect(copies).toHaveLength(1);
  expect(await attemptsOf(stack.temporal.workflow.getHandle(`send-${messageId}`), 'sendViaSes')).toEqual([2]);
}, 120_000);
