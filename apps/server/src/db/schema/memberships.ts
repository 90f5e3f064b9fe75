import type { BillingCycle, MembershipStatus, PaymentProvider, PayoutStatus, TierCurrency } from '@inkwell/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { belongsTo, identity, timestamps } from './columns';
import { users } from './users';

/* Readers paying creators: an account's tiers and its members' prepaid passes (the memberships module). */

/** A level of membership a creator account offers; one with members is hidden, never deleted. */
export const membershipTiers = pgTable(
  'membership_tiers',
  {
    id: identity(),
    account_id: belongsTo(() => accounts.id),
    name: varchar({ length: 100 }).notNull(),
    description: text().notNull().default(''),
    benefits: jsonb().$type<string[]>().notNull().default([]),
    /** Whole units of `currency` (MMK and THB prices are whole here). */
    monthly_price: integer().notNull(),
    yearly_price: integer(),
    currency: varchar({ length: 3 }).$type<TierCurrency>().notNull().default('MMK'),
    /** Lower first on the account page; also the tier's rank ("this tier and above"). */
    position: integer().notNull().default(0),
    hidden: boolean().notNull().default(false),
    /** Members whose pass has not ended (active, stopped or in grace), recounted with each membership's change. */
    members_count: integer().notNull().default(0),
    ...timestamps,
  },
  (t) => [
    index('membership_tiers_account_idx').on(t.account_id, t.position),
    check(
      'membership_tiers_prices',
      sql`${t.monthly_price} > 0 and (${t.yearly_price} is null or ${t.yearly_price} > 0)`,
    ),
  ],
);

/**
 * A reader's prepaid pass to an account: one row per reader and account, moved between tiers and extended by
 * each paid renewal. `pending` until the first payment's callback arrives.
 */
export const memberships = pgTable(
  'memberships',
  {
    id: identity(),
    user_id: belongsTo(() => users.id),
    account_id: belongsTo(() => accounts.id),
    tier_id: integer()
      .notNull()
      .references(() => membershipTiers.id),
    status: varchar({ length: 10 }).$type<MembershipStatus>().notNull().default('pending'),
    billing_cycle: varchar({ length: 10 }).$type<BillingCycle>().notNull(),
    started_at: timestamp({ withTimezone: true }),
    expires_at: timestamp({ withTimezone: true }),
    /** The member asked for no more reminders (status `stopped`): the pass runs to its end, without grace. */
    stopped_at: timestamp({ withTimezone: true }),
    /** The last reminder sent before the end, in days (3, then 1); a renewal clears it. */
    reminded_days: integer(),
    /** When the pass last expired (or was ended by a refund): the earnings screen's lost members. */
    ended_at: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('memberships_user_account_key').on(t.user_id, t.account_id),
    index('memberships_account_idx').on(t.account_id, t.status, t.tier_id),
    index('memberships_live_expiry_idx')
      .on(t.expires_at)
      .where(sql`${t.status} in ('active', 'grace', 'stopped')`),
  ],
);

/**
 * Each paid period of a membership: one row per confirmed payment (its primary key), so a payment extends a
 * pass once however often its event is delivered; also the member's history of renewals.
 */
export const membershipPeriods = pgTable(
  'membership_periods',
  {
    payment_id: integer().primaryKey(),
    membership_id: belongsTo(() => memberships.id),
    tier_id: integer()
      .notNull()
      .references(() => membershipTiers.id),
    starts_at: timestamp({ withTimezone: true }).notNull(),
    ends_at: timestamp({ withTimezone: true }).notNull(),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('membership_periods_membership_idx').on(t.membership_id)],
);

/**
 * The money ledger, append-only and double entry: each money movement is a transaction of rows whose amounts sum
 * to zero; a balance is a sum of rows, never a stored figure. Ledger accounts by `book`: `gateway` (what a wallet
 * collected for us, by provider), `creator` (what we owe an account), `platform` (our fees). A creator's row
 * becomes withdrawable at `available_at` (a hold for refunds).
 */
/**
 * A creator's request to be paid out of their available balance to a wallet, decided by an administrator
 * (`payouts.manage`): paid with the transfer's reference (booked in the ledger then), or rejected with a reason.
 */
export const payouts = pgTable(
  'payouts',
  {
    id: identity(),
    account_id: integer().references(() => accounts.id, { onDelete: 'set null' }),
    requested_by: integer().references(() => users.id, { onDelete: 'set null' }),
    amount: integer().notNull(),
    currency: varchar({ length: 3 }).$type<TierCurrency>().notNull().default('MMK'),
    provider: varchar({ length: 10 }).$type<PaymentProvider>().notNull(),
    wallet_number: varchar({ length: 20 }).notNull(),
    status: varchar({ length: 10 }).$type<PayoutStatus>().notNull().default('requested'),
    reference: varchar({ length: 100 }),
    reason: text(),
    decided_by: integer().references(() => users.id, { onDelete: 'set null' }),
    decided_at: timestamp({ withTimezone: true }),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payouts_account_idx').on(t.account_id, t.created_at),
    index('payouts_status_idx').on(t.status, t.created_at),
    check('payouts_amount', sql`${t.amount} > 0`),
  ],
);

/** Numbers the ledger's transactions (the rows of one money movement share one). */
export const ledgerTransactions = pgSequence('ledger_transactions');

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: identity(),
    /** The rows of one movement share it (the first row's id would need two writes; a sequence is simpler). */
    transaction_id: integer().notNull(),
    kind: varchar({ length: 12 }).$type<'payment' | 'fee' | 'refund' | 'payout'>().notNull(),
    book: varchar({ length: 10 }).$type<'gateway' | 'creator' | 'platform'>().notNull(),
    /** The gateway's provider for `gateway` rows. */
    provider: varchar({ length: 10 }),
    account_id: integer().references(() => accounts.id, { onDelete: 'set null' }),
    payment_id: integer(),
    payout_id: integer(),
    /** Signed, in whole units of `currency`: positive is money held, negative money owed. */
    amount: integer().notNull(),
    currency: varchar({ length: 3 }).notNull(),
    available_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ledger_entries_transaction_idx').on(t.transaction_id),
    index('ledger_entries_account_idx').on(t.account_id, t.created_at),
    // A payment is booked once, however many callbacks confirm it.
    uniqueIndex('ledger_entries_payout_once')
      .on(t.payout_id, t.book)
      .where(sql`${t.payout_id} is not null`),
    uniqueIndex('ledger_entries_payment_once')
      .on(t.payment_id, t.kind, t.book)
      .where(sql`${t.payment_id} is not null`),
  ],
);
