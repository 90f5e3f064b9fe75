import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Logger, SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema';
import { sqlGuardLogger } from './sql-guard';
import { holdingTransaction, holdsTransaction, QueryOutsideTransaction } from './transaction-scope';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface SqlResult<Row = Record<string, unknown>> {
  rows: Row[];
}

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /**
   * Raw SQL for pg-boss and operations: a parameterised single statement, or a script of several
   * statements when there are no parameters.
   */
  executeSql<Row = Record<string, unknown>>(text: string, values?: unknown[]): Promise<SqlResult<Row>>;
  close(): Promise<void>;
  pglite?: PGlite;
  pool?: pg.Pool;
}

export type DatabaseTarget = (
  { kind: 'postgres'; url: string; poolSize?: number } | { kind: 'pglite'; dataDir?: string }
) & {
  /** Refuse queries that compare a column with itself (tests and development). */
  guardSql?: boolean;
};

export async function connectDatabase(target: DatabaseTarget): Promise<Database> {
  const logger = target.guardSql ? sqlGuardLogger : undefined;
  const database =
    target.kind === 'postgres'
      ? await connectPostgres(target.url, target.poolSize, logger)
      : await connectPglite(target.dataDir, logger);
  if (target.guardSql) guardTransactions(database);
  return database;
}

/**
 * Outside production: taking a connection (PostgreSQL) or querying the client (PGlite, where it would wait for
 * the transaction forever) while the same async context holds a transaction of this database throws
 * `QueryOutsideTransaction` (see transaction-scope.ts) instead of deadlocking under load.
 */
function guardTransactions(database: Database): void {
  const { db } = database;
  const refuse = () => holdsTransaction(db);
  // A transaction's callback runs as holding it: what it starts on another connection is refused below.
  const begin = db.transaction.bind(db);
  db.transaction = ((fn, config) => begin((tx) => holdingTransaction(db, () => fn(tx)), config)) as Db['transaction'];
  for (const pool of [database.pool, preparedPools.get(database.db)]) {
    if (!pool) continue;
    const connect = pool.connect.bind(pool) as (cb?: (...args: unknown[]) => void) => unknown;
    (pool as { connect: unknown }).connect = (cb?: (...args: unknown[]) => void) => {
      if (!refuse()) return connect(cb);
      const err = new QueryOutsideTransaction();
      if (cb) return void cb(err);
      return Promise.reject(err);
    };
  }
  const client = database.pglite;
  if (client) {
    for (const method of ['query', 'exec', 'transaction'] as const) {
      const original = (client[method] as (...args: unknown[]) => Promise<unknown>).bind(client);
      (client as unknown as Record<string, unknown>)[method] = (...args: unknown[]) =>
        refuse() ? Promise.reject(new QueryOutsideTransaction()) : original(...args);
    }
  }
}

/** Each PostgreSQL database's pool for prepared statements (guarded like its main pool). */
const preparedPools = new WeakMap<Db, pg.Pool>();

async function connectPglite(dataDir?: string, logger?: Logger): Promise<Database> {
  if (dataDir) fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  const client = await PGlite.create(dataDir ?? 'memory://', { extensions: { pg_trgm } });
  const db = drizzlePglite({ client, schema, casing: 'snake_case', logger }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    pglite: client,
    async executeSql<Row>(text: string, values?: unknown[]) {
      if (values && values.length > 0) {
        const res = await client.query<Row>(text, values);
        return { rows: res.rows };
      }
      // exec() runs scripts of several statements (pg-boss installs its schema this way).
      const results = await client.exec(text);
      return { rows: (results.at(-1)?.rows ?? []) as Row[] };
    },
    async close() {
      if (!client.closed) await client.close();
    },
  };
}

async function connectPostgres(url: string, poolSize = 10, logger?: Logger): Promise<Database> {
  // A wait for a connection longer than this is a bug (a query outside the transaction that holds one) or an
  // outage: it fails, and is logged with its request or job, instead of hanging without a word.
  const connectionTimeoutMillis = 10_000;
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis });
  // The hot reads' prepared statements (prepared.ts) run on connections of their own that plan each of them once,
  // generically: left to choose, PostgreSQL keeps re-planning some for every call (planning a feed page costs more
  // than reading it) and may pick a worse plan for one person's values. Statements sent without a name, as every
  // other query is, are planned for their values as before, on the main pool.
  const preparedPool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis,
    options: '-c plan_cache_mode=force_generic_plan',
  });
  // A dropped connection must not crash the process. The pools hear their idle clients (and replace them); a
  // client that is checked out when its connection drops (a database restart mid-transaction) emits `error` on
  // itself, and pg-pool removes its own listener on checkout: without one of ours, Node exits. The query or
  // transaction that held it fails on its own and the pool discards the client on release.
  for (const p of [pool, preparedPool]) {
    p.on('error', () => undefined);
    p.on('connect', (client) => client.on('error', () => undefined));
  }
  await pool.query('select 1');
  const db = drizzlePg({ client: pool, schema, casing: 'snake_case', logger }) as unknown as Db;
  usePreparedConnections(
    db,
    drizzlePg({ client: preparedPool, schema, casing: 'snake_case', logger }) as unknown as Db,
  );
  preparedPools.set(db, preparedPool);
  return {
    kind: 'postgres',
    db,
    pool,
    async executeSql<Row>(text: string, values?: unknown[]) {
      const res = await pool.query(text, values as unknown[] | undefined);
      // A multi-statement script answers with one result per statement.
      const last = Array.isArray(res) ? res.at(-1) : res;
      return { rows: (last?.rows ?? []) as Row[] };
    },
    async close() {
      await Promise.all([pool.end(), preparedPool.end()]);
    },
  };
}

/** Where each database's prepared statements run (prepared.ts): a pool of their own on PostgreSQL. */
const preparedDbs = new WeakMap<Db, Db>();

function usePreparedConnections(db: Db, prepared: Db): void {
  preparedDbs.set(db, prepared);
}

/** The connections for `db`'s prepared statements: `db` itself on PGlite and inside a transaction. */
export const preparedDb = (db: Db): Db => preparedDbs.get(db) ?? db;

/** Runs raw SQL through drizzle and returns its rows (both drivers answer with `{ rows }`). */
export async function queryRows<Row>(db: Db, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}
