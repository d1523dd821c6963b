// postage-admin inbound list: received messages across accounts, newest first, filtered by account
// and by domain, with where each is in its workflow. Messages are received through the receive use
// case itself (core/inbound/receiveMessage.ts), with a workflow starter that only says "started".
import { createAccount } from '../../core/accounts/accounts';
import { addDomain, markDomainVerified } from '../../core/domains/domains';
import { createInboundDomain } from '../../core/inbound/inboundDomains';
import { createInboundRule } from '../../core/inbound/inboundRules';
import { receiveMessage } from '../../core/inbound/receiveMessage';
import { createLogger } from '../../core/platform/logger';
import { createTestDatabase, type TestDatabase } from '../helpers/database';
import { TEST_SECRET_KEY } from '../helpers/config';
import { cliFor, ok, runCli, type Cli } from './cliHarness';

let database: TestDatabase;
let cli: Cli;
const ids: Record<string, string> = {};

async function receiver(email: string, domain: string): Promise<void> {
  const db = database.db;
  const account = await createAccount(db, { email, name: email, plan: 'growth', verified: true }, 'test');
  await addDomain(db, { accountId: account.id, name: domain, mode: 'shared' }, 'test');
  await markDomainVerified(db, domain, 'test');
  for (const name of [domain, `reply.${domain}`]) {
    const inbound = await createInboundDomain(db, { accountId: account.id, name }, 'test');
    await createInboundRule(db, inbound, { match: '*' }, 'test');
  }
}

async function receive(to: string, subject: string): Promise<string> {
  const outcome = await receiveMessage(
    {
      db: database.db,
      workflows: { startReceive: async () => 'started' },
      logger: createLogger('silent', 'test'),
      startTimeoutMs: 1000,
    },
    {
      source: 'mx',
      raw: Buffer.from(`From: ann@example.org\r\nTo: ${to}\r\nSubject: ${subject}\r\n\r\nHello\r\n`),
      envelopeFrom: 'ann@example.org',
      recipient: to,
      clientIp: '192.0.2.1',
    },
  );
  if (outcome.kind !== 'accepted') throw new Error(`not accepted: ${JSON.stringify(outcome)}`);
  return outcome.inboundId;
}

beforeAll(async () => {
  database = await createTestDatabase();
  cli = cliFor({ DATABASE_URL: database.url });
  await receiver('one@example.com', 'one.example');
  await receiver('two@example.com', 'two.example');
  ids.first = await receive('support@one.example', 'First');
  ids.second = await receive('Help@Reply.One.Example', 'Second');
  ids.third = await receive('hi@two.example', 'Third');
  // The first one's workflow recorded it; the second's started; the third waits for the relay.
  // A minute apart, so the order does not depend on the clock's resolution.
  const at = (minutes: number) => new Date(Date.now() - minutes * 60_000);
  await database
    .db('inbound_messages')
    .where({ id: ids.first })
    .update({
      received_at: at(3),
      started_at: at(3),
      recorded_at: at(3),
      // What the workflow's parse and check steps write.
      subject: 'First',
      from_address: 'ann@example.org',
      verdicts: JSON.stringify({ spf: 'pass', dkim: 'none', dmarc: 'fail', arc: 'none' }),
    });
  await database
    .db('inbound_messages')
    .where({ id: ids.second })
    .update({ received_at: at(2), started_at: at(2) });
  await database
    .db('inbound_messages')
    .where({ id: ids.third })
    .update({ received_at: at(1) });
});
afterAll(async () => database?.drop());

test('inbound list: every account’s received messages, newest first, with where each is in its workflow', async () => {
  const listed = ok(await cli(['inbound', 'list']));
  expect(listed.json.map((r: { id: string }) => r.id)).toEqual([ids.third, ids.second, ids.first]);
  expect(listed.json[1]).toMatchObject({
    accountEmail: 'one@example.com',
    domain: 'reply.one.example',
    envelopeTo: 'help@reply.one.example',
    envelopeFrom: 'ann@example.org',
    source: 'mx',
    attachments: 0,
    progress: 'started',
  });
  expect(listed.json.map((r: { progress: string }) => r.progress)).toEqual(['waiting', 'started', 'recorded']);
});

test('inbound list --account and --domain narrow it; --limit bounds it', async () => {
  const mine = ok(await cli(['inbound', 'list', '--account', 'one@example.com']));
  expect(mine.json.map((r: { id: string }) => r.id)).toEqual([ids.second, ids.first]);
  const domain = ok(await cli(['inbound', 'list', '--domain', 'One.Example']));
  expect(domain.json.map((r: { id: string }) => r.id)).toEqual([ids.first]);
  const both = ok(await cli(['inbound', 'list', '--account', 'two@example.com', '--domain', 'one.example']));
  expect(both.json).toEqual([]);
  expect(ok(await cli(['inbound', 'list', '--limit', '1'])).json).toHaveLength(1);
});

test('the text form is a table; an unknown account is a one-line error', async () => {
  const text = await runCli(['inbound', 'list', '--account', 'one@example.com'], {
    NODE_ENV: 'test',
    DATABASE_URL: database.url,
    POSTAGE_SECRET_KEY: TEST_SECRET_KEY,
  });
  expect(text.code).toBe(0);
  const lines = text.stdout.trim().split('\n');
  expect(lines[0]).toMatch(/^received\s+id\s+account\s+to\s+from\s+subject\s+size\s+files\s+checks\s+state$/);
  expect(lines.slice(1).map((l) => l.split(/\s+/)[1])).toEqual([ids.second, ids.first]);
  // Not parsed yet: no subject, no checks.
  expect(lines[1]).toMatch(/ann@example\.org\s+-\s+\d+\s+0\s+-\s+started$/);
  expect(lines[2]).toMatch(/ann@example\.org\s+First\s+\d+\s+0\s+spf=pass dkim=none dmarc=fail\s+recorded$/);
  const unknown = await cli(['inbound', 'list', '--account', 'nobody@example.com']);
  expect(unknown.code).toBe(1);
  expect(unknown.stderr).toBe('postage-admin: no account nobody@example.com\n');
});

test('inbound domains: every inbound domain with its account, the MX record to publish and what the last check found', async () => {
  await database
    .db('inbound_domains')
    .where({ name: 'one.example' })
    .update({ mx_verified_at: new Date(), mx_checked_at: new Date() });
  const all = ok(await cli(['inbound', 'domains'], { INBOUND_MX_HOST: 'mx.postage.test' }));
  expect(all.json.map((d: { name: string }) => d.name)).toEqual([
    'one.example',
    'reply.one.example',
    'reply.two.example',
    'two.example',
  ]);
  expect(all.json[0]).toMatchObject({
    domain: 'one.example',
    accountEmail: 'one@example.com',
    mx: '10 mx.postage.test',
    rules: 1,
    mxVerifiedAt: expect.any(String),
  });
  const theirs = ok(await cli(['inbound', 'domains', '--account', 'two@example.com']));
  expect(theirs.json.map((d: { name: string }) => d.name)).toEqual(['reply.two.example', 'two.example']);
  expect(theirs.json[0].mx).toBe('10 localhost');
});
