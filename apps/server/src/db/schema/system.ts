import { jsonb, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

/* The server's own table, no module's: the demo seed and the push keys keep their facts here. */

/** Small facts the server keeps about itself (which demo scenarios ran, generated keys, …). */
export const appState = pgTable('app_state', {
  key: varchar({ length: 100 }).primaryKey(),
  value: jsonb().notNull(),
  updated_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
