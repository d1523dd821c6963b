// A half-open connection to PostgreSQL (its host vanished, or a middlebox dropped the flow: the
// socket stays up and nothing comes back) gets no server-side deadline: statement_timeout never
// reaches a server that never saw the statement. The pool's own deadline must end the round trip
// (a store error the API answers 503 to and the client retries), and the connection it was on must
// not be handed out again once the network is back. A send's statements carry the staging deadline,
// so a send that meets such a connection, and the release of its idempotency claim after it, end
// well within the 20 s a client waits (docs/operations.md, "Fault tolerance").
import fs from 'node:fs';
import path from 'node:path';
import { Client as PgClient } from 'pg';
import type { Proxy, Toxic, Toxiproxy } from 'toxiproxy-node-client';
import { isStoreUnavailable } from '../../api/http/errors';
import type { MessageWorkflows } from '../../core/model/workflowContract';
import { loadConfig } from '../../core/platform/config';
import { createDb, DEFAULT_DB_TIMEOUTS, migrateLatest, SILENCE_MARGIN_MS, type Db } from '../../core/platform/db';
import { toolsDir } from '../../core/platform/devEnvironment';
import { sendMessage } from '../../core/sending/sendMessage';
import { createSender } from '../helpers/fixtures';
import { ensureDatabase, startPrivatePostgres } from '../../tools/stack/postgres';
import { freePort, stopAll, type ManagedProcess } from '../../tools/stack/processes';
import { startToxiproxyServer } from './networkFaults';

const STATEMENT_MS = 2000;

let pgPort: number;
let toxiproxy: Toxiproxy;
const processes: ManagedProcess[] = [];

beforeAll(async () => {
  fs.mkdirSync(path.join(toolsDir(), 'test-runs'), { recursive: true });
  const runDir = fs.mkdtempSync(path.join(toolsDir(), 'test-runs', 'half-open-'));
  fs.chmodSync(runDir, 0o755); // the private PostgreSQL runs as `postgres` when we are root
  pgPort = await freePort();
  const pg = await startPrivatePostgres({
    dataDir: path.join(runDir, 'pg'),
    port: pgPort,
    logFile: path.join(runDir, 'logs', 'postgres.log'),
  });
  processes.push(pg.process);
  const server = await startToxiproxyServer(path.join(runDir, 'logs'));
  processes.push(server.process);
  toxiproxy = server.toxiproxy;
}, 60_000);

afterAll(async () => {
  await stopAll(processes);
});

/** A database of its own, reached through a proxy of its own. */
async function proxiedDatabase(name: string): Promise<{ proxy: Proxy; url: string; directUrl: string }> {
  const proxy = await toxiproxy.createProxy({
    name,
    listen: `127.0.0.1:${await freePort()}`,
    upstream: `127.0.0.1:${pgPort}`,
  });
  const directUrl = await ensureDatabase(`postgres://postgres@127.0.0.1:${pgPort}`, name);
  return { proxy, url: directUrl.replace(`127.0.0.1:${pgPort}`, proxy.listen), directUrl };
}

/** Every byte dropped both ways, the connections left open (Toxiproxy's timeout toxic at 0). */
async function halfOpen(proxy: Proxy): Promise<Toxic<unknown>[]> {
  const toxics: Toxic<unknown>[] = [];
  for (const stream of ['upstream', 'downstream'] as const)
    toxics.push(
      await proxy.addToxic({
        name: `blackhole-${stream}`,
        type: 'timeout',
        stream,
        toxicity: 1,
        attributes: { timeout: 0 },
      }),
    );
  return toxics;
}

/** The failures are the point here: knex would print each to the console. */
const QUIET = { error: () => undefined, warn: () => undefined, debug: () => undefined, deprecate: () => undefined };

/** Bounded: a pool whose query never ended would wait for it forever. */
const destroyWithin = (db: Db | undefined) => Promise.race([db?.destroy(), new Promise((r) => setTimeout(r, 5000))]);

test('a query on a half-open PostgreSQL connection fails within its deadline, and the pool recovers', async () => {
  let db: Db | undefined;
  try {
    const { proxy, url } = await proxiedDatabase('postage');
    db = createDb(url, {
      log: QUIET,
      max: 1, // one connection: the one that went half-open is the one asked for after
      timeouts: { ...DEFAULT_DB_TIMEOUTS, statementMs: STATEMENT_MS },
    });
    await db.raw('SELECT 1');

    const toxics = await halfOpen(proxy);
    const started = Date.now();
    // Without a deadline of its own the query waits as long as the network does: the test gives
    // up after 20 s (the API's promise to its clients) rather than hang.
    const failure = await Promise.race([
      db.raw('SELECT 1').then(
        () => 'answered',
        (err: unknown) => err,
      ),
      new Promise((r) => setTimeout(() => r('no answer within 20 s'), 20_000)),
    ]);
    const waited = Date.now() - started;
    expect(isStoreUnavailable(failure)).toBe(true);
    expect(waited).toBeLessThan(STATEMENT_MS + SILENCE_MARGIN_MS + 1000);

    // The network is back (Toxiproxy closes the connections the toxic held): the pool answers at once.
    for (const toxic of toxics) await toxic.remove();
    const again = Date.now();
    await expect(db.raw('SELECT 1 AS one')).resolves.toMatchObject({ rows: [{ one: 1 }] });
    expect(Date.now() - again).toBeLessThan(STATEMENT_MS);
  } finally {
    await destroyWithin(db);
  }
}, 60_000);

test("a send that meets a silent store ends, with the release of its claim, within the staging deadline, not the store's", async () => {
  const STAGING_MS = 2000;
  let db: Db | undefined;
  let direct: PgClient | undefined;
  try {
    const { proxy, url, directUrl } = await proxiedDatabase('postage_send');
    // The store's general statement deadline (15 s) is left as deployed: a send must not wait for it.
    db = createDb(url, { max: 1, log: QUIET });
    await migrateLatest(db);
    const sender = await createSender(db);
    const config = loadConfig({
      NODE_ENV: 'test',
      POSTAGE_SECRET_KEY: 'ab'.repeat(32),
      DATABASE_URL: url,
      STAGING_TIMEOUT_MS: String(STAGING_MS),
    });
    // A hand-written stand-in: the store fails before any workflow would start.
    const workflows = {
      startSend: () => Promise.reject(new Error('no workflow starts in this test')),
    } as unknown as MessageWorkflows;
    const request = {
      to: { address: 'someone@example.org', name: '' },
      recipientKind: { kind: 'real' as const },
      from: { address: `hello@${sender.domain}`, name: '' },
      fromDomain: sender.domain,
      subject: 'Hello',
      text: 'Hello.',
      attachments: [],
    };
    const key = { accountId: sender.account.id, domainScope: [] };
    // A refused send first, so the pools hold a connection each (the silent one is then reused).
    const refusal = await sendMessage(
      { db, config, workflows },
      {
        request: { ...request, fromDomain: 'not-registered.example' },
        key,
        idempotency: { key: 'warm', requestHash: 'h0' },
      },
    );
    expect(refusal).toMatchObject({ outcome: 'refused', code: 'domain_not_registered' });

    // The gates' statement waits on a lock taken by a session of our own (not through the proxy);
    // the network goes silent while it waits, after the claim was taken.
    direct = new PgClient({ connectionString: directUrl });
    await direct.connect();
    await direct.query('BEGIN');
    await direct.query('LOCK TABLE suppressions IN ACCESS EXCLUSIVE MODE');
    const notReleased: unknown[] = [];
    const started = Date.now();
    const sending = sendMessage(
      { db, config, workflows },
      { request, key, idempotency: { key: 'silent', requestHash: 'h1' } },
      { claimNotReleased: (err) => notReleased.push(err) },
    ).then(
      () => 'answered',
      (err: unknown) => err,
    );
    for (;;) {
      const { rows } = await direct.query<{ waiting: number }>(
        `SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = 'postage_send'`,
      );
      if (rows[0]!.waiting > 0) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    await halfOpen(proxy);
    const failure = await Promise.race([
      sending,
      new Promise((r) => setTimeout(() => r('no answer within 20 s'), 20_000 - (Date.now() - started))),
    ]);
    const waited = Date.now() - started;
    expect(isStoreUnavailable(failure)).toBe(true);
    // The claim's release met the silent store too (a new connection: its connect deadline).
    expect(notReleased).toHaveLength(1);
    // The gates' round trip (the staging deadline + the margin), then the release's connect deadline.
    expect(waited).toBeLessThan(STAGING_MS + SILENCE_MARGIN_MS + DEFAULT_DB_TIMEOUTS.connectMs + 1500);
  } finally {
    await direct?.end();
    await destroyWithin(db);
  }
}, 60_000);
