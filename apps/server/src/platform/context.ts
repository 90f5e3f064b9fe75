import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Database, Db, Tx } from '../db/connect';
import type { EventBus } from './events';
import type { JobQueue } from './jobs/queue';
import type { Mailer } from './mail/mailer';
import type { Realtime } from './realtime';
import type { Storage } from './storage';

/** What every module's service receives: built once in `createContext`, shared by serve and worker. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  jobs: JobQueue;
  /**
   * Opens a transaction (`events.transaction`): the events published on it (`events.publish(tx, …)`) are handed
   * out after its commit, and written to the outbox in it. Every transaction that publishes is opened here.
   */
  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  /** Domain events: publish inside `transaction`, subscribers run after it commits. */
  events: EventBus;
  mail: Mailer;
  log: FastifyBaseLogger;
  appSecret: string;
  storage: Storage;
  /** Sockets: emit to a private channel after a commit (subscribers only), in every process. */
  realtime: Realtime;
}
