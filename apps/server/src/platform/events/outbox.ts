import type { DomainEvent } from '@inkwell/contracts';
import { sql } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '../../db/connect';

/**
 * Where a transaction's events wait until they have reached their subscribers (`event_outbox`): written inside
 * the transaction, so a committed change always has its events on disk, whatever happens to the process next.
 */
export interface Outbox {
  /** Writes the events in `tx`, claimed by this process for the retry window; returns the row's id. */
  write(tx: Tx, events: DomainEvent[]): Promise<number>;
  /** The events reached their subscribers: the row goes. */
  clear(id: number): Promise<void>;
  /** Claims up to `limit` rows whose claim ran out (their process died or stalled), oldest first. */
  claimStale(limit: number): Promise<{ id: number; events: unknown }[]>;
}

export function createOutbox(db: Db, retrySeconds: number): Outbox {
  // clock_timestamp, not now(): a long transaction's now() is its start, which would shorten its own claim.
  const claim = sql`clock_timestamp() + make_interval(secs => ${retrySeconds})`;
  return {
    async write(tx, events) {
      const [row] = await queryRows<{ id: string | number }>(
        tx as unknown as Db,
        sql`insert into event_outbox (events, claimed_until) values (${JSON.stringify(events)}::jsonb, ${claim}) returning id`,
      );
      return Number(row!.id);
    },
    async clear(id) {
      await db.execute(sql`delete from event_outbox where id = ${id}`);
    },
    async claimStale(limit) {
      const rows = await queryRows<{ id: string | number; events: unknown }>(
        db,
        sql`update event_outbox set claimed_until = ${claim}
            where id in (select id from event_outbox where claimed_until < clock_timestamp()
                         order by id limit ${limit} for update skip locked)
            returning id, events`,
      );
      return rows.map((r) => ({ id: Number(r.id), events: r.events })).sort((a, b) => a.id - b.id);
    },
  };
}
