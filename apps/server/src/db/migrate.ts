import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrationsFolder } from '../platform/paths';
import type { Database, Schema } from './connect';

/** Arbitrary constant: serialises migrations when several processes start at once. */
const MIGRATION_LOCK_ID = 7_340_001;

export async function runMigrations(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as unknown as PgliteDatabase<Schema>, { migrationsFolder });
    return;
  }
  const client = await database.pool!.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migratePg(database.db as unknown as NodePgDatabase<Schema>, { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
    client.release();
  }
}

/** True when every migration in the folder is recorded as applied (used by `/readyz`). */
export async function migrationsApplied(database: Database, expected: number): Promise<boolean> {
  try {
    const { rows } = await database.executeSql<{ n: number }>(
      'select count(*)::int as n from drizzle.__drizzle_migrations',
    );
    return (rows[0]?.n ?? 0) >= expected;
  } catch {
    return false;
  }
}
