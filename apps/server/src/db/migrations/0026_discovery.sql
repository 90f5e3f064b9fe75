CREATE TABLE "account_stats" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"language" varchar(5) DEFAULT 'other' NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"growth" integer DEFAULT 0 NOT NULL,
	"engagement" real DEFAULT 0 NOT NULL,
	"score" real DEFAULT 0 NOT NULL,
	"refreshed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "co_follows" (
	"account_id" integer NOT NULL,
	"other_id" integer NOT NULL,
	"readers" integer NOT NULL,
	CONSTRAINT "co_follows_account_id_other_id_pk" PRIMARY KEY("account_id","other_id")
);
--> statement-breakpoint
CREATE TABLE "discovery_dirty" (
	"account_id" integer PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "onboarding" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"languages" text[] DEFAULT '{}'::text[] NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"done_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pack_accounts" (
	"pack_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "pack_accounts_pack_id_account_id_pk" PRIMARY KEY("pack_id","account_id")
);
--> statement-breakpoint
CREATE TABLE "packs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "packs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"name" varchar(80) NOT NULL,
	"description" varchar(500) DEFAULT '' NOT NULL,
	"featured_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "suggestion_hides" (
	"user_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "suggestion_hides_user_id_account_id_pk" PRIMARY KEY("user_id","account_id")
);
--> statement-breakpoint
CREATE TABLE "trending_posts" (
	"post_id" integer PRIMARY KEY NOT NULL,
	"language" varchar(5) NOT NULL,
	"score" real NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "featured_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "account_stats" ADD CONSTRAINT "account_stats_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "co_follows" ADD CONSTRAINT "co_follows_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "co_follows" ADD CONSTRAINT "co_follows_other_id_accounts_id_fk" FOREIGN KEY ("other_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discovery_dirty" ADD CONSTRAINT "discovery_dirty_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onboarding" ADD CONSTRAINT "onboarding_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pack_accounts" ADD CONSTRAINT "pack_accounts_pack_id_packs_id_fk" FOREIGN KEY ("pack_id") REFERENCES "public"."packs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pack_accounts" ADD CONSTRAINT "pack_accounts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packs" ADD CONSTRAINT "packs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suggestion_hides" ADD CONSTRAINT "suggestion_hides_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suggestion_hides" ADD CONSTRAINT "suggestion_hides_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trending_posts" ADD CONSTRAINT "trending_posts_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_stats_score_idx" ON "account_stats" USING btree ("score","account_id");--> statement-breakpoint
CREATE INDEX "co_follows_other_idx" ON "co_follows" USING btree ("other_id");--> statement-breakpoint
CREATE INDEX "pack_accounts_account_idx" ON "pack_accounts" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "packs_user_idx" ON "packs" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "packs_list_idx" ON "packs" USING btree ("featured_at","id");--> statement-breakpoint
CREATE INDEX "trending_posts_score_idx" ON "trending_posts" USING btree ("score","post_id");--> statement-breakpoint
CREATE INDEX "trending_posts_language_idx" ON "trending_posts" USING btree ("language","score","post_id");--> statement-breakpoint
-- Every account's co-follows are counted on the first refresh after this migration.
INSERT INTO "discovery_dirty" ("account_id") SELECT "id" FROM "accounts";
