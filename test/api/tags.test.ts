// Tags on sends: checked like SES checks message tags, kept with a shared message's log row, shown
// and filtered by the email API, echoed in the message's webhook payloads, and passed to SES as
// message tags. (BYOC: test/pipeline/byocPrivacy.test.ts finds none kept.)
import { buildSendEmailInput } from '../../core/ses/rawMessages';
import { createEndpoint, createSender } from '../helpers/fixtures';
import { startServiceStack, type ServiceStack } from '../helpers/serviceStack';
import { eventually } from '../helpers/wait';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhookReceiver';
import { call, send, testSendBody } from './helpers/http';
import { loadOpenApiCheck, type DocumentedCheck } from './helpers/openApi';
import { createApiKey } from '../../core/accounts/apiKeys';

let stack: ServiceStack;
let receiver: WebhookReceiver;
let documented: DocumentedCheck;

beforeAll(async () => {
  [stack, receiver] = await Promise.all([startServiceStack(), startWebhookReceiver()]);
  documented = await loadOpenApiCheck(stack.baseUrl);
});
afterAll(async () => {
  await stack?.stop();
  await receiver?.close();
});

test('tags are kept with the log row, shown, filtered with ?tag=name:value and echoed in every webhook of the message', async () => {
  const s = await createSender(stack.db);
  const { signingSecret } = await createEndpoint(stack.db, stack.config.secretKey, s.account.id, receiver.url, [
    'email.sent',
    'email.delivered',
  ]);
  receiver.setSecret(signingSecret);
  const { secret } = await createApiKey(
    stack.db,
    { accountId: s.account.id, name: 'admin', permission: 'full_access' },
    'test',
  );
  const admin = (path: string) => call(`${stack.baseUrl}${path}`, { headers: { 'X-API-Key': secret } });

  const tagged = await send(
    stack,
    s.apiKey,
    testSendBody(stack, s.domain, { tags: { campaign: 'spring-2026', user_id: '42' } }),
  );
  const plain = await send(stack, s.apiKey, testSendBody(stack, s.domain));
  expect([tagged.status, plain.status]).toEqual([200, 200]);
  const id = String(tagged.json.message_id);

  const shown = await eventually('the log row', async () => {
    const res = await admin(`/api/emails/${id}`);
    return res.status === 200 ? res : undefined;
  });
  documented('/api/emails/{message_id}', 'get', shown);
  expect((shown.json.email as { tags: unknown }).tags).toEqual({ campaign: 'spring-2026', user_id: '42' });

  const filtered = await admin('/api/emails?tag=campaign:spring-2026');
  documented('/api/emails', 'get', filtered);
  expect((filtered.json.emails as { message_id: string }[]).map((e) => e.message_id)).toEqual([id]);
  expect(((await admin('/api/emails?tag=campaign:autumn')).json.emails as unknown[]).length).toBe(0);
  const bad = await admin('/api/emails?tag=campaign');
  expect([bad.status, Object.keys(bad.json.errors as object)]).toEqual([400, ['tag']]);

  for (const event of ['email.sent', 'email.delivered']) {
    const got = await receiver.waitFor((r) => r.rawBody.includes(id) && r.rawBody.includes(event));
    expect((got.json as { payload: { tags?: unknown } }).payload.tags).toEqual({
      campaign: 'spring-2026',
      user_id: '42',
    });
  }
  const untagged = await receiver.waitFor((r) => r.rawBody.includes(String(plain.json.message_id)));
  expect((untagged.json as { payload: object }).payload).not.toHaveProperty('tags');
});

test('tags are checked as SES checks message tags: at most 10, names and values of 1 to 256 letters, digits, _ or -', async () => {
  const s = await createSender(stack.db);
  const eleven = Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`t${i}`, 'x']));
  for (const tags of [
    eleven,
    { 'bad name': 'x' },
    { name: 'bad value!' },
    { name: '' },
    { name: 'x'.repeat(257) },
    { name: 1 },
    ['x'],
  ]) {
    const res = await send(stack, s.apiKey, testSendBody(stack, s.domain, { tags }));
    expect({
      tags,
      status: res.status,
      fields: Object.keys((res.json.errors as object) ?? {}).every((f) => f.startsWith('tags')),
    }).toEqual({ tags, status: 400, fields: true });
  }
  expect((await send(stack, s.apiKey, testSendBody(stack, s.domain, { tags: { a: 'b' } }))).status).toBe(200);
});

test('SES receives the tags as message tags', async () => {
  const input = await buildSendEmailInput(
    'm-1',
    {
      to: { address: 'a@example.org', name: '' },
      from: { address: 'b@example.org', name: '' },
      subject: 'Hi',
      text: 'x',
      tags: { campaign: 'spring' },
    },
    [],
  );
  expect(input.EmailTags).toEqual([{ Name: 'campaign', Value: 'spring' }]);
  const none = await buildSendEmailInput(
    'm-2',
    {
      to: { address: 'a@example.org', name: '' },
      from: { address: 'b@example.org', name: '' },
      subject: 'Hi',
      text: 'x',
    },
    [],
  );
  expect(none).not.toHaveProperty('EmailTags');
});
