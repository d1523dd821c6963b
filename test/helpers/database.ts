// Each test file gets its own database, cloned from the migrated template.
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { createDb, type Db } from '../../core/platform/db';
import { testInfra } from './env';

export interface TestDatabase {
  db: Db;
  url: string;
  name: string;
  drop(): Promise<void>;
}

async function admin<T>(fn: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: `${testInfra().pgServerUrl}/postgres` });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const infra = testInfra();
  const name = `postage_test_${randomBytes(6).toString('hex')}`;
  await admin((c) => c.query(`CREATE DATABASE ${name} TEMPLATE ${infra.templateDb}`));
  const url = `${infra.pgServerUrl}/${name}`;
  const db = createDb(url, { max: 20 });
  return {
    db,
    url,
    name,
    async drop() {
      await db.destroy();
      await admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}
