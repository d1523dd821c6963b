// A half-open connection to PostgreSQL (its host vanished, or a middlebox dropped the flow: the
// socket stays up and nothing comes back) gets no server-side deadline: statement_timeout never
// reaches a server that never saw the statement. The pool's own deadline must end the round trip
// (a store error the API answers 503 to and the client retries), and the connection it was on must
// not be handed out again once the network is back (docs/operations.md, "Fault tolerance").
import fs from 'node:fs';
import path from 'node:path';
import type { Toxic } from 'toxiproxy-node-client';
import { isStoreUnavailable } from '../../api/http/errors';
import { createDb, DEFAULT_DB_TIMEOUTS, SILENCE_MARGIN_MS, type Db } from '../../core/platform/db';
import { toolsDir } from '../../core/platform/devEnvironment';
import { ensureDatabase, startPrivatePostgres } from '../../tools/stack/postgres';
import { freePort, stopAll, type ManagedProcess } from '../../tools/stack/processes';
import { startToxiproxyServer } from './networkFaults';

const STATEMENT_MS = 2000;

test('a query on a half-open PostgreSQL connection fails within its deadline, and the pool recovers', async () => {
  fs.mkdirSync(path.join(toolsDir(), 'test-runs'), { recursive: true });
  const runDir = fs.mkdtempSync(path.join(toolsDir(), 'test-runs', 'half-open-'));
  fs.chmodSync(runDir, 0o755); // the private PostgreSQL runs as `postgres` when we are root
  const processes: ManagedProcess[] = [];
  let db: Db | undefined;
  try {
    const pgPort = await freePort();
    const pg = await startPrivatePostgres({
      dataDir: path.join(runDir, 'pg'),
      port: pgPort,
      logFile: path.join(runDir, 'logs', 'postgres.log'),
    });
    processes.push(pg.process);
    const server = await startToxiproxyServer(path.join(runDir, 'logs'));
    processes.push(server.process);
    const proxy = await server.toxiproxy.createProxy({
      name: 'postgres',
      listen: `127.0.0.1:${await freePort()}`,
      upstream: `127.0.0.1:${pgPort}`,
    });
    const url = await ensureDatabase(`postgres://postgres@127.0.0.1:${pgPort}`, 'postage');
    db = createDb(url.replace(`127.0.0.1:${pgPort}`, proxy.listen), {
      max: 1, // one connection: the one that went half-open is the one asked for after
      timeouts: { ...DEFAULT_DB_TIMEOUTS, statementMs: STATEMENT_MS },
    });
    await db.raw('SELECT 1');

    // Every byte dropped both ways, the connection left open (Toxiproxy's timeout toxic at 0).
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
    // Bounded: a pool whose query never ended would wait for it forever.
    await Promise.race([db?.destroy(), new Promise((r) => setTimeout(r, 5000))]);
    await stopAll(processes);
  }
}, 60_000);
