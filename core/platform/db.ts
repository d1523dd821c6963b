// PostgreSQL access through knex. One pool per process; callers pass it down explicitly.
import knex, { type Knex } from 'knex';
import type { ClientConfig } from 'pg';
import fs from 'node:fs';
import type { Socket } from 'node:net';
import path from 'node:path';

export type Db = Knex;

/**
 * Deadlines for every PostgreSQL interaction, so an unreachable or stuck database fails a request
 * in seconds instead of holding it (and its pool connection) open. 0 disables one.
 */
export interface DbTimeouts {
  /** Opening a connection. */
  connectMs: number;
  /** Waiting for a free pool connection. */
  acquireMs: number;
  /** One statement (server side). */
  statementMs: number;
  /** Waiting for a row or table lock (server side). */
  lockMs: number;
  /** A transaction left open without a statement running (server side). */
  idleInTransactionMs: number;
}

export const DEFAULT_DB_TIMEOUTS: DbTimeouts = {
  connectMs: 3_000,
  acquireMs: 3_000,
  statementMs: 15_000,
  lockMs: 5_000,
  idleInTransactionMs: 30_000,
};

/** `log` replaces knex's console logging (the CLI reports connection failures itself). */
export function createDb(
  databaseUrl: string,
  opts: { min?: number; max?: number; timeouts?: DbTimeouts; log?: Knex.Logger } = {},
): Db {
  const t = opts.timeouts ?? DEFAULT_DB_TIMEOUTS;
  const connection: ClientConfig = {
    connectionString: databaseUrl,
    connectionTimeoutMillis: t.connectMs,
    statement_timeout: t.statementMs,
    lock_timeout: t.lockMs,
    idle_in_transaction_session_timeout: t.idleInTransactionMs,
  };
  const db = knex({
    client: 'pg',
    // knex hands this object to pg as is; its own type just lacks pg's newer lock_timeout.
    connection: connection as Knex.PgConnectionConfig,
    acquireConnectionTimeout: t.acquireMs,
    pool: { min: opts.min ?? 0, max: opts.max ?? 10, ...endWhenSilent(t.statementMs) },
    ...(opts.log ? { log: opts.log } : {}),
  });
  const siblings = new Map<number, Db>();
  poolSettings.set(db, { connection, opts, siblings });
  // The sibling pools (withStatementTimeout) end with the pool they were made from.
  // (knex defines `destroy` read-only but configurable.)
  const destroy = db.destroy.bind(db);
  Object.defineProperty(db, 'destroy', {
    value: async () => {
      await Promise.all([...siblings.values()].map((s) => s.destroy()));
      await destroy();
    },
  });
  return db;
}

const poolSettings = new WeakMap<
  Db,
  { connection: ClientConfig; opts: Parameters<typeof createDb>[1] & object; siblings: Map<number, Db> }
>();

/**
 * A pool on the same database whose statements stop after `statementMs` (server side), made once
 * and destroyed with `db`: a single statement gets its own deadline in autocommit, without the
 * transaction (begin, setting, commit: three round trips) it would otherwise take to set one, and
 * a round trip on a silent connection ends after `statementMs` + SILENCE_MARGIN_MS rather than the
 * pool's general deadline. Undefined for a pool createDb did not make (such a pool among them).
 */
export function withStatementTimeout(db: Db, statementMs: number): Db | undefined {
  const settings = poolSettings.get(db);
  if (!settings) return undefined;
  let sibling = settings.siblings.get(statementMs);
  if (!sibling) {
    sibling = knex({
      client: 'pg',
      connection: { ...settings.connection, statement_timeout: statementMs } as Knex.PgConnectionConfig,
      acquireConnectionTimeout: settings.opts.timeouts?.acquireMs ?? DEFAULT_DB_TIMEOUTS.acquireMs,
      pool: { min: 0, max: settings.opts.max ?? 10, ...endWhenSilent(statementMs) },
      ...(settings.opts.log ? { log: settings.opts.log } : {}),
    });
    settings.siblings.set(statementMs, sibling);
  }
  return sibling;
}

/** How much later than the server's statement deadline the client's own one ends a round trip. */
export const SILENCE_MARGIN_MS = 2_000;

/**
 * The client-side deadline of a round trip. `statement_timeout` is PostgreSQL's: a connection
 * whose peer went silent (its host vanished, a partition, a middlebox that dropped the flow: the
 * socket stays open and nothing comes back) never gets it, and a query on it would wait as long as
 * the network does, holding its request and pool connection. So a connection that has a statement
 * outstanding and hears nothing for `statementMs` + SILENCE_MARGIN_MS (the server would have
 * answered, if only with its timeout, by then) is destroyed: the statement fails with ETIMEDOUT
 * (503 `service_unavailable` in the API, a retried activity in the worker), a transaction's
 * rollback fails at once instead of waiting behind it, and the pool never lends the connection
 * again. Silence while idle in the pool is not a fault. Off with the statement deadline (0).
 */
function endWhenSilent(statementMs: number): {
  afterCreate?: (conn: unknown, done: (err: Error | null, conn: unknown) => void) => void;
} {
  if (statementMs <= 0) return {};
  const silenceMs = statementMs + SILENCE_MARGIN_MS;
  return {
    afterCreate: (conn, done) => {
      // pg's Client: its socket, and whether it waits for the server (false from sending a
      // statement until the server's ReadyForQuery).
      const client = conn as { connection?: { stream?: Socket }; readyForQuery?: boolean };
      const socket = client.connection?.stream;
      socket?.setTimeout(silenceMs);
      socket?.on('timeout', () => {
        if (client.readyForQuery !== false) return;
        const err = Object.assign(new Error(`no answer from PostgreSQL within ${silenceMs} ms`), { code: 'ETIMEDOUT' });
        socket.destroy(err);
      });
      done(null, conn);
    },
  };
}

/** migrations/ beside this build: the TypeScript sources, or their compiled .js in dist/. */
export const MIGRATIONS_DIRECTORY = path.resolve(__dirname, '..', '..', 'migrations');

/**
 * The migrations in MIGRATIONS_DIRECTORY, each named `<stem>.ts` in knex_migrations whether it
 * runs from source (tsx, tests) or compiled (`node dist/tools/migrate.js`): every database
 * migrated so far recorded the .ts names, and knex refuses to run when a recorded name is missing
 * from the directory.
 */
export function migrationSource(
  directory = MIGRATIONS_DIRECTORY,
): Knex.MigrationSource<{ name: string; file: string }> {
  return {
    async getMigrations() {
      const files = (await fs.promises.readdir(directory))
        .filter((f) => /\.[jt]s$/.test(f) && !f.endsWith('.d.ts'))
        .sort();
      return files.map((f) => ({ name: `${f.slice(0, -3)}.ts`, file: path.join(directory, f) }));
    },
    getMigrationName: (m) => m.name,
    // require, as knex itself loads a CommonJS migration: it goes through tsx's or jest's hooks.
    getMigration: async (m) => require(m.file) as Knex.Migration,
  };
}

export async function migrateLatest(db: Db): Promise<string[]> {
  const [, applied] = (await db.migrate.latest({ migrationSource: migrationSource() })) as [number, string[]];
  return applied;
}

/** First day (UTC) of the calendar month containing `at`, as YYYY-MM-DD: the usage-counter key. */
export function utcMonthStart(at: Date = new Date()): string {
  return `${at.getUTCFullYear()}-${String(at.getUTCMonth() + 1).padStart(2, '0')}-01`;
}

/** The UTC calendar day containing `at`, as YYYY-MM-DD: the daily usage-counter key. */
export const utcDay = (at: Date): string => at.toISOString().slice(0, 10);

/**
 * A row read as JSON (`to_jsonb(t)`, to fetch several tables' rows in one statement) with its
 * timestamp columns (`*_at`) as Dates again, as a plain table read returns them.
 */
export function rowFromJson<T>(json: Record<string, unknown> | null): T | undefined {
  if (!json) return undefined;
  const row: Record<string, unknown> = { ...json };
  for (const [key, value] of Object.entries(row))
    if (key.endsWith('_at') && typeof value === 'string') row[key] = new Date(value);
  return row as T;
}

/**
 * PostgreSQL text cannot hold NUL: a lookup by such a string (a path parameter, say) would fail
 * with an encoding error. No stored row can match it, so lookups answer "not found" instead.
 */
export function isStorableText(text: string): boolean {
  return !text.includes('\u0000');
}
