// The receive workflow's record step after its parse step gave up (docs/inbound.md, "How a message
// is received"). The parse step's tries are few, so that a message killing its worker stops; the
// workflow runs the step again when it failed on PostgreSQL, but a step whose tries failed on
// PostgreSQL and whose last try's worker was killed ends as a worker's death. The fault suite found
// such a message announced without its content and never marked started (the relay would start it
// for ever, and 50 of them hide every newer unstarted message from it). No try reached it, so it
// cannot be one that kills workers: the record step parses it (marking it started first, so a
// death there is not repeated). A message whose parse began and never ended is not parsed again.
import MailComposer from 'nodemailer/lib/mail-composer';
import { relayUnstartedReceived } from '../../core/inbound/inboundRelay';
import { receiveMessage } from '../../core/inbound/receiveMessage';
import { recordReceived } from '../../core/inbound/recordReceived';
import { contentColumn, messagesWithContent } from '../../core/inbound/storedContent';
import type { InboundWorkflows } from '../../core/model/inbound';
import { createLogger } from '../../core/platform/logger';
import { createTestDatabase, type TestDatabase } from '../helpers/database';
import { createInbound, type InboundFixture } from './fixtures';

let database: TestDatabase;
let inbound: InboundFixture;
/** Starts nothing: the rows stay as a start that never ran leaves them. */
const starts: string[] = [];
const workflows: InboundWorkflows = {
  startReceive: async (input) => {
    starts.push(input.inboundId);
    return 'exists';
  },
};

beforeAll(async () => {
  database = await createTestDatabase();
  inbound = await createInbound(database.db, { rules: [{ match: '*', kind: 'catch_all' }] });
});

afterAll(async () => {
  await database?.drop();
});

async function received(subject: string): Promise<string> {
  const raw = await new MailComposer({
    from: 'Ann <ann@sender.test>',
    to: `desk@${inbound.domain}`,
    subject,
    text: 'Where is my order?',
  })
    .compile()
    .build();
  const outcome = await receiveMessage(
    { db: database.db, workflows, logger: createLogger('silent', 'test'), startTimeoutMs: 1_000 },
    { source: 'mx', raw, envelopeFrom: 'ann@sender.test', recipient: `desk@${inbound.domain}`, clientIp: '127.0.0.1' },
  );
  if (outcome.kind !== 'accepted') throw new Error(`not accepted: ${outcome.kind}`);
  return outcome.inboundId;
}

const row = (id: string) =>
  messagesWithContent(database.db)
    .where('m.id', id)
    .first<{ started_at: Date | null; recorded_at: Date | null; subject: string | null; parsed: unknown }>(
      'm.started_at',
      'm.recorded_at',
      contentColumn(database.db, 'subject'),
      contentColumn(database.db, 'parsed'),
    );

test('a message the parse step never reached is parsed when recorded, and the relay leaves it alone', async () => {
  const id = await received('Order 1234');
  expect(await row(id)).toMatchObject({ started_at: null, parsed: null });

  // What the workflow does once parsing gave up: the record step.
  const result = await recordReceived(database.db, id);
  expect(result.gone).toBe(false);
  const after = await row(id);
  expect(after).toMatchObject({ subject: 'Order 1234' });
  expect(after!.started_at).not.toBeNull();
  expect(after!.recorded_at).not.toBeNull();
  expect(after!.parsed).toMatchObject({ subject: 'Order 1234', text: expect.stringContaining('Where is my order?') });

  // Older than any start could take, and still not started again.
  await database
    .db('inbound_messages')
    .where({ id })
    .update({ received_at: new Date(Date.now() - 3_600_000) });
  starts.length = 0;
  await relayUnstartedReceived(database.db, workflows, { olderThanSeconds: 30, limit: 50, startTimeoutMs: 1_000 });
  expect(starts).not.toContain(id);
});

test('a message whose parse began and never ended is recorded without parsing it again', async () => {
  const id = await received('Order 5678');
  // The parse step marked it started, then its worker died on it every time.
  await database.db('inbound_messages').where({ id }).update({ started_at: database.db.fn.now() });
  await recordReceived(database.db, id);
  const after = await row(id);
  expect(after!.recorded_at).not.toBeNull();
  expect(after).toMatchObject({ parsed: null, subject: null });
});
