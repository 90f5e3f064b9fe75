import fs from 'node:fs';
import path from 'node:path';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { serverRoot } from '../server-root';
import type { Database, Schema } from './connect';

export const migrationsFolder = path.join(serverRoot, 'src', 'db', 'migrations');

/** How many migrations ship with this build (the drizzle journal's entries). */
export function migrationCount(): number {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: unknown[];
  };
  return journal.entries.length;
}

/** Arbitrary constant: serialises the start-up of processes that start at once (see `underStartupLock`). */
const STARTUP_LOCK_ID = 7_340_001;

/**
 * Runs `work` (migrations, the startup seeds, the job queue's own tables and queues) while holding a session
 * lock that every starting process asks for: two serves and two workers started in the same second on a fresh
 * database take turns instead of deadlocking inside pg-boss' queue creation (40P01). PGlite has one process.
 */
export async function underStartupLock<T>(database: Database, work: () => Promise<T>): Promise<T> {
  if (database.kind === 'pglite') return work();
  const client = await database.pool!.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK_ID]);
    return await work();
  } finally {
    await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_ID]).catch(() => undefined);
    client.release();
  }
}

export async function runMigrations(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as unknown as PgliteDatabase<Schema>, { migrationsFolder });
    return;
  }
  await migratePg(database.db as unknown as NodePgDatabase<Schema>, { migrationsFolder });
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
