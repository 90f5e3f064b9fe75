import { bigint, index, pgTable, primaryKey, timestamp, uuid, varchar, jsonb } from 'drizzle-orm/pg-core';

/* Owned by the platform, no module: the event bus's outbox (platform/events) and db/handled-events.ts. */

/**
 * The events of one committed transaction (the outbox), written inside it: the process that committed hands
 * them out at once and deletes the row; if it died first, the relay of any process hands them out once
 * `claimed_until` has passed. So a crash between COMMIT and the subscribers loses no notification or copy.
 */
export const eventOutbox = pgTable(
  'event_outbox',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    events: jsonb().notNull(),
    /** Nobody else dispatches the row before this: the committing process first, then a relay that claimed it. */
    claimed_until: timestamp({ withTimezone: true }).notNull(),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('event_outbox_claimed_idx').on(t.claimed_until)],
);

/**
 * Which consumer already did its work for which event (`event_id`), written in the same transaction as that work:
 * a job run twice for one event (retried after its commit, or queued twice by a redelivered outbox row) does it
 * once. Forgotten after a week.
 */
export const handledEvents = pgTable(
  'handled_events',
  {
    consumer: varchar({ length: 40 }).notNull(),
    event_id: uuid().notNull(),
    handled_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.consumer, t.event_id] }), index('handled_events_handled_at_idx').on(t.handled_at)],
);
