import { randomUUID } from 'node:crypto';
import { DomainEvent, type DomainEventOf, type DomainEventType } from '@inkwell/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/connect';
import { isDatabaseUnavailable } from '../../db/errors';
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
   * Publishes `event` from `conn`. On a transaction opened by `transaction` (or one of its savepoints) the event
   * waits for its commit and is dropped on a rollback; a rolled-back savepoint drops the events published inside
   * it. On the attached database itself (no transaction) the event is handed out once the caller yields. Any
   * other connection (a transaction opened another way) is refused: its commit would go unheard.
   */
  publish(conn: Db | Tx, event: DomainEvent): void;
  /**
   * Opens a transaction on the attached database whose events are handed out right after its COMMIT, before the
   * returned promise resolves. With an outbox they are also written in it (last), so a process that dies after
   * COMMIT leaves them for a relay instead of losing them. Every transaction that publishes is opened here.
   */
  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  /** Sets the registry: every event's subscribers (see `EventSubscribers`). */
  register(subscribers: EventSubscribers): void;
  /** Adds one more subscriber beside the registry (tests); returns its removal. */
  subscribe<K extends DomainEventType>(type: K, subscriber: Subscriber<K>): () => void;
  /** The database `transaction` opens on and `publish` accepts, and the outbox its transactions write to. */
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

/** Subscribers and the hand-out of events to them, tracked so `drain` can wait for the work under way. */
function createDelivery(log: FastifyBaseLogger) {
  let registry: Partial<Record<DomainEventType, AnySubscriber[]>> = {};
  const extra = new Map<DomainEventType, Set<AnySubscriber>>();
  const pending = new Set<Promise<void>>();

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

  return {
    async dispatch(events: DomainEvent[]): Promise<void> {
      for (const event of events) await deliver(event);
    },
    /** Tracks dispatch work so `drain` (shutdown, tests) can wait for it. */
    track(work: Promise<void>): Promise<void> {
      pending.add(work);
      void work.finally(() => pending.delete(work));
      return work;
    },
    async drain(): Promise<void> {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
    register(subscribers: EventSubscribers): void {
      registry = subscribers as unknown as Record<DomainEventType, AnySubscriber[]>;
    },
    subscribe(type: DomainEventType, subscriber: AnySubscriber): () => void {
      const set = extra.get(type) ?? new Set<AnySubscriber>();
      extra.set(type, set);
      set.add(subscriber);
      return () => set.delete(subscriber);
    },
  };
}

type Delivery = ReturnType<typeof createDelivery>;

/** After the subscribers: the row goes. If that fails the relay hands the events out again (at least once). */
async function clearRow(log: FastifyBaseLogger, outbox: Outbox, id: number): Promise<void> {
  try {
    await outbox.clear(id);
  } catch (err) {
    log.warn({ err, outboxId: id }, 'outbox row not cleared; its events will be handed out again');
  }
}

/** The relay: hands out the outbox rows a dead process left once their claim ran out, now or every few seconds. */
function createRelay(log: FastifyBaseLogger, delivery: Delivery, outboxOf: () => Outbox | undefined) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;

  async function redeliver(): Promise<number> {
    const outbox = outboxOf();
    if (!outbox) return 0;
    const rows = await outbox.claimStale(50);
    for (const row of rows) {
      const parsed = DomainEvent.array().safeParse(row.events);
      if (!parsed.success) {
        // Written by a build whose events this one no longer knows: kept out of the way, said loudly.
        log.error({ outboxId: row.id, err: parsed.error }, 'outbox row with unknown events dropped');
      } else {
        log.warn({ outboxId: row.id, events: parsed.data.map((e) => e.type) }, 'handing out events a process left');
        await delivery.track(delivery.dispatch(parsed.data));
      }
      await clearRow(log, outbox, row.id);
    }
    return rows.length;
  }

  return {
    redeliver,
    startRelay(intervalMs: number): void {
      if (timer) return;
      timer = setInterval(() => {
        if (running) return;
        running = redeliver()
          .catch((err: unknown) => {
            log[isDatabaseUnavailable(err) ? 'debug' : 'warn']({ err }, 'outbox relay failed; it tries again');
            return 0;
          })
          .finally(() => (running = undefined));
      }, intervalMs);
      timer.unref();
    },
    stopRelay(): void {
      clearInterval(timer);
      timer = undefined;
    },
  };
}

/**
 * The events published on each open transaction (or savepoint). A transaction's savepoints (`tx.transaction`)
 * collect apart: their events join the outer ones when the savepoint is released and are dropped when it is
 * rolled back.
 */
function createCollectors() {
  const collectors = new WeakMap<object, DomainEvent[]>();

  function collect(tx: Pick<Db, 'transaction'>, events: DomainEvent[]): void {
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

  return { collect, of: (conn: object) => collectors.get(conn) };
}

export function createEventBus(log: FastifyBaseLogger, options: EventBusOptions = {}): EventBus {
  const delivery = createDelivery(log);
  const collectors = createCollectors();
  let database: Db | undefined;
  let outbox: Outbox | undefined;
  const relay = createRelay(log, delivery, () => outbox);

  async function transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    if (!database) throw new Error('the event bus is not attached to a database');
    const events: DomainEvent[] = [];
    const writesTo = outbox;
    let outboxId: number | undefined;
    // Both drivers resolve `transaction` only after COMMIT succeeded (node-postgres: after `commit` on its pooled
    // client; PGlite: after its own transaction() committed) and reject after a ROLLBACK, including a COMMIT that
    // failed. So the events of a transaction go out exactly when its promise resolves.
    const result = await database.transaction(async (tx) => {
      collectors.collect(tx, events);
      const value = await fn(tx);
      if (writesTo && events.length > 0) {
        // Each event's id goes with it, so one handed out twice is known as the same by the jobs it queues.
        for (const event of events) event.event_id ??= randomUUID();
        outboxId = await writesTo.write(tx, events);
      }
      return value;
    });
    if (events.length > 0) {
      options.afterCommit?.(events);
      await delivery.track(
        delivery
          .dispatch(events)
          .then(() => (writesTo && outboxId !== undefined ? clearRow(log, writesTo, outboxId) : undefined)),
      );
    }
    return result;
  }

  return {
    publish(conn, event) {
      const parsed = DomainEvent.parse(event);
      const events = collectors.of(conn);
      if (events) {
        events.push(parsed);
        return;
      }
      if (!database || conn !== database) {
        // A transaction the bus never saw commit could roll back: refusing is safer than guessing.
        throw new Error(
          `event ${parsed.type} published on a connection the event bus is not attached to (open it with ctx.transaction)`,
        );
      }
      void delivery.track(
        new Promise<void>((resolve) => setImmediate(resolve)).then(() => delivery.dispatch([parsed])),
      );
    },
    transaction,
    register: delivery.register,
    subscribe: (type, subscriber) => delivery.subscribe(type, subscriber as AnySubscriber),
    attach(db, writesTo) {
      database = db;
      outbox = writesTo;
    },
    drain: delivery.drain,
    ...relay,
  };
}
