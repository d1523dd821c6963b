// The accept outbox (core/sending/acceptOutbox.ts) against the real stack: the API commits an
// accepted message first and starts its workflow after, with no lock held. These tests take the
// API's accepting code to the two moments a plain test of the HTTP route cannot reach: the
// process dying between the commit and the start, and a start that did happen but answered too
// late.
import type { MessageWorkflows } from '../../core/model/workflowContract';
import { sendWorkflowId } from '../../core/model/workflowContract';
import { acceptMessage, type AcceptInput } from '../../core/sending/acceptMessage';
import { relayStaleAcceptances } from '../../core/sending/acceptOutbox';
import { getLogRow } from '../../core/sending/emailLog';
import { messageWorkflows } from '../../workflows/client';
import { createSender, type SenderFixture } from '../helpers/fixtures';
import { startServiceStack, type ServiceStack } from '../helpers/serviceStack';
import { eventually } from '../helpers/wait';
import { tracesOf } from './helpers/traces';

let stack: ServiceStack;
let sender: SenderFixture;
let workflows: MessageWorkflows;

beforeAll(async () => {
  stack = await startServiceStack();
  sender = await createSender(stack.db);
  workflows = messageWorkflows(stack.temporal, stack.config.temporal.taskQueue);
});
afterAll(async () => {
  await stack?.stop();
});

function testMessage(onId: (id: string) => void): AcceptInput {
  return {
    accountId: sender.account.id,
    monthlyLimit: 1000,
    workflow: { mode: 'shared', kind: 'test', testOutcome: 'delivered' },
    content: {
      to: { address: `delivered@${stack.config.testDomain}`, name: '' },
      from: { address: `hi@${sender.domain}`, name: '' },
      subject: 'Outbox',
      text: 'hello',
    },
    attachments: [],
    response: (messageId) => {
      onId(messageId);
      return { message_id: messageId };
    },
  };
}

const outboxRows = async () =>
  Number(
    (
      await stack
        .db('accept_outbox')
        .where({ account_id: sender.account.id })
        .count<{ count: string }[]>({ count: '*' })
    )[0]!.count,
  );
const delivered = (messageId: string) =>
  eventually(`${messageId} delivered`, async () =>
    (await getLogRow(stack.db, messageId))?.status === 'delivered' ? true : undefined,
  );

test('the process dies between the commit and the start: the relay starts the message, once', async () => {
  const before = await tracesOf(stack, sender.account.id);
  let messageId = '';
  // A start that never returns: as far as anyone can tell, the API died right after committing.
  const dead: MessageWorkflows = { ...workflows, startSend: () => new Promise<never>(() => undefined) };
  void acceptMessage(
    { db: stack.db, config: stack.config, workflows: dead },
    testMessage((id) => (messageId = id)),
  );
  await eventually('the commit', async () => ((await outboxRows()) === 1 ? true : undefined));

  // Too young for the relay: a start may still be under way.
  expect(
    await relayStaleAcceptances(stack.db, workflows, { olderThanSeconds: 60, limit: 10, startTimeoutMs: 5000 }),
  ).toBe(0);
  expect(await outboxRows()).toBe(1);

  expect(
    await relayStaleAcceptances(stack.db, workflows, { olderThanSeconds: 0, limit: 10, startTimeoutMs: 5000 }),
  ).toBe(1);
  expect(await outboxRows()).toBe(0);
  await delivered(messageId);
  const after = await tracesOf(stack, sender.account.id);
  expect({
    counted: after.counted - before.counted,
    workflows: after.workflows - before.workflows,
    logRows: after.logRows - before.logRows,
  }).toEqual({ counted: 1, workflows: 1, logRows: 1 });
});

test('a row whose workflow already ran is not run again by the relay', async () => {
  let messageId = '';
  const result = await acceptMessage(
    { db: stack.db, config: stack.config, workflows },
    testMessage((id) => (messageId = id)),
  );
  expect(result.ok).toBe(true);
  await delivered(messageId);
  // Put its row back, as if the relay had found it before the workflow took it.
  await stack.db('accept_outbox').insert({
    message_id: messageId,
    account_id: sender.account.id,
    workflow_input: JSON.stringify({
      messageId,
      accountId: sender.account.id,
      mode: 'shared',
      kind: 'test',
      testOutcome: 'delivered',
      outcomeTimeoutSeconds: 60,
    }),
  });
  expect(
    await relayStaleAcceptances(stack.db, workflows, { olderThanSeconds: 0, limit: 10, startTimeoutMs: 5000 }),
  ).toBe(0);
  expect(await outboxRows()).toBe(0);
  const runs = [];
  for await (const run of stack.temporal.workflow.list({ query: `WorkflowId = '${sendWorkflowId(messageId)}'` }))
    runs.push(run);
  expect(runs).toHaveLength(1);
});

test('a start that happened but answered too late: the workflow took the message first, so it is accepted', async () => {
  const before = await tracesOf(stack, sender.account.id);
  let messageId = '';
  const late: MessageWorkflows = {
    ...workflows,
    async startSend(input, deadline) {
      await workflows.startSend(input, deadline);
      // The workflow confirms the message while the answer is lost on the way back.
      await eventually('the workflow to take the outbox row', async () =>
        (await stack.db('accept_outbox').where({ message_id: input.messageId }).first()) ? undefined : true,
      );
      throw new Error('deadline exceeded');
    },
  };
  const result = await acceptMessage(
    { db: stack.db, config: stack.config, workflows: late },
    testMessage((id) => (messageId = id)),
  );
  expect(result).toMatchObject({ ok: true, messageId });
  await delivered(messageId);
  const after = await tracesOf(stack, sender.account.id);
  expect({ counted: after.counted - before.counted, workflows: after.workflows - before.workflows }).toEqual({
    counted: 1,
    workflows: 1,
  });
});

test('a start that failed: the message, its count and its staged content are given back (502 queue_error)', async () => {
  const before = await tracesOf(stack, sender.account.id);
  const down: MessageWorkflows = { ...workflows, startSend: () => Promise.reject(new Error('unavailable')) };
  const result = await acceptMessage(
    { db: stack.db, config: stack.config, workflows: down },
    testMessage(() => undefined),
  );
  expect(result).toMatchObject({ ok: false, code: 'queue_error' });
  expect(await tracesOf(stack, sender.account.id)).toEqual(before);
  expect(await outboxRows()).toBe(0);
  const daily = await stack
    .db('usage_daily')
    .where({ account_id: sender.account.id })
    .sum<{ sum: string }[]>({ sum: 'count' });
  expect(Number(daily[0]!.sum)).toBe(before.counted);
});
