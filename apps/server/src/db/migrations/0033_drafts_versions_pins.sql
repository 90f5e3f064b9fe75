CREATE TABLE "post_versions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "post_versions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"post_id" integer NOT NULL,
	"title" varchar(200),
	"content" text,
	"url" text,
	"featured_photo_url" text,
	"featured_photo_alt" varchar(1500),
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"editor_id" integer,
	"written_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "publish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "edited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "pin_position" smallint;--> statement-breakpoint
ALTER TABLE "post_versions" ADD CONSTRAINT "post_versions_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_versions" ADD CONSTRAINT "post_versions_editor_id_users_id_fk" FOREIGN KEY ("editor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "post_versions_post_idx" ON "post_versions" USING btree ("post_id","created_at","id");--> statement-breakpoint
CREATE INDEX "posts_publish_at_idx" ON "posts" USING btree ("publish_at") WHERE "posts"."status" = 'scheduled';--> statement-breakpoint
CREATE INDEX "posts_unpublished_idx" ON "posts" USING btree ("account_id","updated_at","id") WHERE "posts"."status" in ('draft', 'scheduled');--> statement-breakpoint
CREATE UNIQUE INDEX "posts_pin_key" ON "posts" USING btree ("account_id","pin_position") WHERE "posts"."pin_position" is not null;--> statement-breakpoint
-- Drafts and scheduled posts are not posts yet: the dashboard's totals and posts per day count a post once it is
-- published (or rejected after), on the day it was published. Publishing is an update of `status` and `created_at`.
CREATE OR REPLACE FUNCTION inkwell_count_posts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO counters (key, value)
    SELECT k, sum(d) FROM (
      SELECT 'total.posts' AS k, 1 AS d FROM new_rows WHERE status NOT IN ('draft', 'scheduled')
      UNION ALL SELECT 'total.photos', 1 FROM new_rows
        WHERE type IN ('photo', 'gallery') AND status NOT IN ('draft', 'scheduled')
      UNION ALL SELECT 'posts.day.' || to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'), 1 FROM new_rows
        WHERE status NOT IN ('draft', 'scheduled')
    ) x GROUP BY k ORDER BY k
    ON CONFLICT (key) DO UPDATE SET value = counters.value + excluded.value;
  ELSE
    INSERT INTO counters (key, value)
    SELECT k, -sum(d) FROM (
      SELECT 'total.posts' AS k, 1 AS d FROM old_rows WHERE status NOT IN ('draft', 'scheduled')
      UNION ALL SELECT 'total.photos', 1 FROM old_rows
        WHERE type IN ('photo', 'gallery') AND status NOT IN ('draft', 'scheduled')
      UNION ALL SELECT 'posts.day.' || to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'), 1 FROM old_rows
        WHERE status NOT IN ('draft', 'scheduled')
    ) x GROUP BY k ORDER BY k
    ON CONFLICT (key) DO UPDATE SET value = counters.value + excluded.value;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A post counted before and after an update moves between days only if its date changed; one going from draft or
-- scheduled to published is counted now. Row by row (a column list rules out transition tables), and only for the
-- rows whose status or date changed: not a like's count.
CREATE FUNCTION inkwell_recount_post() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was boolean := OLD.status NOT IN ('draft', 'scheduled');
  now_counted boolean := NEW.status NOT IN ('draft', 'scheduled');
BEGIN
  INSERT INTO counters (key, value)
  SELECT k, sum(d) FROM (
    SELECT 'total.posts' AS k, -1 AS d WHERE was
    UNION ALL SELECT 'total.photos', -1 WHERE was AND OLD.type IN ('photo', 'gallery')
    UNION ALL SELECT 'posts.day.' || to_char(OLD.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'), -1 WHERE was
    UNION ALL SELECT 'total.posts', 1 WHERE now_counted
    UNION ALL SELECT 'total.photos', 1 WHERE now_counted AND NEW.type IN ('photo', 'gallery')
    UNION ALL SELECT 'posts.day.' || to_char(NEW.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'), 1 WHERE now_counted
  ) x GROUP BY k HAVING sum(d) <> 0 ORDER BY k
  ON CONFLICT (key) DO UPDATE SET value = counters.value + excluded.value;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER posts_recount_update AFTER UPDATE OF status, created_at ON posts FOR EACH ROW
WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.created_at IS DISTINCT FROM NEW.created_at)
EXECUTE FUNCTION inkwell_recount_post();
