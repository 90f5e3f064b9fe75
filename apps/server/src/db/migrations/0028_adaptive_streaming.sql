DROP INDEX "media_files_leftover_source_idx";--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "video_1080p" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "media_files" ADD COLUMN "file_keys" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "media_files" ADD COLUMN "renditions" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "media_files" ADD COLUMN "max_rendition" smallint DEFAULT 720 NOT NULL;--> statement-breakpoint
CREATE INDEX "media_files_leftover_source_idx" ON "media_files" USING btree ("created_at") WHERE "media_files"."source_key" is not null and ("media_files"."status" = 'failed' or ("media_files"."status" = 'processed' and "media_files"."progress" = 100));--> statement-breakpoint
-- The top seeded plan streams 1080p (existing plans are never overwritten by the seed; administrators change the rest).
UPDATE "plans" SET "video_1080p" = true WHERE "slug" = 'studio';
