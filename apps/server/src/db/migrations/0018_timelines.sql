CREATE TABLE "timeline_entries" (
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"post_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	CONSTRAINT "timeline_entries_user_id_created_at_post_id_pk" PRIMARY KEY("user_id","created_at","post_id")
);
--> statement-breakpoint
CREATE TABLE "timeline_pulled_accounts" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "timelines" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"ready" boolean DEFAULT false NOT NULL,
	"building_at" timestamp with time zone,
	"horizon_at" timestamp with time zone,
	"horizon_id" integer,
	"size" integer DEFAULT 0 NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "timeline_entries" ADD CONSTRAINT "timeline_entries_user_id_timelines_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."timelines"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timeline_entries" ADD CONSTRAINT "timeline_entries_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timeline_pulled_accounts" ADD CONSTRAINT "timeline_pulled_accounts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timelines" ADD CONSTRAINT "timelines_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "timeline_entries_post_idx" ON "timeline_entries" USING btree ("post_id");