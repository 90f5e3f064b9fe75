import { index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { identity } from './columns';

/* Owned by the platform, no module: platform/mail writes every e-mail here and its `mail.send` job delivers it. */

/** Every e-mail the server writes; the mail job delivers it (SMTP) or logs it (embedded default). */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: identity(),
    to: varchar({ length: 254 }).notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    html: text().notNull(),
    status: varchar({ length: 10 }).$type<'queued' | 'sent' | 'logged' | 'failed'>().notNull().default('queued'),
    error: text(),
    attempts: integer().notNull().default(0),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sent_at: timestamp({ withTimezone: true }),
  },
  (t) => [index('mail_outbox_created_at_idx').on(t.created_at)],
);
