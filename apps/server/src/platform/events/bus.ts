import { randomUUID } from 'node:crypto';
import { DomainEvent, type DomainEventOf, type DomainEventType } from '@inkwell/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/connect';
import { isDatabaseUnavailable } from '../../db/errors';
import { holdingTransaction } from '../../db/transaction-scope';
import type { Outbox } from './outbox';

/** Runs after the publishing transaction committed; a throw is logged and never reaches the request. */
export type Subscriber<K extends DomainEventType> = (event: DomainEventOf<K>) => Promise<void> | void;

/**
 * Who hears each event: one entry per event in the contract, so a new event without a line here is a compile
 * error (an event nobody listens to yet says so with `[]`). Built at composition time, outside `platform/`.
 */
export type EventSubscribers = { [K in DomainEventType]: Subscriber<K>[] };

export interface EventBus {
  /**
   * Publishes `event` from `conn`. On a transaction (of a database the bus is attached to) the event waits
   * for its commit and is dropped on a rollback; a rolled-back savepoint drops the events published inside
   * it. On the database itself (no transaction) the event is handed out once the caller yields.
   */
  publish(conn: Db | Tx, event: DomainEvent): void;
  /** Sets the registry: every event's subscribers (see `EventSubscribers`). */
  register(subscribers: EventSubscribers): void;
  /** Adds one more subscriber beside the registry (tests); returns its removal. */
  subscribe<K extends DomainEventType>(type: K, subscriber: Subscriber<K>): () => void;
  /**
   * Makes `db.transaction` collect the events published on its transactions and hand them out after commit.
   * With an outbox, a transaction's events are also written in it and cleared once handed out.
   */
  attach(db: Db, outbox?: Outbox): void;
  /** Waits for every event already handed out (or waiting outside a transaction) to reach its subscribers. */
  drain(): Promise<void>;
  /**
   * Hands out the events of transactions whose process did not (it died between COMMIT and its subscribers):
   * outbox rows past their claim. Returns how many transactions' events went out.
   */
  redeliver(): Promise<number>;
  /** Runs `redeliver` every `intervalMs` until `stopRelay` (serve and worker; not the one-off CLI commands). */
  startRelay(intervalMs: number): void;
  stopRelay(): void;
}

export interface EventBusOptions {
  /** Called right after a commit, before its events are handed out: fault injection in tests. */
  afterCommit?: (events: DomainEvent[]) => void;
}

type AnySubscriber = (event: DomainEvent) => Promise<void> | void;
type Transactional = Pick<Db, 'transaction'>;

const ORIGINAL = Symbol('inkwell.events.transaction');

export function createEventBus(log: FastifyBaseLogger, options: EventBusOptions = {}): EventBus {
  let registry: Partial<Record<DomainEventType, AnySubscriber[]>> = {};
  const extra = new Map<DomainEventType, Set<AnySubscriber>>();
  /** Each open transaction (or savepoint) and the events published on it so far. */
  const collectors = new WeakMap<object, DomainEvent[]>();
  const databases = new WeakSet<object>();
  const pending = new Set<Promise<void>>();
  let outboxOf: Outbox | undefined;
  let relay: NodeJS.Timeout | undefined;
  let relaying: Promise<number> | undefined;

  async function deliver(event: DomainEvent): Promise<void> {
    const subscribers = [...(registry[event.type] ?? []), ...(extra.get(event.type) ?? [])];
    for (const subscriber of subscribers) {
      try {
        await subscriber(event);
      } catch (err) {
        log.error({ err, event: event.type, subscriber: subscriber.name || 'anonymous' }, 'event subscriber failed');
      }
    }
  }

  async function dispatch(events: DomainEvent[]): Promise<void> {
    for (const event of events) await deliver(event);
  }

  /** After the subscribers: the row goes. If that fails the relay hands the events out again (at least once). */
  async function clear(outbox: Outbox, id: number): Promise<void> {
    try {
      await outbox.clear(id);
    } catch (err) {
      log.warn({ err, outboxId: id }, 'outbox row not cleared; its events will be handed out again');
    }
  }

  async function redeliver(): Promise<number> {
    const outbox = outboxOf;
    if (!outbox) return 0;
    const rows = await outbox.claimStale(50);
    for (const row of rows) {
      const parsed = DomainEvent.array().safeParse(row.events);
      if (!parsed.success) {
        // Written by a build whose events this one no longer knows: kept out of the way, said loudly.
        log.error({ outboxId: row.id, err: parsed.error }, 'outbox row with unknown events dropped');
      } else {
        log.warn({ outboxId: row.id, events: parsed.data.map((e) => e.type) }, 'handing out events a process left');
        await track(dispatch(parsed.data));
      }
      await clear(outbox, row.id);
    }
    return rows.length;
  }

  /** Tracks dispatch work so `drain` (shutdown, tests) can wait for it. */
  function track(work: Promise<void>): Promise<void> {
    pending.add(work);
    void work.finally(() => pending.delete(work));
    return work;
  }

  /**
   * Gives `tx` a collector and makes its savepoints (`tx.transaction`) collect apart: their events join
   * the outer collector when the savepoint is released and are dropped when it is rolled back.
   */
  function collect(tx: Transactional, events: DomainEvent[]): void {
    collectors.set(tx, events);
    const savepoint = tx.transaction.bind(tx) as unknown as (fn: (inner: Tx) => Promise<unknown>) => Promise<unknown>;
    const wrapped = async (fn: (inner: Tx) => Promise<unknown>) => {
      const inner: DomainEvent[] = [];
      const result = await savepoint((innerTx) => {
        collect(innerTx, inner);
        return fn(innerTx);
      });
      events.push(...inner);
      return result;
    };
    (tx as { transaction: unknown }).transaction = wrapped;
  }

  return {
    publish(conn, event) {
      const parsed = DomainEvent.parse(event);
      const events = collectors.get(conn);
      if (events) {
        events.push(parsed);
        return;
      }
      if (!databases.has(conn)) {
        // A transaction the bus never saw commit could roll back: refusing is safer than guessing.
        throw new Error(`event ${parsed.type} published on a connection the event bus is not attached to`);
      }
      void track(new Promise<void>((resolve) => setImmediate(resolve)).then(() => dispatch([parsed])));
    },

    register(subscribers) {
      registry = subscribers as unknown as Record<DomainEventType, AnySubscriber[]>;
    },

    subscribe(type, subscriber) {
      const set = extra.get(type) ?? new Set<AnySubscriber>();
      extra.set(type, set);
      set.add(subscriber as AnySubscriber);
      return () => set.delete(subscriber as AnySubscriber);
    },

    attach(db, outbox) {
      databases.add(db);
      outboxOf = outbox;
      // Attaching again (a second context on the same database) wraps the driver's own method, not ours.
      const target = db as Db & { [ORIGINAL]?: Db['transaction'] };
      const begin = (target[ORIGINAL] ??= db.transaction.bind(db));
      // Both drivers resolve `transaction` only after COMMIT succeeded (node-postgres: after `commit` on its
      // pooled client; PGlite: after its own transaction() committed) and reject after a ROLLBACK, including
      // a COMMIT that failed. So the events of a transaction go out exactly when its promise resolves.
      // With an outbox the events are also written in the transaction, last (nothing publishes after `fn`), so
      // a process that dies after COMMIT leaves them for a relay instead of losing them.
      const transaction = async <T>(fn: (tx: Tx) => Promise<T>, config?: Parameters<Db['transaction']>[1]) => {
        const events: DomainEvent[] = [];
        let outboxId: number | undefined;
        // The callback runs as holding this database's transaction: outside production, a query of it on
        // another connection fails at once (db/transaction-scope.ts) instead of deadlocking a busy pool.
        const result = await begin(
          (tx) =>
            holdingTransaction(db, async () => {
              collect(tx, events);
              const value = await fn(tx);
              if (outbox && events.length > 0) {
                // Each event's id goes with it, so one handed out twice is known as the same by the jobs it queues.
                for (const event of events) event.event_id ??= randomUUID();
                outboxId = await outbox.write(tx, events);
              }
              return value;
            }),
          config,
        );
        if (events.length > 0) {
          options.afterCommit?.(events);
          await track(
            dispatch(events).then(() => (outbox && outboxId !== undefined ? clear(outbox, outboxId) : undefined)),
          );
        }
        return result;
      };
      target.transaction = transaction as Db['transaction'];
    },

    async drain() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },

    redeliver,

    startRelay(intervalMs) {
      if (relay) return;
      relay = setInterval(() => {
        if (relaying) return;
        relaying = redeliver()
          .catch((err: unknown) => {
            log[isDatabaseUnavailable(err) ? 'debug' : 'warn']({ err }, 'outbox relay failed; it tries again');
            return 0;
          })
          .finally(() => (relaying = undefined));
      }, intervalMs);
      relay.unref();
    },

    stopRelay() {
      clearInterval(relay);
      relay = undefined;
    },
  };
}
