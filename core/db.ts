// PostgreSQL access through knex. One pool per process; callers pass it down explicitly.
import knex, { type Knex } from 'knex';
import path from 'node:path';

export type Db = Knex;

/** `log` replaces knex's console logging (the CLI reports connection failures itself). */
export function createDb(databaseUrl: string, pool: { min?: number; max?: number } = {}, log?: Knex.Logger): Db {
  return knex({
    client: 'pg',
    connection: databaseUrl,
    pool: { min: pool.min ?? 0, max: pool.max ?? 10 },
    ...(log ? { log } : {}),
  });
}

export const MIGRATIONS_DIRECTORY = path.resolve(__dirname, '..', 'migrations');

export async function migrateLatest(db: Db): Promise<string[]> {
  const [, applied] = (await db.migrate.latest({
    directory: MIGRATIONS_DIRECTORY,
    loadExtensions: ['.ts'],
  })) as [number, string[]];
  return applied;
}

/** First day (UTC) of the calendar month containing `at`, as YYYY-MM-DD: the usage-counter key. */
export function utcMonthStart(at: Date = new Date()): string {
  return `${at.getUTCFullYear()}-${String(at.getUTCMonth() + 1).padStart(2, '0')}-01`;
}
