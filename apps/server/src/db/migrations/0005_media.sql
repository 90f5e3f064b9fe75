CREATE TABLE "media_files" (
	"id" varchar(40) PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" varchar(10) NOT NULL,
	"status" varchar(12) NOT NULL,
	"source_key" text,
	"output_key" text,
	"poster_key" text,
	"mime" varchar(100),
	"size_bytes" integer DEFAULT 0 NOT NULL,
	"duration_seconds" real,
	"width" integer,
	"height" integer,
	"progress" integer DEFAULT 0 NOT NULL,
	"error" text,
	"processed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "media_files" ADD CONSTRAINT "media_files_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "media_files_user_id_idx" ON "media_files" USING btree ("user_id","created_at");