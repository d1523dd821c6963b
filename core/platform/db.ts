// PostgreSQL access through knex. One pool per process; callers pass it down explicitly.
import knex, { type Knex } from 'knex';
import type { ClientConfig } from 'pg';
import fs from 'node:fs';
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
    pool: { min: opts.min ?? 0, max: opts.max ?? 10 },
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
 * transaction (begin, setting, commit: three round trips) it would otherwise take to set one.
 * Undefined for a pool createDb did not make.
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
      pool: { min: 0, max: settings.opts.max ?? 10 },
      ...(settings.opts.log ? { log: settings.opts.log } : {}),
    });
    settings.siblings.set(statementMs, sibling);
  }
  return sibling;
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
