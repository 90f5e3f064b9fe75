import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testSettings } from '../config';
import { createEventBus } from '../platform/events';
import { freshDatabase } from '../../test/database';
import { queryRows } from './connect';
import { QueryOutsideTransaction, outsideTransaction } from './transaction-scope';

/**
 * Issue 25: the worker hung for good when ten jobs each held a transaction and each waited for an eleventh
 * connection (a read through `ctx.db` instead of `tx`). Outside production that read now fails at once.
 */
let fresh: Awaited<ReturnType<typeof freshDatabase>>;
beforeAll(async () => {
  fresh = await freshDatabase();
  createEventBus(pino({ level: 'silent' })).attach(fresh.database.db);
});
afterAll(async () => {
  await fresh?.database.close();
  await fresh?.drop();
});

/** The error a rejected promise carries, unwrapped from drizzle's "Failed query" wrapper. */
const refusal = async (attempt: Promise<unknown>) => {
  const err = await attempt.then(
    () => undefined,
    (e: unknown) => e,
  );
  return err instanceof Error && err.cause instanceof Error ? err.cause : err;
};

describe('a query outside the transaction its code holds', () => {
  it('fails with QueryOutsideTransaction, and the transaction rolls back', async () => {
    const db = fresh.database.db;
    await db.execute(sql`create table if not exists scope_probe (n int)`);
    const attempt = db.transaction(async (tx) => {
      await tx.execute(sql`insert into scope_probe values (1)`);
      // The bug: the database instead of the transaction.
      await db.execute(sql`select 1`);
    });
    expect(await refusal(attempt)).toBeInstanceOf(QueryOutsideTransaction);
    expect(await queryRows(db, sql`select * from scope_probe`)).toEqual([]);
  });

  it('also for a second transaction opened inside the first, and for raw SQL (the job queue’s road)', async () => {
    const db = fresh.database.db;
    await expect(db.transaction(async () => db.transaction(async () => undefined))).rejects.toBeInstanceOf(
      QueryOutsideTransaction,
    );
    await expect(db.transaction(async () => fresh.database.executeSql('select 1'))).rejects.toBeInstanceOf(
      QueryOutsideTransaction,
    );
  });

  it('the transaction itself, its savepoints, and everything after it are fine', async () => {
    const db = fresh.database.db;
    const inside = await db.transaction(async (tx) => {
      const [row] = await queryRows<{ n: number }>(tx as never, sql`select 2 as n`);
      const nested = await tx.transaction(async (sp) => queryRows<{ n: number }>(sp as never, sql`select 3 as n`));
      return row!.n + nested[0]!.n;
    });
    expect(inside).toBe(5);
    expect(await queryRows(db, sql`select 1 as n`)).toEqual([{ n: 1 }]);
  });

  it.runIf(Boolean(testSettings().databaseUrl))(
    'outsideTransaction lets work that means to use its own connection do so (PostgreSQL)',
    async () => {
      const db = fresh.database.db;
      const rows = await db.transaction(async () => outsideTransaction(() => queryRows(db, sql`select 4 as n`)));
      expect(rows).toEqual([{ n: 4 }]);
    },
  );
});
