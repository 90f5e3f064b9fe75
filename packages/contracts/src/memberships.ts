import { z } from 'zod';
import {
  BILLING_CYCLES,
  DEFAULT_BILLING_CYCLE,
  PAYMENT_CURRENCIES,
  PAYMENT_PROVIDERS,
  Payment,
  type PaymentCurrency,
} from './billing';
import { IdParams, Timestamp, dataOf } from './common';
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
  account_id: z.number().int().min(1),
  post_id: z.number().int().min(1).nullable().default(null),
  amount: z.number().int().min(TIP_AMOUNT_MIN).max(TIP_AMOUNT_MAX),
  message: z.string().trim().max(TIP_MESSAGE_MAX_LENGTH).transform(nfc).default(''),
  payment_provider: z.enum(PAYMENT_PROVIDERS),
});
export type TipBody = z.input<typeof TipBody>;

const PaymentAnswer = dataOf(z.object({ payment: Payment }));

const tags = ['Memberships and tips'] as const;

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
};
