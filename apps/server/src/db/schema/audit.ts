import { index, integer, jsonb, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { identity } from './columns';
import { users } from './users';

/* The audit module's table: read by it, written by platform/audit.ts in each admin change's transaction. */

/**
 * Every change made in the admin area: who, what, the fields before and after, when. Written in the same
 * transaction as the change, so a change without its entry cannot exist.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: identity(),
    actor_id: integer().references(() => users.id, { onDelete: 'set null' }),
    /** `users.role`, `accounts.edit`, `posts.reject`, … */
    action: varchar({ length: 50 }).notNull(),
    subject_type: varchar({ length: 30 }).notNull(),
    subject_id: integer(),
    before: jsonb().$type<Record<string, unknown> | null>(),
    after: jsonb().$type<Record<string, unknown> | null>(),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.created_at, t.id),
    index('audit_log_subject_idx').on(t.subject_type, t.subject_id),
  ],
);
