import type { MediaStatus, TusFinished, TusKind } from '@inkwell/contracts';
import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, real, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { belongsTo, timestamps } from './columns';
import { users } from './users';

/** A video's HLS rendition as its master playlist lists it (platform/media/hls.ts `Variant`). */
export interface StoredRendition {
  name: string;
  bandwidth: number;
  averageBandwidth: number;
  width: number;
  height: number;
  frameRate: number | null;
  codecs: string;
}

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
    /**
     * Every file a transcode stored for it (output, poster, playlists, renditions, thumbnails, low-data copy): what
     * a members-only post's lock moves and the cleanup deletes. Empty for uploads from before adaptive streaming.
     */
    file_keys: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** A video's HLS renditions stored so far, as its master playlist lists them. */
    renditions: jsonb().$type<StoredRendition[]>().notNull().default([]),
    /** The tallest rendition (short side, px) the uploader's plan allowed when the video came in. */
    max_rendition: smallint().notNull().default(720),
    /**
     * What the file takes in storage now: the original while processing; then everything stored for it (and the
     * original while a video's last renditions are still being made).
     */
    size_bytes: integer().notNull().default(0),
    duration_seconds: real(),
    width: integer(),
    height: integer(),
    /**
     * 0–100. A video is `processed` (playable) once its first renditions are stored and reaches 100 when the last
     * are: `processed` below 100 means its transcode is still going on.
     */
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
    // Originals left behind once their transcode ended (failed, or processed to the last rendition).
    index('media_files_leftover_source_idx')
      .on(t.created_at)
      .where(
        sql`${t.source_key} is not null and (${t.status} = 'failed' or (${t.status} = 'processed' and ${t.progress} = 100))`,
      ),
  ],
);

/**
 * Resumable (tus) uploads, as every server process sees them: the bytes wait in the tus store (a process's data
 * folder, or the bucket), which cannot say cheaply whose uploads are open. While unfinished, a row counts against its
 * person's open uploads and, for audio and video, their quota by the size it declared; once finished, it keeps the
 * answer for a client whose last answer was lost. Rows go a day after their last write (the `media.cleanup` job).
 */
export const tusUploads = pgTable(
  'tus_uploads',
  {
    /** The upload's id in its URL. */
    id: varchar({ length: 32 }).primaryKey(),
    user_id: belongsTo(() => users.id),
    kind: varchar({ length: 10 }).$type<TusKind>().notNull(),
    /** `Upload-Length` as declared at creation: what the upload will take once finished. */
    length: bigint({ mode: 'number' }).notNull(),
    /** The last write (or the finish): the upload expires a day after it. */
    written_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** When a request took the finished bytes to accept them: from then on the upload is no longer open. */
    claimed_at: timestamp({ withTimezone: true }),
    /** What the last PATCH answered, once the upload was accepted. */
    finished: jsonb().$type<TusFinished>(),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A person's open uploads, counted and summed when they start another.
    index('tus_uploads_open_idx')
      .on(t.user_id, t.written_at)
      .where(sql`${t.claimed_at} is null`),
    index('tus_uploads_written_at_idx').on(t.written_at),
  ],
);
