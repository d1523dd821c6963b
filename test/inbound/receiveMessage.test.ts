// receiveMessage against the real database: routing, the allowance counted with the insert, the
// SES source id, and a start that fails left for the relay.
import { createLogger } from '../../core/platform/logger';
import type { InboundWorkflows, ReceiveEmailInput } from '../../core/model/inbound';
import { receiveMessage } from '../../core/inbound/receiveMessage';
import { routeRecipient } from '../../core/inbound/routing';
import { createTestDatabase, type TestDatabase } from '../helpers/database';
import { createSender, uniqueName } from '../helpers/fixtures';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.drop();
});

const logger = createLogger('silent', 'test');
const RAW = Buffer.from('From: a@example.org\r\nTo: support@x\r\nSubject: hi\r\n\r\nhello\r\n');

function recordingWorkflows(fail = false): InboundWorkflows & { started: ReceiveEmailInput[] } {
  const started: ReceiveEmailInput[] = [];
  return {
    started,
    async startReceive(input) {
      if (fail) throw new Error('Temporal is away');
      started.push(input);
      return 'started';
    },
  };
}

async function inboundDomain(plan: string, rules: { match: string; kind: string }[]) {
  const db = database.db;
  const sender = await createSender(db, { plan });
  const domainRow = await db('domains').where({ account_id: sender.account.id }).first<{ id: string }>('id');
  const name = `in.${sender.domain}`;
  const [inbound] = await db('inbound_domains')
    .insert({ account_id: sender.account.id, domain_id: domainRow.id, name })
    .returning<{ id: string }[]>('id');
  const ruleIds: Record<string, string> = {};
  for (const r of rules) {
    const [row] = await db('inbound_rules')
      .insert({ account_id: sender.account.id, inbound_domain_id: inbound!.id, match: r.match, kind: r.kind })
      .returning<{ id: string }[]>('id');
    ruleIds[r.match] = row!.id;
  }
  return { sender, name, inboundDomainId: inbound!.id, ruleIds };
}

test('routes by precedence, refuses unknown domains and unmatched local parts', async () => {
  const { name, ruleIds } = await inboundDomain('growth', [
    { match: 'support', kind: 'address' },
    { match: 'reply+*', kind: 'tag' },
  ]);
  const db = database.db;
  expect(await routeRecipient(db, `Support@${name.toUpperCase()}`)).toMatchObject({
    kind: 'routed',
    ruleId: ruleIds.support,
  });
  expect(await routeRecipient(db, `reply+abc@${name}`)).toMatchObject({ kind: 'routed', ruleId: ruleIds['reply+*'] });
  expect(await routeRecipient(db, `nobody@${name}`)).toEqual({ kind: 'no_rule' });
  expect(await routeRecipient(db, `support@${uniqueName('other')}.example.com`)).toEqual({ kind: 'not_inbound' });
});

test('stores, counts and starts; an SES source id stored once; a failed start is left for the relay', async () => {
  const { sender, name } = await inboundDomain('growth', [{ match: '*', kind: 'catch_all' }]);
  const db = database.db;
  const workflows = recordingWorkflows();
  const deps = { db, workflows, logger, startTimeoutMs: 1000 };
  const first = await receiveMessage(deps, {
    source: 'mx',
    raw: RAW,
    envelopeFrom: 'a@example.org',
    recipient: `Who@${name}`,
  });
  expect(first.kind).toBe('accepted');
  expect(workflows.started).toHaveLength(1);
  const ses = { source: 'ses' as const, sourceId: 'm1:x', raw: RAW, envelopeFrom: '', recipient: `x@${name}` };
  const a = await receiveMessage(deps, ses);
  const b = await receiveMessage(deps, ses);
  expect(a.kind).toBe('accepted');
  expect(b).toEqual({ kind: 'duplicate', inboundId: a.kind === 'accepted' ? a.inboundId : '' });
  const failing = await receiveMessage({ ...deps, workflows: recordingWorkflows(true) }, { ...ses, sourceId: 'm2:x' });
  expect(failing.kind).toBe('accepted');
  const rows = await db('inbound_messages')
    .where({ account_id: sender.account.id })
    .select('envelope_to', 'started_at', 'size_bytes');
  expect(rows).toHaveLength(3);
  expect(rows.map((r) => r.envelope_to)).toContain(`who@${name}`);
  const usage = await db('inbound_usage').where({ account_id: sender.account.id }).first<{ count: number }>('count');
  expect(usage.count).toBe(3);
});

test('over the allowance nothing is stored or counted', async () => {
  const { sender, name } = await inboundDomain('growth', [{ match: '*', kind: 'catch_all' }]);
  const db = database.db;
  await db('plans').insert({
    name: 'tiny',
    shared_monthly_quota: 10,
    byoc_monthly_quota: 10,
    inbound_monthly_quota: 1,
  });
  await db('accounts').where({ id: sender.account.id }).update({ plan: 'tiny' });
  const deps = { db, workflows: recordingWorkflows(), logger, startTimeoutMs: 1000 };
  const input = { source: 'mx' as const, raw: RAW, envelopeFrom: 'a@example.org', recipient: `x@${name}` };
  expect((await receiveMessage(deps, input)).kind).toBe('accepted');
  expect(await routeRecipient(db, `x@${name}`)).toEqual({ kind: 'over_allowance' });
  expect(await receiveMessage(deps, input)).toEqual({ kind: 'refused', reason: 'over_allowance' });
  const free = await inboundDomain('free', [{ match: '*', kind: 'catch_all' }]);
  expect(await receiveMessage(deps, { ...input, recipient: `x@${free.name}` })).toEqual({
    kind: 'refused',
    reason: 'over_allowance',
  });
  expect(
    await db('inbound_messages').where({ account_id: sender.account.id }).count<{ count: string }[]>('* as count'),
  ).toEqual([{ count: '1' }]);
});
