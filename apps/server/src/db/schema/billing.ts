import type {
  BillingCycle,
  NextStep,
  PaymentProvider,
  PaymentPurpose,
  PaymentStatus,
  SubscriptionStatus,
} from '@inkwell/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { belongsTo, identity, timestamps } from './columns';
import { memberships, membershipTiers } from './memberships';
import { users } from './users';

export interface PlanTranslation {
  name?: string;
  description?: string;
  features?: string;
}

export const plans = pgTable('plans', {
  id: identity(),
  slug: varchar({ length: 50 }).notNull().unique(),
  name: varchar({ length: 100 }).notNull(),
  description: text().notNull().default(''),
  /** Whole kyat (MMK has no minor unit in practice). */
  monthly_price: integer().notNull().default(0),
  yearly_price: integer().notNull().default(0),
  trial_period_days: integer().notNull().default(0),
  /** JSON text: groups of features (spec §3). */
  features: text().notNull().default('[]'),
  /** Burmese and Thai names, descriptions and features, by locale. */
  translations: jsonb().$type<Partial<Record<'my' | 'th', PlanTranslation>>>().notNull().default({}),
  /** Whether subscribers may create organizations and creator accounts. */
  creates_accounts: boolean().notNull().default(true),
  /** Storage for audio and video uploads per subscriber, in MiB (0: none). */
  storage_quota_mb: integer().notNull().default(0),
  /** Whether subscribers' videos get a 1080p rendition (from a source that has it); 720p is the top otherwise. */
  video_1080p: boolean().notNull().default(false),
  sort_order: integer().notNull().default(0),
  /** Not offered to new subscribers; a plan with subscribers is hidden instead of deleted. */
  hidden: boolean().notNull().default(false),
  ...timestamps,
});

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: identity(),
    user_id: belongsTo(() => users.id),
    plan_id: integer()
      .notNull()
      .references(() => plans.id),
    status: varchar({ length: 10 }).$type<SubscriptionStatus>().notNull(),
    billing_cycle: varchar({ length: 10 }).$type<BillingCycle>(),
    provider: varchar({ length: 12 }).$type<PaymentProvider | 'free_trial'>().notNull(),
    trial_ends_at: timestamp({ withTimezone: true }),
    started_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expires_at: timestamp({ withTimezone: true }).notNull(),
    /** When its owner was told it ends soon (once per subscription; an extension clears it). */
    ending_notified_at: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('subscriptions_user_id_idx').on(t.user_id, t.status),
    // The admin plan list counts each plan's subscribers; the plan delete check asks whether any exist.
    index('subscriptions_plan_id_idx').on(t.plan_id, t.status),
    index('subscriptions_live_expiry_idx')
      .on(t.expires_at)
      .where(sql`${t.status} in ('trialing', 'active')`),
  ],
);

export const payments = pgTable(
  'payments',
  {
    id: identity(),
    user_id: belongsTo(() => users.id),
    /** What it pays for: a plan (to the platform), a membership or a tip (to a creator account). */
    purpose: varchar({ length: 12 }).$type<PaymentPurpose>().notNull().default('plan'),
    plan_id: integer().references(() => plans.id),
    /** The creator account a membership or tip pays (the ledger's payee). */
    account_id: integer().references(() => accounts.id, { onDelete: 'set null' }),
    tier_id: integer().references(() => membershipTiers.id, { onDelete: 'set null' }),
    membership_id: integer().references(() => memberships.id, { onDelete: 'set null' }),
    /** The post a tip was given on, and the tipper's words to the creator. */
    post_id: integer(),
    message: text(),
    billing_cycle: varchar({ length: 10 }).$type<BillingCycle>().notNull(),
    provider: varchar({ length: 10 }).$type<PaymentProvider>().notNull(),
    /** True when the sandbox stood in for a provider without merchant keys. */
    sandbox: boolean().notNull().default(false),
    /** Ours, sent to the gateway: at most 40 letters, digits and underscores. */
    order_id: varchar({ length: 40 }).notNull(),
    /** WavePay's callback may carry only this. */
    merchant_reference_id: varchar({ length: 64 }),
    provider_transaction_id: varchar({ length: 128 }),
    amount: integer().notNull(),
    currency: varchar({ length: 3 }).notNull().default('MMK'),
    status: varchar({ length: 10 }).$type<PaymentStatus>().notNull().default('pending'),
    next_step: jsonb().$type<NextStep>(),
    subscription_id: integer().references(() => subscriptions.id, { onDelete: 'set null' }),
    failure_reason: text(),
    expires_at: timestamp({ withTimezone: true }).notNull(),
    paid_at: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('payments_order_id_key').on(t.order_id),
    uniqueIndex('payments_merchant_reference_key').on(t.merchant_reference_id),
    index('payments_user_id_idx').on(t.user_id),
    index('payments_plan_id_idx').on(t.plan_id),
    index('payments_account_idx')
      .on(t.account_id, t.paid_at)
      .where(sql`${t.account_id} is not null`),
    // The refunds screen: readers' settled payments to creators, newest first.
    index('payments_to_creators_idx')
      .on(t.id)
      .where(sql`${t.purpose} <> 'plan' and ${t.status} in ('paid', 'refunded')`),
    // A membership's or tip's payee may go (a deleted account); a plan payment always names its plan.
    check('payments_plan_named', sql`${t.purpose} <> 'plan' or ${t.plan_id} is not null`),
    index('payments_pending_idx')
      .on(t.expires_at)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/** Every callback a gateway sent, verified or not, kept for audit. */
export const paymentCallbacks = pgTable(
  'payment_callbacks',
  {
    id: identity(),
    provider: varchar({ length: 10 }).notNull(),
    payment_id: integer().references(() => payments.id, { onDelete: 'set null' }),
    order_id: varchar({ length: 64 }),
    signature_valid: boolean().notNull(),
    outcome: varchar({ length: 40 }).notNull(),
    body: text().notNull(),
    remote_address: varchar({ length: 64 }),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payment_callbacks_payment_id_idx').on(t.payment_id)],
);
