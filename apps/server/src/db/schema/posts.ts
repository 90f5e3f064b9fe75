import type { NotificationKind, PostType } from '@inkwell/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { accounts } from './creators';
import { users } from './identity';

export const posts = pgTable(
  'posts',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    account_id: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** The person who composed it (the account may have several). */
    author_id: integer().references(() => users.id, { onDelete: 'set null' }),
    type: varchar({ length: 10 }).$type<PostType>().notNull(),
    slug: varchar({ length: 160 }).notNull(),
    title: varchar({ length: 200 }),
    /** HTML (sanitised) for articles; plain text otherwise. */
    content: text(),
    url: text(),
    featured_photo_url: text(),
    photos: jsonb().$type<{ url: string; caption: string }[]>().notNull().default([]),
    status: varchar({ length: 12 }).$type<'published' | 'rejected'>().notNull().default('published'),
    /** Why an administrator rejected it (shown to its people); cleared on restore. */
    rejected_reason: varchar({ length: 500 }),
    rejected_at: timestamp({ withTimezone: true }),
    /**
     * Shown in feeds: published, and its account approved and published. Kept in the row so feeds read one
     * index; changed together with the account's status.
     */
    visible: boolean().notNull().default(true),
    likes_count: integer().notNull().default(0),
    comments_count: integer().notNull().default(0),
    /** Title and text for full-text search ('simple': no stemming, fine for Burmese and Thai too). */
    search_text: text().notNull().default(''),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('posts_slug_key').on(t.slug),
    // Feeds read newest first by scanning these indexes backwards.
    index('posts_public_feed_idx')
      .on(t.created_at, t.id)
      .where(sql`${t.visible}`),
    index('posts_account_feed_idx').on(t.account_id, t.created_at, t.id),
    // The followed feed picks each account's newest visible ids from this index alone (an index-only scan).
    index('posts_account_visible_idx')
      .on(t.account_id, t.created_at, t.id)
      .where(sql`${t.visible}`),
    index('posts_account_type_idx').on(t.account_id, t.type, t.created_at, t.id),
    index('posts_search_fts_idx').using('gin', sql`to_tsvector('simple', ${t.search_text})`),
    index('posts_search_trgm_idx').using('gin', sql`${t.search_text} gin_trgm_ops`),
    // Which uploads a post points at: the media cleanup never deletes those.
    index('posts_url_idx')
      .using('hash', t.url)
      .where(sql`${t.url} is not null`),
    index('posts_featured_photo_url_idx')
      .using('hash', t.featured_photo_url)
      .where(sql`${t.featured_photo_url} is not null`),
    index('posts_photos_idx').using('gin', t.photos.op('jsonb_path_ops')),
    // The admin post table, newest first.
    index('posts_created_idx').on(t.created_at, t.id),
  ],
);

export const follows = pgTable(
  'follows',
  {
    user_id: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    account_id: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** The follower rang the account's bell: each new post of it notifies them. */
    bell: boolean().notNull().default(false),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.user_id, t.account_id] }),
    index('follows_account_idx').on(t.account_id, t.created_at),
    index('follows_bell_idx')
      .on(t.account_id, t.user_id)
      .where(sql`${t.bell}`),
  ],
);

export const likes = pgTable(
  'likes',
  {
    user_id: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    likeable_type: varchar({ length: 10 }).$type<'post' | 'comment'>().notNull(),
    likeable_id: integer().notNull(),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.user_id, t.likeable_type, t.likeable_id] }),
    index('likes_target_idx').on(t.likeable_type, t.likeable_id, t.created_at),
  ],
);

export const comments = pgTable(
  'comments',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    post_id: integer()
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    parent_id: integer().references((): any => comments.id, { onDelete: 'cascade' }),
    depth: integer().notNull().default(1),
    user_id: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Set when the person commented as one of their approved accounts. */
    account_id: integer().references(() => accounts.id, { onDelete: 'cascade' }),
    content: text().notNull(),
    likes_count: integer().notNull().default(0),
    ...timestamps,
  },
  (t) => [index('comments_post_idx').on(t.post_id, t.created_at), index('comments_parent_idx').on(t.parent_id)],
);

export type NotificationType = NotificationKind;

/**
 * One notification for one person, written in their language when it was made. Kinds that come in floods
 * (likes on one post within an hour, messages of one chat while unread) are one row, updated as more come
 * (`group_key`, `actors_count`). `in_app` is off when the person turned the kind off in the app but on for push:
 * such a row only carries the push and is neither listed nor counted.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    user_id: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: varchar({ length: 20 }).$type<NotificationType>().notNull(),
    actor_id: integer().references(() => users.id, { onDelete: 'cascade' }),
    account_id: integer().references(() => accounts.id, { onDelete: 'cascade' }),
    post_id: integer().references(() => posts.id, { onDelete: 'cascade' }),
    comment_id: integer().references(() => comments.id, { onDelete: 'cascade' }),
    title: text().notNull().default(''),
    body: text().notNull().default(''),
    icon: text().notNull().default(''),
    url: text().notNull().default('/'),
    tag: varchar({ length: 60 }).notNull().default(''),
    payload: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    group_key: varchar({ length: 60 }),
    grouped_since: timestamp({ withTimezone: true }),
    actors_count: integer().notNull().default(1),
    in_app: boolean().notNull().default(true),
    push: boolean().notNull().default(true),
    /** Last sent by Web Push: a grouped notification is pushed again only after a quiet minute. */
    pushed_at: timestamp({ withTimezone: true }),
    read_at: timestamp({ withTimezone: true }),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notifications_user_idx').on(t.user_id, t.created_at),
    index('notifications_group_idx')
      .on(t.user_id, t.group_key)
      .where(sql`${t.group_key} is not null`),
  ],
);

/** Totals shown with pages (how many posts there are), kept up to date instead of counted. */
export const counters = pgTable('counters', {
  key: varchar({ length: 100 }).primaryKey(),
  value: integer().notNull().default(0),
});
