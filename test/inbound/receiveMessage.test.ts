// receiveMessage against the real database: routing, the allowance counted with the insert, the
// SES source id, a start that fails left for the relay, and the content its recipients share.
import { createLogger } from '../../core/platform/logger';
import type { InboundWorkflows, ReceiveEmailInput } from '../../core/model/inbound';
import { deleteInboundMessage, purgeReceivedBefore } from '../../core/inbound/inboundMessages';
import { parseAndStoreReceived } from '../../core/inbound/parseReceived';
import { receiveMessage } from '../../core/inbound/receiveMessage';
import { routeRecipient } from '../../core/inbound/routing';
import { receivedRaw, releaseContents } from '../../core/inbound/storedContent';
import { createTestDatabase, type TestDatabase } from '../helpers/database';
import { createSender, uniqueName } from '../helpers/fixtures';
import { eventually } from '../helpers/wait';

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

describe('one content for the messages that share it', () => {
  const contentOf = async (inboundId: string) =>
    (await database.db('inbound_messages').where({ id: inboundId }).first<{ content_ref: string }>('content_ref'))
      .content_ref;
  const contentExists = async (ref: string) =>
    (await database.db('inbound_contents').where({ id: ref }).first('id')) !== undefined;

  test('retention takes a message when it is old and the content with the last one that shares it', async () => {
    const { name } = await inboundDomain('growth', [{ match: '*', kind: 'catch_all' }]);
    const deps = { db: database.db, workflows: recordingWorkflows(), logger, startTimeoutMs: 1000 };
    const raw = Buffer.from(`From: a@example.org\r\nSubject: kept ${name}\r\n\r\nhello\r\n`);
    const ids: string[] = [];
    for (const recipient of [`old@${name}`, `new@${name}`]) {
      const outcome = await receiveMessage(deps, { source: 'mx', raw, envelopeFrom: 'a@example.org', recipient });
      ids.push(outcome.kind === 'accepted' ? outcome.inboundId : '');
    }
    const [oldId, newId] = ids as [string, string];
    const ref = await contentOf(oldId);
    expect(await contentOf(newId)).toBe(ref);
    await database
      .db('inbound_messages')
      .where({ id: oldId })
      .update({ received_at: new Date(Date.now() - 10 * 86_400_000) });
    expect(await purgeReceivedBefore(database.db, new Date(Date.now() - 5 * 86_400_000))).toBe(1);
    expect(await receivedRaw(database.db, newId)).toEqual(raw);
    expect(await purgeReceivedBefore(database.db, new Date(Date.now() + 60_000))).toBeGreaterThanOrEqual(1);
    expect(await contentExists(ref)).toBe(false);
  });

  test('the same bytes received while the last message naming them is deleted: stored again, readable', async () => {
    const { sender, name } = await inboundDomain('growth', [{ match: '*', kind: 'catch_all' }]);
    const deps = { db: database.db, workflows: recordingWorkflows(), logger, startTimeoutMs: 1000 };
    const raw = Buffer.from(`From: a@example.org\r\nSubject: again ${name}\r\n\r\nhello\r\n`);
    const input = { source: 'mx' as const, raw, envelopeFrom: 'a@example.org', recipient: `x@${name}` };
    const first = await receiveMessage(deps, input);
    const firstId = first.kind === 'accepted' ? first.inboundId : '';
    const ref = await contentOf(firstId);
    // The deletion holds its transaction open after releasing the content; the receive meets it.
    const trx = await database.db.transaction();
    await trx('inbound_messages').where({ id: firstId }).delete();
    await releaseContents(trx, [ref]);
    const receiving = receiveMessage(deps, { ...input, recipient: `y@${name}` });
    await new Promise((r) => setTimeout(r, 300));
    await trx.commit();
    const second = await receiving;
    expect(second.kind).toBe('accepted');
    const secondId = second.kind === 'accepted' ? second.inboundId : '';
    expect(await contentExists(ref)).toBe(false);
    expect(await contentOf(secondId)).not.toBe(ref);
    expect(await receivedRaw(database.db, secondId)).toEqual(raw);
    expect(
      await database.db('inbound_contents').where({ account_id: sender.account.id }).count<{ n: string }[]>({ n: '*' }),
    ).toEqual([{ n: '1' }]);
  });

  test('a message deleted while its parse is being stored: the delete and the parse both end without error', async () => {
    const { sender, name } = await inboundDomain('growth', [{ match: '*', kind: 'catch_all' }]);
    const db = database.db;
    const deps = { db, workflows: recordingWorkflows(), logger, startTimeoutMs: 1000 };
    const raw = Buffer.from(
      [
        'From: a@example.org',
        `Subject: deleted ${name}`,
        'MIME-Version: 1.0',
        'Content-Type: multipart/mixed; boundary="b"',
        '',
        '--b',
        'Content-Type: text/plain',
        '',
        'hello',
        '--b',
        'Content-Type: application/octet-stream',
        'Content-Disposition: attachment; filename="a.bin"',
        'Content-Transfer-Encoding: base64',
        '',
        'AAECAw==',
        '--b--',
        '',
      ].join('\r\n'),
    );
    const outcome = await receiveMessage(deps, {
      source: 'mx',
      raw,
      envelopeFrom: 'a@example.org',
      recipient: `x@${name}`,
    });
    const inboundId = outcome.kind === 'accepted' ? outcome.inboundId : '';
    const ref = await contentOf(inboundId);
    // The parse stops while it stores its content's attachments, until the test lets it go on.
    await db.raw(`CREATE FUNCTION hold_parse() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN PERFORM pg_advisory_xact_lock_shared(46046); RETURN NEW; END $$`);
    await db.raw(`CREATE TRIGGER hold_parse BEFORE INSERT ON inbound_content_attachments
      FOR EACH ROW EXECUTE FUNCTION hold_parse()`);
    const waiting = (count: number) => async () => {
      const { rows } = await db.raw<{ rows: { n: number }[] }>(
        `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
      );
      return rows[0]!.n >= count ? true : undefined;
    };
    const gate = await db.transaction();
    try {
      await gate.raw('SELECT pg_advisory_xact_lock(46046)');
      const parsing = parseAndStoreReceived(db, inboundId);
      await eventually('the parse held at its attachments', waiting(1));
      const deleting = deleteInboundMessage(db, sender.account.id, inboundId, [], 'test');
      await eventually('the delete waiting', waiting(2));
      await gate.commit();
      const [parsed, deleted] = await Promise.allSettled([parsing, deleting]);
      expect(parsed.status).toBe('fulfilled');
      expect(deleted).toEqual({ status: 'fulfilled', value: true });
      expect(await db('inbound_messages').where({ id: inboundId }).first('id')).toBeUndefined();
      expect(await contentExists(ref)).toBe(false);
    } finally {
      if (!gate.isCompleted()) await gate.rollback();
      await db.raw('DROP TRIGGER hold_parse ON inbound_content_attachments');
      await db.raw('DROP FUNCTION hold_parse()');
    }
  });
});
