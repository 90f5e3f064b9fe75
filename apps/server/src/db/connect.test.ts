import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../test/database';
import { testSettings } from '../config';
import { queryRows, type Database, type Db } from './connect';

let database: Database;
let drop: () => Promise<void>;
let url: string | undefined;
beforeAll(async () => {
  ({ database, drop, url } = await freshDatabase());
});
afterAll(async () => {
  await database?.close();
  await drop?.();
});

describe('a connection that drops while a transaction holds it (issue 25: a database restart killed serve)', () => {
  it.runIf(Boolean(testSettings().databaseUrl))(
    'fails that transaction only; the process lives and the pool serves the next query',
    async () => {
      const uncaught: unknown[] = [];
      const listener = (err: unknown) => uncaught.push(err);
      process.on('uncaughtException', listener);
      try {
        const admin = new pg.Client({ connectionString: url });
        await admin.connect();
        const held = database.db.transaction(async (tx) => {
          const [row] = await queryRows<{ pid: number }>(tx as unknown as Db, sql`select pg_backend_pid() as pid`);
          await admin.query('select pg_terminate_backend($1)', [row!.pid]);
          // Idle but checked out, as a transaction is between two statements: the client hears the drop.
          await new Promise((resolve) => setTimeout(resolve, 300));
          await tx.execute(sql`select 1`);
        });
        await expect(held).rejects.toThrow();
        await admin.end();
        expect(uncaught).toEqual([]);
        const [again] = await queryRows<{ n: number }>(database.db, sql`select 2 as n`);
        expect(again!.n).toBe(2);
      } finally {
        process.off('uncaughtException', listener);
      }
    },
  );
});
