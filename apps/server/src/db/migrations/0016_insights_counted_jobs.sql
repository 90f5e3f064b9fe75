CREATE TABLE "insights_counted_jobs" (
	"job_id" uuid PRIMARY KEY NOT NULL,
	"counted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "insights_counted_jobs_counted_at_idx" ON "insights_counted_jobs" USING btree ("counted_at");