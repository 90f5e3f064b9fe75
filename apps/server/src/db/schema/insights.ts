import { date, index, integer, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { belongsTo } from './columns';
import { accounts } from './accounts';

/**
 * What happened to a creator account on one day of its time zone: likes its posts received and lost, follows
 * it gained and lost. Kept by the `insights.count` job (one upsert per event), read by the account's charts.
 */
export const accountDailyStats = pgTable(
  'account_daily_stats',
  {
    account_id: belongsTo(() => accounts.id),
    /** The day, in the account's time zone, on which the events happened. */
    day: date({ mode: 'string' }).notNull(),
    likes: integer().notNull().default(0),
    unlikes: integer().notNull().default(0),
    follows: integer().notNull().default(0),
    unfollows: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.account_id, t.day] })],
);

/**
 * The `insights.count` jobs already counted, written by the same statement as their upsert: a job retried
 * after its count committed (a crash before pg-boss heard of it) counts nothing twice. Pruned daily.
 */
export const insightsCountedJobs = pgTable(
  'insights_counted_jobs',
  {
    job_id: uuid().primaryKey(),
    counted_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('insights_counted_jobs_counted_at_idx').on(t.counted_at)],
);
