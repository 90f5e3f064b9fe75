import { sql } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from './connect';

/**
 * Records, in the caller's transaction, that `consumer` handles the event `eventId`; false when it already did
 * (a retried job whose first run committed, or the same event queued twice by a redelivered outbox row): the
 * caller then does nothing. An event without an id (published outside a transaction) is always handled.
 */
export async function firstHandling(tx: Tx, consumer: string, eventId: string | undefined): Promise<boolean> {
  if (!eventId) return true;
  const rows = await queryRows(
    tx as unknown as Db,
    sql`insert into handled_events (consumer, event_id) values (${consumer}, ${eventId})
        on conflict do nothing returning event_id`,
  );
  return rows.length > 0;
}

/** Forgets handlings older than a week: no retry or redelivery comes that late. */
export async function pruneHandledEvents(db: Db): Promise<void> {
  await db.execute(sql`delete from handled_events where handled_at < now() - interval '7 days'`);
}
