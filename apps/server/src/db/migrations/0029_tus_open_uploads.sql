CREATE TABLE "tus_uploads" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" varchar(10) NOT NULL,
	"length" bigint NOT NULL,
	"written_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_at" timestamp with time zone,
	"finished" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tus_uploads" ADD CONSTRAINT "tus_uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tus_uploads_open_idx" ON "tus_uploads" USING btree ("user_id","written_at") WHERE "tus_uploads"."claimed_at" is null;--> statement-breakpoint
CREATE INDEX "tus_uploads_written_at_idx" ON "tus_uploads" USING btree ("written_at");