import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Which database's transaction the running code holds (set for the callback of `db.transaction` outside
 * production, see `guardTransactions` in connect.ts). A query on another connection of the same database from inside that callback is the bug
 * that hung the worker for good: ten jobs each holding a transaction and each waiting for an eleventh
 * connection (issue 25). Outside production every connection taken is checked against this scope.
 */
const scope = new AsyncLocalStorage<{ database: object }>();

export class QueryOutsideTransaction extends Error {
  constructor() {
    super(
      'a query took another connection while its async context holds a transaction on the same database: ' +
        'use the transaction (tx), or run it after the transaction ends',
    );
    this.name = 'QueryOutsideTransaction';
  }
}

/** Runs `fn` (a transaction's callback) as holding a transaction of `database`. */
export const holdingTransaction = <T>(database: object, fn: () => T): T => scope.run({ database }, fn);

/** True when the running code holds a transaction of `database`. */
export const holdsTransaction = (database: object): boolean => scope.getStore()?.database === database;

/**
 * Runs `fn` as not holding any transaction: for work that is meant to use a connection of its own while a
 * transaction waits (it must not wait for that transaction, or it deadlocks).
 */
export const outsideTransaction = <T>(fn: () => T): T => scope.exit(fn);
