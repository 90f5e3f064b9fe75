ALTER TABLE "plans" ADD COLUMN "storage_quota_mb" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "media_files" ADD COLUMN "attached_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "accounts_profile_url_idx" ON "accounts" USING hash ("profile_url") WHERE "accounts"."profile_url" is not null;--> statement-breakpoint
CREATE INDEX "accounts_banner_url_idx" ON "accounts" USING hash ("banner_url") WHERE "accounts"."banner_url" is not null;--> statement-breakpoint
CREATE INDEX "organizations_profile_url_idx" ON "organizations" USING hash ("profile_url") WHERE "organizations"."profile_url" is not null;--> statement-breakpoint
CREATE INDEX "users_profile_url_idx" ON "users" USING hash ("profile_url") WHERE "users"."profile_url" is not null;--> statement-breakpoint
CREATE INDEX "media_files_usage_idx" ON "media_files" USING btree ("user_id","kind","size_bytes");--> statement-breakpoint
CREATE INDEX "media_files_unattached_idx" ON "media_files" USING btree ("created_at") WHERE "media_files"."attached_at" is null;--> statement-breakpoint
CREATE INDEX "media_files_leftover_source_idx" ON "media_files" USING btree ("created_at") WHERE "media_files"."source_key" is not null and "media_files"."status" <> 'processing';--> statement-breakpoint
CREATE INDEX "posts_url_idx" ON "posts" USING hash ("url") WHERE "posts"."url" is not null;--> statement-breakpoint
CREATE INDEX "posts_featured_photo_url_idx" ON "posts" USING hash ("featured_photo_url") WHERE "posts"."featured_photo_url" is not null;--> statement-breakpoint
CREATE INDEX "posts_photos_idx" ON "posts" USING gin ("photos" jsonb_path_ops);--> statement-breakpoint
-- Plans that publish get room for audio and video (Studio more); free plans none. Administrators change these later.
UPDATE "plans" SET "storage_quota_mb" = CASE WHEN "slug" = 'studio' THEN 51200 ELSE 10240 END WHERE "creates_accounts";
--> statement-breakpoint
-- Uploads from before attachments were tracked: the processed ones may be in use, so they are kept; unfinished ones go.
UPDATE "media_files" SET "attached_at" = now() WHERE "status" = 'processed';
