import { z } from 'zod';
import {
  BILLING_CYCLES,
  DEFAULT_BILLING_CYCLE,
  PAYMENT_CURRENCIES,
  PAYMENT_PROVIDERS,
  Payment,
  type PaymentCurrency,
} from './billing';
import { Id, IdParams, PageQuery, Timestamp, dataOf, paged } from './common';
import { DESCRIPTION_MAX_LENGTH } from './constants';
import { endpoint } from './endpoint';
import { Name } from './fields';

/**
 * Readers paying creators. A membership is a prepaid pass (the wallets cannot charge every month): a tier's
 * price buys a month or a year, renewed by the member after a reminder. Tips are one-off payments. Both pay
 * through the plans' wallets and signed callbacks; the platform keeps a fee (a setting, 5 % by default).
 */

/** A tier's currency: the account's, kyat by default; baht for creators paid in Thailand. */
export const TIER_CURRENCIES = PAYMENT_CURRENCIES;
export type TierCurrency = PaymentCurrency;

export const MEMBERSHIP_STATUSES = ['pending', 'active', 'grace', 'expired', 'stopped'] as const;
export type MembershipStatus = (typeof MEMBERSHIP_STATUSES)[number];

/** At most this many tiers per account (hidden ones count: they may still have members). */
export const TIERS_MAX = 5;
export const TIER_BENEFITS_MAX = 10;
export const TIER_BENEFIT_MAX_LENGTH = 120;
/** Prices are whole kyat or baht. */
export const TIER_PRICE_MIN = 1;
export const TIER_PRICE_MAX = 10_000_000;
export const TIP_AMOUNT_MIN = 100;
export const TIP_AMOUNT_MAX = 1_000_000;
export const TIP_MESSAGE_MAX_LENGTH = 500;
/** The amounts the Support dialog offers first, in kyat. */
export const TIP_PRESETS = [1000, 3000, 5000] as const;

const nfc = (s: string) => s.normalize('NFC');

export const Tier = z.object({
  id: z.number().int(),
  account_id: z.number().int(),
  name: z.string(),
  description: z.string(),
  benefits: z.array(z.string()),
  monthly_price: z.number().int(),
  yearly_price: z.number().int().nullable(),
  currency: z.enum(TIER_CURRENCIES),
  position: z.number().int(),
  hidden: z.boolean(),
  can_modify: z.boolean(),
  /** Members whose pass has not ended; only for the account's people (null to everyone else). */
  members_count: z.number().int().nullable(),
});
export type Tier = z.infer<typeof Tier>;

const Price = z.number().int().min(TIER_PRICE_MIN).max(TIER_PRICE_MAX);

/** What owners and editors set on a tier (create and update take the whole tier). */
export const TierBody = z.object({
  name: Name.transform(nfc),
  description: z.string().trim().max(DESCRIPTION_MAX_LENGTH).transform(nfc).default(''),
  benefits: z
    .array(z.string().trim().max(TIER_BENEFIT_MAX_LENGTH).transform(nfc))
    .max(TIER_BENEFITS_MAX)
    .transform((items) => items.filter((item) => item.length > 0))
    .default([]),
  monthly_price: Price,
  yearly_price: Price.nullable().default(null),
  currency: z.enum(TIER_CURRENCIES).default('MMK'),
  position: z.number().int().min(0).max(100).default(0),
  hidden: z.boolean().default(false),
});
export type TierBody = z.input<typeof TierBody>;

export const MembershipAccount = z.object({
  id: z.number().int(),
  name: z.string(),
  username: z.string(),
  profile_url: z.string().nullable(),
});

export const Membership = z.object({
  id: z.number().int(),
  tier: z.object({ id: z.number().int(), name: z.string(), position: z.number().int() }),
  account: MembershipAccount,
  status: z.enum(MEMBERSHIP_STATUSES),
  billing_cycle: z.enum(BILLING_CYCLES),
  started_at: Timestamp.nullable(),
  expires_at: Timestamp.nullable(),
  /** Reminders stopped: the pass ends at `expires_at` without being renewed. */
  stopped: z.boolean(),
});
export type Membership = z.infer<typeof Membership>;

/** Joining, renewing or changing tier: a payment for a month or a year with a wallet. */
export const JoinBody = z.object({
  billing_cycle: z.enum(BILLING_CYCLES).default(DEFAULT_BILLING_CYCLE),
  payment_provider: z.enum(PAYMENT_PROVIDERS),
});
export type JoinBody = z.input<typeof JoinBody>;

export const TipBody = z.object({
  account_id: Id,
  post_id: Id.nullable().default(null),
  amount: z.number().int().min(TIP_AMOUNT_MIN).max(TIP_AMOUNT_MAX),
  message: z.string().trim().max(TIP_MESSAGE_MAX_LENGTH).transform(nfc).default(''),
  payment_provider: z.enum(PAYMENT_PROVIDERS),
});
export type TipBody = z.input<typeof TipBody>;

const PaymentAnswer = dataOf(z.object({ payment: Payment }));

/** A month of an account's earnings, `YYYY-MM` (this month when absent). */
export const EarningsQuery = z.object({
  month: z
    .string()
    .regex(/^20\d{2}-(0[1-9]|1[0-2])$/, { error: 'validation.invalid' })
    .optional(),
});
export type EarningsQuery = z.input<typeof EarningsQuery>;

/** What readers paid an account in one currency, in a month: before the fee, the fee, and the creator's share. */
export const EarningsTotals = z.object({
  currency: z.enum(PAYMENT_CURRENCIES),
  gross: z.number().int(),
  fee: z.number().int(),
  net: z.number().int(),
  /** Members' payments and tips apart (both gross). */
  memberships: z.number().int(),
  tips: z.number().int(),
});

export const Earnings = z.object({
  month: z.string(),
  this_month: z.array(EarningsTotals),
  last_month: z.array(EarningsTotals),
  /** Each day of the month with payments: the creator's share, by currency. */
  days: z.array(z.object({ date: z.string(), currency: z.enum(PAYMENT_CURRENCIES), net: z.number().int() })),
  /** Live passes by tier now, and passes that started or ended in the month. */
  members_by_tier: z.array(z.object({ tier_id: z.number().int(), name: z.string(), members: z.number().int() })),
  new_members: z.number().int(),
  lost_members: z.number().int(),
  /** Withdrawable now (past the hold, less payouts asked for), and still held, by currency. */
  balances: z.array(
    z.object({ currency: z.enum(PAYMENT_CURRENCIES), available: z.number().int(), pending: z.number().int() }),
  ),
});
export type Earnings = z.infer<typeof Earnings>;

export const MembersQuery = PageQuery.extend({
  tier_id: Id.optional(),
  status: z.enum(MEMBERSHIP_STATUSES).optional(),
});
export type MembersQuery = z.input<typeof MembersQuery>;

/** A row of an account's members list (its owners only). */
export const Member = z.object({
  id: z.number().int(),
  user: z.object({ id: z.number().int(), name: z.string(), username: z.string(), profile_url: z.string().nullable() }),
  tier: z.object({ id: z.number().int(), name: z.string() }),
  status: z.enum(MEMBERSHIP_STATUSES),
  billing_cycle: z.enum(BILLING_CYCLES),
  started_at: Timestamp.nullable(),
  expires_at: Timestamp.nullable(),
});
export type Member = z.infer<typeof Member>;

export const PAYOUT_STATUSES = ['requested', 'paid', 'rejected'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];
/** The least a payout may ask for, in kyat (a wallet transfer has a cost of its own). */
export const PAYOUT_MIN = 10_000;
/** A Myanmar wallet number: 09 and 7 to 9 digits (or +959…). */
export const WALLET_NUMBER_PATTERN = /^(?:\+?959|09)\d{7,9}$/;

export const PayoutBody = z.object({
  amount: z.number().int().min(PAYOUT_MIN).max(1_000_000_000),
  provider: z.enum(PAYMENT_PROVIDERS),
  wallet_number: z
    .string()
    .trim()
    // Burmese (၀–၉) and Thai (๐–๙) digits are the same numbers: typed on those keyboards, they count.
    .transform((v) =>
      v
        .replace(/[\s-]/g, '')
        .replace(/[\u1040-\u1049]/g, (d) => String(d.charCodeAt(0) - 0x1040))
        .replace(/[\u0e50-\u0e59]/g, (d) => String(d.charCodeAt(0) - 0x0e50)),
    )
    .pipe(z.string().regex(WALLET_NUMBER_PATTERN, { error: 'memberships.wallet_number' })),
});
export type PayoutBody = z.input<typeof PayoutBody>;

export const Payout = z.object({
  id: z.number().int(),
  account: MembershipAccount.nullable(),
  amount: z.number().int(),
  currency: z.enum(PAYMENT_CURRENCIES),
  provider: z.enum(PAYMENT_PROVIDERS),
  wallet_number: z.string(),
  status: z.enum(PAYOUT_STATUSES),
  reference: z.string().nullable(),
  reason: z.string().nullable(),
  requested_at: Timestamp,
  decided_at: Timestamp.nullable(),
});
export type Payout = z.infer<typeof Payout>;

export const PayoutsQuery = PageQuery.extend({ status: z.enum(PAYOUT_STATUSES).optional() });
export type PayoutsQuery = z.input<typeof PayoutsQuery>;

export const PayoutPaidBody = z.object({ reference: z.string().trim().min(1).max(100) });
export const PayoutRejectBody = z.object({ reason: z.string().trim().min(1).max(500) });
export const RefundBody = z.object({ reason: z.string().trim().min(1).max(500) });

const tags = ['Memberships and tips'] as const;
const adminTags = ['Administration'] as const;

export const membershipsApi = {
  tiers: endpoint({
    method: 'GET',
    path: '/accounts/:id/tiers',
    params: IdParams,
    response: dataOf(z.array(Tier)),
    summary: "An account's tiers (hidden ones only for its people)",
    tags,
  }),
  createTier: endpoint({
    method: 'POST',
    path: '/accounts/:id/tiers',
    params: IdParams,
    body: TierBody,
    response: dataOf(Tier),
    status: 201,
    summary: 'Add a tier (owners and editors; at most five)',
    tags,
  }),
  updateTier: endpoint({
    method: 'PUT',
    path: '/tiers/:id',
    params: IdParams,
    body: TierBody,
    response: dataOf(Tier),
    summary: 'Change a tier (its price applies to the next payment)',
    tags,
  }),
  deleteTier: endpoint({
    method: 'DELETE',
    path: '/tiers/:id',
    params: IdParams,
    response: z.object({ message: z.string() }),
    summary: 'Delete a tier nobody ever joined (409 otherwise: hide it)',
    tags,
  }),
  join: endpoint({
    method: 'POST',
    path: '/tiers/:id/join',
    params: IdParams,
    body: JoinBody,
    response: PaymentAnswer,
    summary: 'Join a tier, or move to it: a payment, active when its signed callback arrives',
    tags,
  }),
  memberships: endpoint({
    method: 'GET',
    path: '/user/memberships',
    response: dataOf(z.array(Membership)),
    summary: 'My memberships, the live ones first',
    tags,
  }),
  renew: endpoint({
    method: 'POST',
    path: '/memberships/:id/renew',
    params: IdParams,
    body: JoinBody,
    response: PaymentAnswer,
    summary: 'Renew: a payment that extends from the later of now and the end',
    tags,
  }),
  stop: endpoint({
    method: 'DELETE',
    path: '/memberships/:id',
    params: IdParams,
    response: dataOf(Membership),
    summary: 'Stop reminders: the pass runs to its end',
    tags,
  }),
  tip: endpoint({
    method: 'POST',
    path: '/tips',
    body: TipBody,
    response: PaymentAnswer,
    status: 201,
    summary: 'Support a creator with a one-off payment and a message',
    tags,
  }),
  earnings: endpoint({
    method: 'GET',
    path: '/accounts/:id/earnings',
    params: IdParams,
    query: EarningsQuery,
    response: dataOf(Earnings),
    summary: "An account's earnings in a month, its members by tier and its balances (owners)",
    tags,
  }),
  members: endpoint({
    method: 'GET',
    path: '/accounts/:id/members',
    params: IdParams,
    query: MembersQuery,
    response: paged(Member),
    summary: "An account's members, the latest first (owners)",
    tags,
  }),
  membersCsv: endpoint({
    method: 'GET',
    path: '/accounts/:id/members.csv',
    params: IdParams,
    query: MembersQuery.omit({ page: true, per_page: true }),
    response: null,
    summary: "An account's members as CSV (owners)",
    tags,
  }),
  payouts: endpoint({
    method: 'GET',
    path: '/accounts/:id/payouts',
    params: IdParams,
    query: PageQuery,
    response: paged(Payout),
    summary: "An account's payout requests, the latest first (owners)",
    tags,
  }),
  requestPayout: endpoint({
    method: 'POST',
    path: '/accounts/:id/payouts',
    params: IdParams,
    body: PayoutBody,
    response: dataOf(Payout),
    status: 201,
    summary: 'Ask for a payout of the available balance to a wallet (owners)',
    tags,
  }),
  adminPayouts: endpoint({
    method: 'GET',
    path: '/payouts',
    query: PayoutsQuery,
    response: paged(Payout),
    summary: 'Payout requests, the oldest waiting first (payouts.manage)',
    permission: 'payouts.manage',
    tags: adminTags,
  }),
  payoutPaid: endpoint({
    method: 'POST',
    path: '/payouts/:id/paid',
    params: IdParams,
    body: PayoutPaidBody,
    response: dataOf(Payout),
    summary: 'Mark a payout paid with the transfer reference (payouts.manage)',
    permission: 'payouts.manage',
    tags: adminTags,
  }),
  payoutReject: endpoint({
    method: 'POST',
    path: '/payouts/:id/reject',
    params: IdParams,
    body: PayoutRejectBody,
    response: dataOf(Payout),
    summary: 'Reject a payout with a reason (payouts.manage)',
    permission: 'payouts.manage',
    tags: adminTags,
  }),
  refund: endpoint({
    method: 'POST',
    path: '/payments/:id/refund',
    params: IdParams,
    body: RefundBody,
    response: dataOf(Payment),
    summary: "Refund a member's or tipper's payment: the ledger is reversed, the pass it paid ends (payments.refund)",
    permission: 'payments.refund',
    tags: adminTags,
  }),
};
