// Exporting an address's data (docs/privacy.md, "Exporting an address's data"), on the real stack:
// two people's mail (sent, bounced, scheduled, suppressed, received, with webhook deliveries) in
// one account; each one's export holds every record of theirs and none of the other's; the
// document is downloaded through its signed link without a session, and only while the link is
// good; owners and admins may ask, developers and keys may not, and another account sees nothing.
// The address reaches neither the audit log, nor the service's logs, nor the stored ciphertext.
import { Writable } from 'node:stream';
import { createApiKey } from '../../core/accounts/apiKeys';
import { insertMemberUser } from '../../core/accounts/members';
import { hashPassword } from '../../core/accounts/passwords';
import { createInboundDomain } from '../../core/inbound/inboundDomains';
import { createInboundRule } from '../../core/inbound/inboundRules';
import { listAudit } from '../../core/platform/audit';
import { signExportLink } from '../../core/privacy/exportLinks';
import { buildAddressDocument } from '../../core/privacy/exportDocument';
import { purgeExpiredExports } from '../../core/privacy/addressExports';
import { createEndpoint, uniqueName, type SenderFixture } from '../helpers/fixtures';
import { receiveRecorded } from '../helpers/inbound';
import { startServiceStack, type ServiceStack } from '../helpers/serviceStack';
import { eventually } from '../helpers/wait';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhookReceiver';
import { call, send, type ApiResponse } from '../api/helpers/http';
import { loadOpenApiCheck, type DocumentedCheck } from '../api/helpers/openApi';
import { keyRequest, signedInTeam, WebClient } from '../management/helpers';

const PASSWORD = 'an export-test password';
let stack: ServiceStack;
let receiver: WebhookReceiver;
let documented: DocumentedCheck;
let team: { sender: SenderFixture; owner: WebClient };
let passwordHash: string;
const logs: string[] = [];

/** One person's records in the account, by kind. */
interface Person {
  address: string;
  sent: string[];
  inboundId: string;
}
let alice: Person;
let bob: Person;

/** A local URL for a download link (BASE_URL names another host in the tests). */
const local = (url: string) => `${stack.baseUrl}${new URL(url).pathname}`;

async function member(role: 'admin' | 'developer'): Promise<WebClient> {
  const email = `${uniqueName(role)}@example.org`;
  await insertMemberUser(stack.db, { accountId: team.sender.account.id, email, passwordHash, role });
  const client = new WebClient(stack.baseUrl);
  expect((await client.signIn(email, PASSWORD)).status).toBe(200);
  return client;
}

async function sent(to: string, extra: Record<string, unknown> = {}): Promise<string> {
  const res = await send(stack, team.sender.apiKey, {
    from_email: `hello@${team.sender.domain}`,
    to,
    subject: `For ${to}`,
    message: 'Hi there.',
    tags: { person: to.replace(/^[a-z]+\+|@.*$/g, '') },
    ...extra,
  });
  expect(res.status).toBe(200);
  return String(res.json.message_id);
}

/** A received message from `from`, with a small attachment, to the account's inbound domain. */
function received(from: string, to: string): Buffer {
  const boundary = 'b-export';
  return Buffer.from(
    [
      `From: ${from}`,
      `To: ${to}`,
      `Subject: Hello from ${from}`,
      'MIME-Version: 1.0',
      `Content-Type: multipart/mixed; boundary="${boundary}"`,
      '',
      `--${boundary}`,
      'Content-Type: text/plain; charset=utf-8',
      '',
      `A note from ${from}.`,
      `--${boundary}`,
      'Content-Type: text/plain; name="note.txt"',
      'Content-Disposition: attachment; filename="note.txt"',
      '',
      'attached bytes',
      `--${boundary}--`,
      '',
    ].join('\r\n'),
  );
}

/** Everything of one person: a send, a scheduled send, a suppression, a received message; waits for the pipeline. */
async function person(localPart: string, inbox: string): Promise<Person> {
  const address = `${localPart}@${stack.config.testDomain}`;
  const now = await sent(address);
  const later = await sent(address, { scheduled_at: new Date(Date.now() + 86_400_000).toISOString() });
  const inboundId = await receiveRecorded(stack, `support@${inbox}`, received(address, `support@${inbox}`));
  await eventually(`${localPart}'s send to settle and its webhooks to be recorded`, async () => {
    const row = await stack.db('email_log').where({ message_id: now }).first<{ status: string }>('status');
    const deliveries = await stack.db('webhook_deliveries').where({ message_id: now }).count<{ count: string }[]>();
    const scheduled = await stack.db('email_log').where({ message_id: later }).first('status');
    return row && !['queued', 'sent'].includes(row.status) && Number(deliveries[0]!.count) >= 2 && scheduled
      ? true
      : undefined;
  });
  expect((await team.owner.request('POST', '/api/suppressions', { address })).status).toBe(201);
  return { address, sent: [now, later], inboundId };
}

async function exportOf(address: string, client: WebClient = team.owner): Promise<ApiResponse> {
  const res = await client.request('POST', '/api/privacy/exports', { address });
  documented('/api/privacy/exports', 'post', res);
  return res;
}

beforeAll(async () => {
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logs.push(chunk.toString());
      done();
    },
  });
  [stack, receiver] = await Promise.all([startServiceStack({ logDestination: logStream }), startWebhookReceiver()]);
  documented = await loadOpenApiCheck(stack.baseUrl);
  passwordHash = await hashPassword(PASSWORD);
  team = await signedInTeam(stack, PASSWORD, passwordHash);
  const accountId = team.sender.account.id;
  await createEndpoint(stack.db, stack.config.secretKey, accountId, receiver.url);
  const inbox = `inbox.${team.sender.domain}`;
  const inbound = await createInboundDomain(stack.db, { accountId, name: inbox }, 'test');
  await createInboundRule(stack.db, inbound, { match: '*' }, 'test');
  [alice, bob] = await Promise.all([person('delivered+alice', inbox), person('bounce+bob', inbox)]);
}, 120_000);
afterAll(async () => {
  await stack?.stop();
  await receiver?.close();
});

interface ExportDocument {
  address: string;
  truncated: boolean;
  emails: {
    message_id: string;
    status: string;
    tags: Record<string, string>;
    events: { type: string }[];
    schedule: unknown;
    webhook_deliveries: { event_type: string }[];
  }[];
  suppressions: { address: string; reason: string }[];
  received: { id: string; subject: string; parsed: unknown; attachments: { filename: string; size_bytes: number }[] }[];
}

async function downloaded(address: string): Promise<{ answer: ApiResponse; document: ExportDocument; id: string }> {
  const made = await exportOf(address);
  expect(made.status).toBe(201);
  const answer = await call(local(String(made.json.download_url)), {});
  return { answer, document: answer.json as unknown as ExportDocument, id: String(made.json.id) };
}

test.each([
  ['alice (delivered, scheduled)', () => [alice, bob] as const, 'delivered'],
  ['bob (bounced, scheduled)', () => [bob, alice] as const, 'bounced'],
])('the export of %s holds each of their records and none of the other person’s', async (_name, people, outcome) => {
  const [them, other] = people();
  const { answer, document } = await downloaded(them.address);
  expect(answer.status).toBe(200);
  expect(answer.headers.get('content-disposition')).toMatch(
    /^attachment; filename="address-export-[0-9a-f-]{36}\.json"$/,
  );
  expect(document.truncated).toBe(false);
  expect(document.emails.map((e) => e.message_id).sort()).toEqual([...them.sent].sort());
  const [now, later] = them.sent.map((id) => document.emails.find((e) => e.message_id === id)!);
  expect(now!.status).toBe(outcome);
  expect(now!.events.map((e) => e.type)).toEqual(expect.arrayContaining(['queued', 'sent', outcome]));
  expect(now!.webhook_deliveries.map((d) => d.event_type)).toEqual(
    expect.arrayContaining(['email.sent', `email.${outcome}`]),
  );
  expect(now!.tags).toEqual({ person: them.address.replace(/^[a-z]+\+|@.*$/g, '') });
  expect(later!.status).toBe('scheduled');
  expect(later!.schedule).toEqual(expect.objectContaining({ state: 'scheduled' }));
  expect(document.suppressions).toEqual([expect.objectContaining({ address: them.address, reason: 'manual' })]);
  expect(document.received).toEqual([
    expect.objectContaining({
      id: them.inboundId,
      subject: `Hello from ${them.address}`,
      parsed: expect.anything(),
      attachments: [expect.objectContaining({ filename: 'note.txt', size_bytes: 'attached bytes'.length })],
    }),
  ]);
  const text = JSON.stringify(document);
  for (const theirs of [other.address, ...other.sent, other.inboundId]) expect(text).not.toContain(theirs);
  expect(text).not.toContain(Buffer.from('attached bytes').toString('base64'));
});

test('the export is stored encrypted, audited without the address, and the address is never logged', async () => {
  const logged = logs.length;
  const { id } = await downloaded(alice.address);
  const row = await stack.db('privacy_exports').where({ id }).first<{ content: Buffer }>('content');
  expect(row!.content.includes(alice.address)).toBe(false);
  const audit = await listAudit(stack.db, team.sender.account.id, 100);
  expect(audit).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ action: 'privacy.export', details: expect.objectContaining({ export_id: id }) }),
    ]),
  );
  expect(JSON.stringify(audit.filter((entry) => entry.action === 'privacy.export'))).not.toContain(alice.address);
  const since = logs.slice(logged).join('');
  expect(since).toContain('privacy_export_created');
  expect(since).not.toContain(alice.address);
});

test('GET /api/privacy/exports/{id} and the list answer its status, size, expiry and a fresh download link', async () => {
  const made = await exportOf(bob.address);
  const id = String(made.json.id);
  const one = await team.owner.request('GET', `/api/privacy/exports/${id}`);
  documented('/api/privacy/exports/{id}', 'get', one);
  expect(one.json).toEqual(
    expect.objectContaining({
      id,
      status: 'ready',
      size_bytes: made.json.size_bytes,
      expires_at: made.json.expires_at,
    }),
  );
  expect(Date.parse(String(one.json.expires_at)) - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
  const list = await team.owner.request('GET', '/api/privacy/exports');
  documented('/api/privacy/exports', 'get', list);
  expect((list.json.exports as { id: string }[]).map((e) => e.id)).toContain(id);
  expect(JSON.stringify(list.json)).not.toContain(bob.address);
});

test.each([
  ['one row a batch, room for everything', 1, 1_000_000, false, 2],
  ['past the size limit: the oldest row only, still JSON, marked truncated', 1, 2_500, true, 1],
])('the document read %s', async (_name, batchSize, maxBytes, truncated, emails) => {
  const built = await buildAddressDocument(
    stack.db,
    { accountId: team.sender.account.id, address: alice.address, generatedAt: new Date() },
    { batchSize, maxBytes },
  );
  const document = JSON.parse(built.json.toString()) as ExportDocument;
  expect({ truncated: document.truncated, emails: document.emails.length }).toEqual({ truncated, emails });
  expect(document.emails[0]!.message_id).toBe(alice.sent[0]);
  expect(built.counts.emails).toBe(emails);
});

describe('the signed download link', () => {
  let id: string;
  let url: string;
  beforeAll(async () => {
    const made = await exportOf(alice.address);
    [id, url] = [String(made.json.id), String(made.json.download_url)];
  });

  test('it names neither the address nor the account, and works without a session or key', async () => {
    expect(url).not.toContain(alice.address.split('@')[0]);
    expect(url).not.toContain(team.sender.account.id);
    const res = await call(local(url), {});
    expect(res.status).toBe(200);
    expect(res.json.address).toBe(alice.address);
  });

  test.each([
    ['an altered', () => url.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'))],
    [
      'an expired',
      () => signExportLink(stack.config, id, new Date(Date.now() + 86_400_000), Date.now() - 2 * 3_600_000).url,
    ],
    ['a made-up', () => url.replace(/\/privacy\/exports\/.*$/, '/privacy/exports/v1.not-a-token')],
  ])('%s link is a 404', async (_kind, link) => {
    const res = await call(local(link()), {});
    expect(res.status).toBe(404);
    expect(res.json.error).toBe('not_found');
    documented('/privacy/exports/{token}', 'get', res);
  });

  test('an export past its expiry is gone from the API and its link, and the content purge deletes it', async () => {
    await stack
      .db('privacy_exports')
      .where({ id })
      .update({ expires_at: new Date(Date.now() - 1000) });
    expect((await team.owner.request('GET', `/api/privacy/exports/${id}`)).status).toBe(404);
    expect((await call(local(url), {})).status).toBe(404);
    // The content purge's step for exports (activities/purge.ts; its run: test/workflows/retention.test.ts).
    expect(await purgeExpiredExports(stack.db, new Date())).toBeGreaterThanOrEqual(1);
    expect(await stack.db('privacy_exports').where({ id }).first('id')).toBeUndefined();
  });
});

describe('who may ask', () => {
  test('an admin may', async () => {
    expect((await exportOf(alice.address, await member('admin'))).status).toBe(201);
  });

  test('a developer is refused 403', async () => {
    const res = await exportOf(alice.address, await member('developer'));
    expect({ status: res.status, error: res.json.error }).toEqual({ status: 403, error: 'insufficient_role' });
  });

  test('a full_access API key is refused 403 (it acts as a developer)', async () => {
    const { secret } = await createApiKey(
      stack.db,
      { accountId: team.sender.account.id, name: 'full', permission: 'full_access' },
      'test',
    );
    const res = await keyRequest(stack.baseUrl, secret)('POST', '/api/privacy/exports', { address: alice.address });
    expect({ status: res.status, error: res.json.error }).toEqual({ status: 403, error: 'insufficient_role' });
  });

  test('another account’s owner cannot read it (404) nor find it in their list', async () => {
    const made = await exportOf(alice.address);
    const stranger = await signedInTeam(stack, PASSWORD, passwordHash);
    const res = await stranger.owner.request('GET', `/api/privacy/exports/${String(made.json.id)}`);
    expect({ status: res.status, error: res.json.error }).toEqual({ status: 404, error: 'not_found' });
    expect((await stranger.owner.request('GET', '/api/privacy/exports')).json.exports).toEqual([]);
  });

  test('an address that is not one is a 400 on `address`, without repeating it', async () => {
    const res = await exportOf('not an address');
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.json)).not.toContain('not an address');
  });
});
