import { z } from 'zod';
import {
  BILLING_CYCLES,
  DEFAULT_BILLING_CYCLE,
  PAYMENT_CURRENCIES,
  PAYMENT_PROVIDERS,
  type PaymentCurrency,
} from './billing';
import { Timestamp } from './common';
import { DESCRIPTION_MAX_LENGTH } from './constants';
import { Name } from './fields';

/** Memberships' tiers and passes, and their limits (the endpoints are in memberships.ts). */

const nfc = (s: string) => s.normalize('NFC');

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
  /**
   * What moving my live pass on another of the account's tiers to this one costs now, by the proration rule
   * (0: free at once, the pass keeps its end; more: that amount for a new whole cycle). Null when I hold no
   * live pass on another tier, or when the two tiers are priced in different currencies; `yearly` null when
   * this tier has no yearly price.
   */
  move_price: z.object({ monthly: z.number().int(), yearly: z.number().int().nullable() }).nullable(),
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
  /** The tier and its prices now (what renewing costs). */
  tier: z.object({
    id: z.number().int(),
    name: z.string(),
    position: z.number().int(),
    monthly_price: z.number().int(),
    yearly_price: z.number().int().nullable(),
    currency: z.enum(TIER_CURRENCIES),
  }),
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
