// Applies the knex migrations to DATABASE_URL: `npm run migrate` (tsx) in development,
// `node dist/tools/migrate.js` from the build (`npm run build`). It reads DATABASE_URL and
// NODE_ENV only: a migration job needs no other process's settings.
import { ConfigError, loadConfig } from '../core/platform/config';
import { createDb, DEFAULT_DB_TIMEOUTS, migrateLatest } from '../core/platform/db';

async function main(): Promise<void> {
  // No statement or lock deadline: a migration may rewrite a large table.
  const db = createDb(loadConfig('migrate').databaseUrl, {
    timeouts: { ...DEFAULT_DB_TIMEOUTS, statementMs: 0, lockMs: 0 },
  });
  try {
    const applied = await migrateLatest(db);
    console.log(applied.length ? `applied ${applied.length} migration(s)` : 'database is up to date');
  } finally {
    await db.destroy();
  }
}

main().catch((err: unknown) => {
  // A configuration problem is one readable line; anything else with its stack.
  console.error(err instanceof ConfigError ? `postage: ${err.message}` : err);
  process.exit(1);
});
