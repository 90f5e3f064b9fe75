import type { ApprovedStatus, PublishedStatus } from '@inkwell/contracts';
import { sql } from 'drizzle-orm';
import { index, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { belongsTo, identity, timestamps } from './columns';
import { users } from './users';

/** The organizations module's table: the organizations creators' accounts belong to. */

export const organizations = pgTable(
  'organizations',
  {
    id: identity(),
    /** The creator; the organization stays theirs to edit. */
    user_id: belongsTo(() => users.id),
    name: varchar({ length: 100 }).notNull(),
    username: varchar({ length: 30 }).notNull(),
    description: varchar({ length: 250 }).notNull(),
    url: text(),
    profile_url: text(),
    approved_status: varchar({ length: 10 }).$type<ApprovedStatus>().notNull().default('pending'),
    published_status: varchar({ length: 12 }).$type<PublishedStatus>().notNull().default('published'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('organizations_username_lower_key').on(sql`lower(${t.username})`),
    index('organizations_user_id_idx').on(t.user_id),
    // The media cleanup keeps uploads used as pictures.
    index('organizations_profile_url_idx')
      .using('hash', t.profile_url)
      .where(sql`${t.profile_url} is not null`),
  ],
);
