import type { ApprovedStatus, PostType, PublishedStatus } from '@inkwell/contracts';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { belongsTo, identity, timestamps } from './columns';
import { organizations } from './organizations';
import { users } from './users';

/** The accounts module's tables: creator accounts and the people who work on them. */

export const accounts = pgTable(
  'accounts',
  {
    id: identity(),
    organization_id: belongsTo(() => organizations.id),
    name: varchar({ length: 100 }).notNull(),
    username: varchar({ length: 30 }).notNull(),
    description: varchar({ length: 250 }).notNull(),
    url: text(),
    contact: varchar({ length: 250 }),
    profile_url: text(),
    banner_url: text(),
    approved_status: varchar({ length: 10 }).$type<ApprovedStatus>().notNull().default('pending'),
    published_status: varchar({ length: 12 }).$type<PublishedStatus>().notNull().default('published'),
    /** Kept in the row, changed in the same transaction as the follow. */
    followers_count: integer().notNull().default(0),
    /** Published posts in total and by type, for page counts without counting rows. */
    posts_count: integer().notNull().default(0),
    type_counts: jsonb().$type<Partial<Record<PostType, number>>>().notNull().default({}),
    /** The IANA zone its insights count days in (`DEFAULT_TIME_ZONE` in contracts). */
    time_zone: varchar({ length: 64 }).notNull().default('Asia/Yangon'),
    /** Featured by the team (`discovery.manage`): in Explore's section and first among suggestions. */
    featured_at: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('accounts_username_lower_key').on(sql`lower(${t.username})`),
    index('accounts_organization_id_idx').on(t.organization_id),
    index('accounts_explore_idx').on(t.followers_count, t.id),
    index('accounts_featured_idx')
      .on(t.featured_at)
      .where(sql`${t.featured_at} is not null`),
    index('accounts_profile_url_idx')
      .using('hash', t.profile_url)
      .where(sql`${t.profile_url} is not null`),
    index('accounts_banner_url_idx')
      .using('hash', t.banner_url)
      .where(sql`${t.banner_url} is not null`),
    index('accounts_name_trgm_idx').using(
      'gin',
      sql`(${t.name} || ' ' || ${t.username} || ' ' || ${t.description}) gin_trgm_ops`,
    ),
  ],
);

export type AccountRole = 'owner' | 'editor';

/** Who works on an account, and as what (the admin screens show this pivot). */
export const accountUsers = pgTable(
  'account_users',
  {
    account_id: belongsTo(() => accounts.id),
    user_id: belongsTo(() => users.id),
    role: varchar({ length: 10 }).$type<AccountRole>().notNull().default('owner'),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.account_id, t.user_id] }), index('account_users_user_id_idx').on(t.user_id)],
);
