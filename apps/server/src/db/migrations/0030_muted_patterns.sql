CREATE TABLE "muted_patterns" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"pattern" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "muted_patterns" ADD CONSTRAINT "muted_patterns_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Words muted before: the plain alternation reads used to build (the same matches; saving the list again writes the shorter form).
INSERT INTO "muted_patterns" ("user_id", "pattern")
SELECT "user_id", string_agg(regexp_replace("needle", '([.^$*+?()\[\]{}|\\-])', '\\\1', 'g'), '|')
FROM "muted_words" GROUP BY "user_id";
