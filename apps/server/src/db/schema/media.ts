import type { MediaStatus } from '@inkwell/contracts';
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, real, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { belongsTo, timestamps } from './columns';
import { users } from './users';

/** Every uploaded file: images as stored, audio and video with their transcoding state. */
export const mediaFiles = pgTable(
  'media_files',
  {
    /** The public identifier (`file` in the API): random, never derived from the upload's name. */
    id: varchar({ length: 40 }).primaryKey(),
    user_id: belongsTo(() => users.id),
    kind: varchar({ length: 10 }).$type<'image' | 'audio' | 'video'>().notNull(),
    status: varchar({ length: 12 }).$type<MediaStatus>().notNull(),
    /**
     * The untouched upload while it waits to be transcoded: a `private/` key, never served, and removed once
     * the transcode has ended either way.
     */
    source_key: text(),
    output_key: text(),
    poster_key: text(),
    mime: varchar({ length: 100 }),
    /** What the file takes in storage now (the original while processing, then output and poster). */
    size_bytes: integer().notNull().default(0),
    duration_seconds: real(),
    width: integer(),
    height: integer(),
    progress: integer().notNull().default(0),
    error: text(),
    processed_at: timestamp({ withTimezone: true }),
    /**
     * Set once something points at the file (a post, or a profile or cover picture). Uploads that stay
     * unattached are deleted after a day by the `media.cleanup` job.
     */
    attached_at: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('media_files_user_id_idx').on(t.user_id, t.created_at),
    index('media_files_output_key_idx').on(t.output_key),
    // A person's storage in use is a sum read from this index alone.
    index('media_files_usage_idx').on(t.user_id, t.kind, t.size_bytes),
    index('media_files_unattached_idx')
      .on(t.created_at)
      .where(sql`${t.attached_at} is null`),
    // Originals left behind (from before they were removed after transcoding).
    index('media_files_leftover_source_idx')
      .on(t.created_at)
      .where(sql`${t.source_key} is not null and ${t.status} <> 'processing'`),
  ],
);
