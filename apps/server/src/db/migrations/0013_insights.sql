CREATE TABLE "account_daily_stats" (
	"account_id" integer NOT NULL,
	"day" date NOT NULL,
	"likes" integer DEFAULT 0 NOT NULL,
	"unlikes" integer DEFAULT 0 NOT NULL,
	"follows" integer DEFAULT 0 NOT NULL,
	"unfollows" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "account_daily_stats_account_id_day_pk" PRIMARY KEY("account_id","day")
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "time_zone" varchar(64) DEFAULT 'Asia/Yangon' NOT NULL;--> statement-breakpoint
ALTER TABLE "account_daily_stats" ADD CONSTRAINT "account_daily_stats_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- History for an existing site: the likes and follows that exist, on the day they were made in the zone every
-- account starts in (unlikes and unfollows before this were not kept). From here the insights jobs count.
INSERT INTO "account_daily_stats" ("account_id", "day", "likes")
SELECT p.account_id, (l.created_at AT TIME ZONE 'Asia/Yangon')::date, count(*)::int
FROM likes l JOIN posts p ON l.likeable_type = 'post' AND p.id = l.likeable_id
GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO "account_daily_stats" ("account_id", "day", "follows")
SELECT f.account_id, (f.created_at AT TIME ZONE 'Asia/Yangon')::date, count(*)::int
FROM follows f
GROUP BY 1, 2
ON CONFLICT ("account_id", "day") DO UPDATE SET "follows" = excluded."follows";
