import type { ReportAction, ReportReason, ReportSnapshot, ReportStatus, ReportTargetType } from '@inkwell/contracts';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { belongsTo, identity, timestamps } from './columns';
import { users } from './users';

/* The reports module's tables. */

/**
 * A reported target (by type and id: it may be deleted later, the report stays): one open report per target,
 * its reporters folded in. The snapshot is the content as it was when first reported. `author_id` is the
 * person answerable for it (the queue's "earlier reports on this author").
 */
export const reports = pgTable(
  'reports',
  {
    id: identity(),
    target_type: varchar({ length: 20 }).$type<ReportTargetType>().notNull(),
    target_id: integer().notNull(),
    author_id: integer().references(() => users.id, { onDelete: 'set null' }),
    snapshot: jsonb().$type<ReportSnapshot>().notNull(),
    status: varchar({ length: 12 }).$type<ReportStatus>().notNull().default('open'),
    reporters_count: integer().notNull().default(0),
    action: varchar({ length: 20 }).$type<ReportAction>(),
    note: text(),
    resolved_by: integer().references(() => users.id, { onDelete: 'set null' }),
    resolved_at: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('reports_open_target_idx')
      .on(t.target_type, t.target_id)
      .where(sql`status = 'open'`),
    index('reports_queue_idx').on(t.status, t.created_at, t.id),
    index('reports_author_idx').on(t.author_id, t.created_at),
  ],
);

/** One person's report of a target: their reason and words (reporting again updates them). */
export const reportEntries = pgTable(
  'report_entries',
  {
    report_id: belongsTo(() => reports.id),
    reporter_id: belongsTo(() => users.id),
    reason: varchar({ length: 20 }).$type<ReportReason>().notNull(),
    comment: text(),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.report_id, t.reporter_id] }),
    index('report_entries_reporter_idx').on(t.reporter_id, t.created_at),
  ],
);
