CREATE TABLE "oauth_states_used" (
	"state_hash" varchar(64) PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "social_logins" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "social_logins_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"provider" varchar(20) NOT NULL,
	"provider_id" varchar(255) NOT NULL,
	"name" varchar(200),
	"email" varchar(254),
	"avatar_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "social_logins" ADD CONSTRAINT "social_logins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "oauth_states_used_expires_at_idx" ON "oauth_states_used" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "social_logins_provider_identity_key" ON "social_logins" USING btree ("provider","provider_id");--> statement-breakpoint
CREATE UNIQUE INDEX "social_logins_user_provider_key" ON "social_logins" USING btree ("user_id","provider");