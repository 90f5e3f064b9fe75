import type { Mention, PostLanguage, PostType } from '@inkwell/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { belongsTo, identity, timestamps } from './columns';
import { membershipTiers } from './memberships';
import { users } from './users';

/** The posts module's table (its readers' stored feeds are in feeds.ts). */

/** A tsvector, written from SQL (`setweight(to_tsvector(…))`) and never read into the application. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** The revision of the text rules posts' derived columns follow (see `text_version`). */
export const TEXT_VERSION = 1;

export const posts = pgTable(
  'posts',
  {
    id: identity(),
    account_id: belongsTo(() => accounts.id),
    /** The person who composed it (the account may have several). */
    author_id: integer().references(() => users.id, { onDelete: 'set null' }),
    type: varchar({ length: 10 }).$type<PostType>().notNull(),
    slug: varchar({ length: 160 }).notNull(),
    title: varchar({ length: 200 }),
    /** HTML (sanitised) for articles; plain text otherwise. */
    content: text(),
    url: text(),
    featured_photo_url: text(),
    /**
     * The description of the post's one image (a photo's or an article's `url`, an audio or video post's
     * `featured_photo_url`): its `alt` wherever it is shown. Null: none written.
     */
    featured_photo_alt: varchar({ length: 1500 }),
    /** A gallery's photos, each with its caption and its description (`alt`; rows from before: none). */
    photos: jsonb().$type<{ url: string; caption: string; alt?: string }[]>().notNull().default([]),
    /**
     * Members-only: readable by members of this tier and of the tiers ranked above it (null: public). A tier a
     * post requires cannot be deleted (it would open the post to everyone); `no action`, not `restrict`, so deleting
     * the account still takes both, checked at the end of that statement.
     */
    min_tier_id: integer().references(() => membershipTiers.id),
    /**
     * Members-only: the public URL of a small, blurred copy of its cover, made after the commit that locks it
     * (locked-media.ts); what a viewer without access sees in the cover's place and in link previews.
     */
    blurred_cover: text(),
    /**
     * A draft or a scheduled post is its account's people's alone (never `visible`, in no list, count or feed); it
     * becomes `published` when they publish it, or at `publish_at` (posts/schedule.ts); `rejected` by an admin.
     */
    status: varchar({ length: 12 })
      .$type<'draft' | 'scheduled' | 'published' | 'rejected'>()
      .notNull()
      .default('published'),
    /** When a scheduled post publishes itself (null otherwise). */
    publish_at: timestamp({ withTimezone: true }),
    /** When it was last edited after publishing (its earlier versions are in `post_versions`); null: never. */
    edited_at: timestamp({ withTimezone: true }),
    /** Pinned at the top of its account's page, in this place (1 to 3); null: not pinned. */
    pin_position: smallint(),
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
    /** Title, text and captions as plain text: search's substring fallback (trigrams) and its snippets. */
    search_text: text().notNull().default(''),
    /**
     * The words of the title (weight A) and of the rest (weight B), found by `Intl.Segmenter` inside unspaced
     * Burmese and Thai, lower-cased, in the `simple` configuration (no stemming): what search matches and ranks.
     */
    search_vector: tsvector()
      .notNull()
      .default(sql`''::tsvector`),
    /** From its script (`languageOf`): my, th, en or other. */
    language: varchar({ length: 5 }).$type<PostLanguage>().notNull().default('other'),
    /** Its #tags as written in it (normalised), in order; `post_tags` indexes them. */
    tags: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Its @mentions, resolved when written: whom each one names and links to. */
    mentions: jsonb().$type<Mention[]>().notNull().default([]),
    /**
     * Which revision of the text rules (Unicode, words, language, tags) its derived columns follow; rows written
     * before are brought up to date by the `text.backfill` job.
     */
    text_version: smallint().notNull().default(0),
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
    index('posts_search_vector_idx').using('gin', t.search_vector),
    // The public feed in one language.
    index('posts_language_feed_idx')
      .on(t.language, t.created_at, t.id)
      .where(sql`${t.visible}`),
    // The backfill finds what is behind.
    index('posts_text_version_idx')
      .on(t.id)
      .where(sql`${t.text_version} < ${sql.raw(String(TEXT_VERSION))}`),
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
    // What the scheduler publishes next.
    index('posts_publish_at_idx')
      .on(t.publish_at)
      .where(sql`${t.status} = 'scheduled'`),
    // An account's drafts and scheduled posts, last changed first (`/user/drafts`).
    index('posts_unpublished_idx')
      .on(t.account_id, t.updated_at, t.id)
      .where(sql`${t.status} in ('draft', 'scheduled')`),
    // An account's pins, one post per place.
    uniqueIndex('posts_pin_key')
      .on(t.account_id, t.pin_position)
      .where(sql`${t.pin_position} is not null`),
  ],
);

/**
 * A post as it was before an edit (Mastodon's model): what anyone who may read the post may open from its
 * "edited" mark. Written by the edit that replaced it, in the same transaction; deleted with the post.
 */
export const postVersions = pgTable(
  'post_versions',
  {
    id: identity(),
    post_id: belongsTo(() => posts.id),
    title: varchar({ length: 200 }),
    content: text(),
    url: text(),
    featured_photo_url: text(),
    featured_photo_alt: varchar({ length: 1500 }),
    photos: jsonb().$type<{ url: string; caption: string; alt?: string }[]>().notNull().default([]),
    /** Who made the edit that replaced this version. */
    editor_id: integer().references(() => users.id, { onDelete: 'set null' }),
    /** When this version was written (the post's `created_at` or its edit before). */
    written_at: timestamp({ withTimezone: true }).notNull(),
    /** When an edit replaced it. */
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('post_versions_post_idx').on(t.post_id, t.created_at, t.id)],
);
