// Applies the knex migrations to DATABASE_URL: `tsx tools/migrate.ts`.
import { loadConfig } from '../core/config';
import { createDb, migrateLatest } from '../core/db';

async function main(): Promise<void> {
  const db = createDb(loadConfig().databaseUrl);
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
