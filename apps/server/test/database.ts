import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { testSettings } from '../src/config';
import { connectDatabase, type Database } from '../src/db/connect';

/**
 * A fresh database per test file: PGlite in memory by default, or a new database on the PostgreSQL
 * server named by TEST_DATABASE_URL (dropped again on close).
 */
export async function freshDatabase(): Promise<{ database: Database; url?: string; drop: () => Promise<void> }> {
  const { databaseUrl } = testSettings();
  if (!databaseUrl) {
    const database = await connectDatabase({ kind: 'pglite', guardSql: true });
    return { database, drop: async () => undefined };
  }
  const { url, drop } = await emptyPostgresDatabase(databaseUrl);
  const database = await connectDatabase({ kind: 'postgres', url, poolSize: 5, guardSql: true });
  return { database, url, drop };
}

/** A new, empty database on the PostgreSQL server of `serverUrl`, and its removal. */
export async function emptyPostgresDatabase(serverUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `inkwell_t_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
