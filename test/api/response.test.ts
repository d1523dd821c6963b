// The 200 response of POST /api/send/ and what acceptance puts into Temporal: one workflow
// `send-<message_id>` whose input and history hold ids and flags, never the message (claim check).
import { messageWorkflows } from '../../workflows/client';
import { QUEUED_MESSAGES, TEST_SEND_WARNING } from '../../core/sending/sendResponse';
import { createSender, uniqueName } from '../helpers/fixtures';
import { startServiceStack, type ServiceStack } from '../helpers/serviceStack';
import { addVerifiedDomain, configureByoc, setAdvisoryRecords } from './helpers/accounts';
import { send, testSendBody } from './helpers/http';
import { loadOpenApiCheck, type DocumentedCheck } from './helpers/openApi';
import { workflowCount } from './helpers/traces';

let stack: ServiceStack;
let documented: DocumentedCheck;

beforeAll(async () => {
  stack = await startServiceStack({ worker: false });
  documented = await loadOpenApiCheck(stack.baseUrl);
});
afterAll(async () => stack?.stop());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const simulator = () => `${uniqueName('success')}@${stack.config.simulatorDomain}`;
const attachment = (name: string, text: string) => ({
  filename: name,
  content: Buffer.from(text).toString('base64'),
  content_type: 'text/plain',
});

describe('shared mode', () => {
  test('a real send with no advisory records checked: the queued message and three DNS warnings', async () => {
    const s = await createSender(stack.db);
    const res = await send(stack, s.apiKey, testSendBody(stack, s.domain, { to: simulator() }));
    documented('/api/send/', 'post', res);
    expect(res.json).toEqual({
      success: true,
      message: QUEUED_MESSAGES.shared,
      message_id: expect.stringMatching(UUID),
      mode: 'shared',
      attachments: 0,
      warnings: [
        expect.stringContaining('SPF'),
        expect.stringContaining('DMARC'),
        expect.stringContaining('MAIL FROM'),
      ],
    });
  });

  test('all advisory records in place: no warnings for a real send, only the quota note for a test send', async () => {
    const s = await createSender(stack.db);
    await setAdvisoryRecords(stack.db, s.domain, { spf: true, dmarc: true, mailFrom: true });
    expect((await send(stack, s.apiKey, testSendBody(stack, s.domain, { to: simulator() }))).json.warnings).toEqual([]);
    expect((await send(stack, s.apiKey, testSendBody(stack, s.domain))).json.warnings).toEqual([TEST_SEND_WARNING]);
  });

  test('only DMARC missing, on a test send with attachments and an idempotency key', async () => {
    const s = await createSender(stack.db);
    await setAdvisoryRecords(stack.db, s.domain, { spf: true, dmarc: false, mailFrom: true });
    const res = await send(
      stack,
      s.apiKey,
      testSendBody(stack, s.domain, {
        idempotency_key: 'abc-1',
        attachments: [attachment('a.txt', 'A'), attachment('b.txt', 'B')],
      }),
    );
    expect(res.json).toMatchObject({
      mode: 'shared',
      attachments: 2,
      idempotency_key: 'abc-1',
      warnings: [expect.stringContaining('DMARC'), TEST_SEND_WARNING],
    });
  });
});

test('BYOC mode: its own confirmation, no warnings, the mode of the domain rather than the plan name', async () => {
  const s = await createSender(stack.db, { plan: 'growth', mode: 'byoc' });
  await configureByoc(stack.db, s.account.id);
  const res = await send(
    stack,
    s.apiKey,
    testSendBody(stack, s.domain, { to: simulator(), attachments: [attachment('a.txt', 'A')] }),
  );
  documented('/api/send/', 'post', res);
  expect(res.json).toEqual({
    success: true,
    message: QUEUED_MESSAGES.byoc,
    message_id: expect.stringMatching(UUID),
    mode: 'byoc',
    attachments: 1,
  });
});

test('one account with both modes: the response follows the sending domain', async () => {
  const s = await createSender(stack.db, { plan: 'pro', mode: 'shared' });
  const byocDomain = await addVerifiedDomain(stack.db, s.account.id, 'byoc');
  await configureByoc(stack.db, s.account.id);
  expect((await send(stack, s.apiKey, testSendBody(stack, s.domain, { to: simulator() }))).json.mode).toBe('shared');
  expect((await send(stack, s.apiKey, testSendBody(stack, byocDomain, { to: simulator() }))).json.mode).toBe('byoc');
});

/** Every string and every byte payload (decoded as UTF-8) in a history, joined. */
function readableText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value instanceof Uint8Array) return Buffer.from(value).toString('utf8');
  if (value && typeof value === 'object') return Object.values(value).map(readableText).join('\n');
  return '';
}

describe('claim check', () => {
  test.each(['shared', 'byoc'] as const)(
    '%s: the workflow send-<message_id> carries no recipient, subject, body or attachment',
    async (mode) => {
      const s = await createSender(stack.db, { plan: 'growth', mode });
      if (mode === 'byoc') await configureByoc(stack.db, s.account.id);
      const secrets = {
        to: `${uniqueName('private-person')}@${stack.config.simulatorDomain}`,
        subject: uniqueName('Quarterly numbers'),
        message: uniqueName('The margin is'),
        html: `<b>${uniqueName('bold secret')}</b>`,
      };
      const file = attachment(uniqueName('payroll') + '.csv', uniqueName('salary'));
      const res = await send(stack, s.apiKey, testSendBody(stack, s.domain, { ...secrets, attachments: [file] }));
      expect(res.status).toBe(200);
      const messageId = res.json.message_id as string;

      const handle = stack.temporal.workflow.getHandle(`send-${messageId}`);
      const description = await handle.describe();
      expect(description.type).toBe('sendEmail');
      expect(description.taskQueue).toBe(stack.config.temporal.taskQueue);
      const history = readableText(await handle.fetchHistory());
      expect(history).toContain(messageId); // the input is readable here, so the checks below can fail
      for (const value of [
        ...Object.values(secrets),
        file.filename,
        file.content,
        Buffer.from(secrets.subject).toString('base64'),
        Buffer.from(secrets.to).toString('base64'),
      ]) {
        expect(history).not.toContain(value);
      }
      // The content is staged, encrypted: the plain text is not in the staging row either.
      const staged = await stack.db('staged_messages').where({ message_id: messageId }).first<{ content: Buffer }>();
      expect(staged!.content.toString('latin1')).not.toContain(secrets.subject);
    },
  );
});

test('starting the same message twice is harmless: one workflow, the same run', async () => {
  const s = await createSender(stack.db);
  const res = await send(stack, s.apiKey, testSendBody(stack, s.domain));
  const messageId = res.json.message_id as string;
  const before = await stack.temporal.workflow.getHandle(`send-${messageId}`).describe();
  await messageWorkflows(stack.temporal, stack.config.temporal.taskQueue).startSend(
    {
      messageId,
      accountId: s.account.id,
      mode: 'shared',
      kind: 'test',
      testOutcome: 'delivered',
      outcomeTimeoutSeconds: 60,
    },
    Date.now() + 5000,
  );
  const after = await stack.temporal.workflow.getHandle(`send-${messageId}`).describe();
  expect(after.runId).toBe(before.runId);
  expect(await workflowCount(stack.temporal, s.account.id)).toBe(1);
});
