import { integer, pgTable, varchar } from 'drizzle-orm/pg-core';

/*
 * Owned by db/ itself, not a module: its keys are in db/counters.ts (posts, removal.ts and the dashboard
 * triggers keep them).
 */

/** Totals shown with pages (how many posts there are), kept up to date instead of counted. */
export const counters = pgTable('counters', {
  key: varchar({ length: 100 }).primaryKey(),
  value: integer().notNull().default(0),
});
