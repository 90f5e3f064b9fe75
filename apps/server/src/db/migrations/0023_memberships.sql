CREATE SEQUENCE "public"."ledger_transactions" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"transaction_id" integer NOT NULL,
	"kind" varchar(12) NOT NULL,
	"book" varchar(10) NOT NULL,
	"provider" varchar(10),
	"account_id" integer,
	"payment_id" integer,
	"payout_id" integer,
	"amount" integer NOT NULL,
	"currency" varchar(3) NOT NULL,
	"available_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "membership_periods" (
	"payment_id" integer PRIMARY KEY NOT NULL,
	"membership_id" integer NOT NULL,
	"tier_id" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "membership_tiers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "membership_tiers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"name" varchar(100) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"benefits" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"monthly_price" integer NOT NULL,
	"yearly_price" integer,
	"currency" varchar(3) DEFAULT 'MMK' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"members_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "membership_tiers_prices" CHECK ("membership_tiers"."monthly_price" > 0 and ("membership_tiers"."yearly_price" is null or "membership_tiers"."yearly_price" > 0))
);
--> statement-breakpoint
CREATE TABLE "memberships" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "memberships_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"tier_id" integer NOT NULL,
	"status" varchar(10) DEFAULT 'pending' NOT NULL,
	"billing_cycle" varchar(10) NOT NULL,
	"started_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"stopped_at" timestamp with time zone,
	"reminded_days" integer,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payouts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer,
	"requested_by" integer,
	"amount" integer NOT NULL,
	"currency" varchar(3) DEFAULT 'MMK' NOT NULL,
	"provider" varchar(10) NOT NULL,
	"wallet_number" varchar(20) NOT NULL,
	"status" varchar(10) DEFAULT 'requested' NOT NULL,
	"reference" varchar(100),
	"reason" text,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payouts_amount" CHECK ("payouts"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "plan_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "purpose" varchar(12) DEFAULT 'plan' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "account_id" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "tier_id" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "membership_id" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "post_id" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "message" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "min_tier_id" integer;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_periods" ADD CONSTRAINT "membership_periods_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_periods" ADD CONSTRAINT "membership_periods_tier_id_membership_tiers_id_fk" FOREIGN KEY ("tier_id") REFERENCES "public"."membership_tiers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_tiers" ADD CONSTRAINT "membership_tiers_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_tier_id_membership_tiers_id_fk" FOREIGN KEY ("tier_id") REFERENCES "public"."membership_tiers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_entries_transaction_idx" ON "ledger_entries" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_account_idx" ON "ledger_entries" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_payout_once" ON "ledger_entries" USING btree ("payout_id","book") WHERE "ledger_entries"."payout_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_payment_once" ON "ledger_entries" USING btree ("payment_id","kind","book") WHERE "ledger_entries"."payment_id" is not null;--> statement-breakpoint
CREATE INDEX "membership_periods_membership_idx" ON "membership_periods" USING btree ("membership_id");--> statement-breakpoint
CREATE INDEX "membership_tiers_account_idx" ON "membership_tiers" USING btree ("account_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "memberships_user_account_key" ON "memberships" USING btree ("user_id","account_id");--> statement-breakpoint
CREATE INDEX "memberships_account_idx" ON "memberships" USING btree ("account_id","status","tier_id");--> statement-breakpoint
CREATE INDEX "memberships_live_expiry_idx" ON "memberships" USING btree ("expires_at") WHERE "memberships"."status" in ('active', 'grace', 'stopped');--> statement-breakpoint
CREATE INDEX "payouts_account_idx" ON "payouts" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "payouts_status_idx" ON "payouts" USING btree ("status","created_at");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_tier_id_membership_tiers_id_fk" FOREIGN KEY ("tier_id") REFERENCES "public"."membership_tiers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_min_tier_id_membership_tiers_id_fk" FOREIGN KEY ("min_tier_id") REFERENCES "public"."membership_tiers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_account_idx" ON "payments" USING btree ("account_id","paid_at") WHERE "payments"."account_id" is not null;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_plan_named" CHECK ("payments"."purpose" <> 'plan' or "payments"."plan_id" is not null);