CREATE INDEX "accounts_featured_idx" ON "accounts" USING btree ("featured_at") WHERE "accounts"."featured_at" is not null;--> statement-breakpoint
CREATE INDEX "account_stats_language_idx" ON "account_stats" USING btree ("language","score");--> statement-breakpoint
CREATE INDEX "account_stats_tags_idx" ON "account_stats" USING gin ("tags");