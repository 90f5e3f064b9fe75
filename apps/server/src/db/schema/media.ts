import type { MediaStatus } from '@inkwell/contracts';
import { index, integer, pgTable, real, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { users } from './identity';

/** Every uploaded file: images as stored, audio and video with their transcoding state. */
export const mediaFiles = pgTable(
  'media_files',
  {
    /** The public identifier (`file` in the API): random, never derived from the upload's name. */
    id: varchar({ length: 40 }).primaryKey(),
    user_id: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: varchar({ length: 10 }).$type<'image' | 'audio' | 'video'>().notNull(),
    status: varchar({ length: 12 }).$type<MediaStatus>().notNull(),
    source_key: text(),
    output_key: text(),
    poster_key: text(),
    mime: varchar({ length: 100 }),
    size_bytes: integer().notNull().default(0),
    duration_seconds: real(),
    width: integer(),
    height: integer(),
    progress: integer().notNull().default(0),
    error: text(),
    processed_at: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('media_files_user_id_idx').on(t.user_id, t.created_at),
    index('media_files_output_key_idx').on(t.output_key),
  ],
);
