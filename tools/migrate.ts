// Applies the knex migrations to DATABASE_URL: `npm run migrate` (tsx) in development,
// `node dist/tools/migrate.js` from the build (`npm run build`).
import { loadConfig } from '../core/platform/config';
import { createDb, DEFAULT_DB_TIMEOUTS, migrateLatest } from '../core/platform/db';

async function main(): Promise<void> {
  // No statement or lock deadline: a migration may rewrite a large table.
  const db = createDb(loadConfig().databaseUrl, { timeouts: { ...DEFAULT_DB_TIMEOUTS, statementMs: 0, lockMs: 0 } });
  try {
    const applied = await migrateLatest(db);
    console.log(applied.length ? `applied ${applied.length} migration(s)` : 'database is up to date');
  } finally {
    await db.destroy();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
