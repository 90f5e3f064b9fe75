import { z } from 'zod';
import { BILLING_CYCLES, PAYMENT_CURRENCIES, PAYMENT_PROVIDERS, PAYMENT_STATUSES, Payment } from './billing';
import { Id, IdParams, PageQuery, Timestamp, dataOf, paged } from './common';
import { endpoint } from './endpoint';
import {
  JoinBody,
  MEMBERSHIP_STATUSES,
  Membership,
  MembershipAccount,
  TIP_AMOUNT_MAX,
  TIP_AMOUNT_MIN,
  TIP_MESSAGE_MAX_LENGTH,
  Tier,
  TierBody,
} from './tiers';

const nfc = (s: string) => s.normalize('NFC');

/**
 * Readers paying creators. A membership is a prepaid pass (the wallets cannot charge every month): a tier's
 * price buys a month or a year, renewed by the member after a reminder. Tips are one-off payments. Both pay
 * through the plans' wallets and signed callbacks; the platform keeps a fee (a setting, 5 % by default).
 */

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

/** A member's or tipper's payment, as the refunds screen lists it (plans' payments are not refunded here). */
export const AdminPayment = z.object({
  id: z.number().int(),
  order_id: z.string(),
  purpose: z.enum(['membership', 'tip']),
  status: z.enum(PAYMENT_STATUSES),
  provider: z.enum(PAYMENT_PROVIDERS),
  amount: z.number().int(),
  currency: z.enum(PAYMENT_CURRENCIES),
  user: z.object({ id: z.number().int(), name: z.string(), username: z.string() }),
  account: MembershipAccount.nullable(),
  tier: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  message: z.string().nullable(),
  created_at: Timestamp,
  paid_at: Timestamp.nullable(),
});
export type AdminPayment = z.infer<typeof AdminPayment>;

export const AdminPaymentsQuery = PageQuery.extend({
  purpose: z.enum(['membership', 'tip']).optional(),
  status: z.enum(['paid', 'refunded']).optional(),
  /** An order id, or a payer's username or e-mail (exact). */
  q: z.string().trim().max(100).optional(),
});
export type AdminPaymentsQuery = z.input<typeof AdminPaymentsQuery>;

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
  adminPayments: endpoint({
    method: 'GET',
    path: '/payments',
    query: AdminPaymentsQuery,
    response: paged(AdminPayment),
    summary: "Members' and tippers' payments, newest first, to find one to refund (payments.refund)",
    permission: 'payments.refund',
    tags: adminTags,
  }),
  refund: endpoint({
    method: 'POST',
    path: '/payments/:id/refund',
    params: IdParams,
    body: RefundBody,
    response: z.object({ message: z.string(), data: AdminPayment }),
    summary: "Refund a member's or tipper's payment: the ledger is reversed, the pass it paid ends (payments.refund)",
    permission: 'payments.refund',
    tags: adminTags,
  }),
};
