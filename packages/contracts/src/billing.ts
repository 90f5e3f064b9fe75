import { z } from 'zod';
import { IdParams, Timestamp, dataOf } from './common';
import { endpoint } from './endpoint';

export const BILLING_CYCLES = ['monthly', 'yearly'] as const;
export type BillingCycle = (typeof BILLING_CYCLES)[number];
export const DEFAULT_BILLING_CYCLE: BillingCycle = 'monthly';

/** Myanmar mobile wallets the plan screen offers (KBZPay first, the default). */
export const PAYMENT_PROVIDERS = ['kbzpay', 'wavepay', 'ayapay'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];
export const DEFAULT_PAYMENT_PROVIDER: PaymentProvider = 'kbzpay';
export const SUBSCRIBE_PROVIDERS = [...PAYMENT_PROVIDERS, 'free_trial'] as const;
/** Where gateways post their callbacks; `sandbox` stands in for a provider without merchant keys. */
export const NOTIFY_PROVIDERS = [...PAYMENT_PROVIDERS, 'sandbox'] as const;
export type NotifyProvider = (typeof NOTIFY_PROVIDERS)[number];

export const PAYMENT_STATUSES = ['pending', 'paid', 'failed', 'expired'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const SUBSCRIPTION_STATUSES = ['trialing', 'active', 'expired', 'cancelled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const CURRENCY = 'MMK';

export const PlanSummary = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
});
export type PlanSummary = z.infer<typeof PlanSummary>;

/** The spec's features JSON: groups with an icon and a heading, each listing items with text and icon. */
export const PlanFeatures = z.array(
  z.object({
    icon: z.string(),
    sub_feature_head: z.string(),
    items: z.array(z.object({ text: z.string(), icon: z.string() })),
  }),
);
export type PlanFeatures = z.infer<typeof PlanFeatures>;

export const Plan = PlanSummary.extend({
  description: z.string(),
  monthly_price: z.number().int(),
  yearly_price: z.number().int(),
  trial_period_days: z.number().int(),
  /** JSON text (spec §3); parse with `PlanFeatures`. */
  features: z.string(),
  currency: z.literal(CURRENCY),
  is_free: z.boolean(),
  creates_accounts: z.boolean(),
});
export type Plan = z.infer<typeof Plan>;

export const SubscriptionSummary = z.object({
  id: z.number().int(),
  plan_id: z.number().int(),
  plan: PlanSummary,
  billing_cycle: z.enum(BILLING_CYCLES).nullable(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  provider: z.enum(SUBSCRIBE_PROVIDERS),
  trial_ends_at: Timestamp.nullable(),
  started_at: Timestamp.nullable(),
  expires_at: Timestamp.nullable(),
});
export type SubscriptionSummary = z.infer<typeof SubscriptionSummary>;

/** What the browser does next to pay: open a page, post a form, show a QR code, or the sandbox checkout. */
export const NextStep = z.discriminatedUnion('type', [
  z.object({ type: z.literal('redirect'), url: z.string() }),
  z.object({ type: z.literal('form'), action: z.string(), fields: z.record(z.string(), z.string()) }),
  z.object({ type: z.literal('qr'), qr_code: z.string(), qr_image: z.string() }),
  z.object({ type: z.literal('sandbox') }),
]);
export type NextStep = z.infer<typeof NextStep>;

export const Payment = z.object({
  id: z.number().int(),
  order_id: z.string(),
  plan: PlanSummary,
  billing_cycle: z.enum(BILLING_CYCLES),
  provider: z.enum(PAYMENT_PROVIDERS),
  sandbox: z.boolean(),
  amount: z.number().int(),
  currency: z.literal(CURRENCY),
  status: z.enum(PAYMENT_STATUSES),
  next_step: NextStep.nullable(),
  subscription: SubscriptionSummary.nullable(),
  created_at: Timestamp,
  expires_at: Timestamp,
  paid_at: Timestamp.nullable(),
});
export type Payment = z.infer<typeof Payment>;

export const SubscribeBody = z.object({
  plan_id: z.coerce.number().int().positive(),
  trial: z.boolean().default(false),
  billing_cycle: z.enum(BILLING_CYCLES).default(DEFAULT_BILLING_CYCLE),
  payment_provider: z.enum(SUBSCRIBE_PROVIDERS).default(DEFAULT_PAYMENT_PROVIDER),
});
export type SubscribeBody = z.input<typeof SubscribeBody>;

/** A trial answers with the subscription; a purchase with the payment to complete. */
export const SubscribeResponse = z.object({
  data: z.union([z.object({ payment: Payment }), SubscriptionSummary]),
});
export type SubscribeResponse = z.infer<typeof SubscribeResponse>;

const tags = ['Plans, subscriptions, payments'] as const;

export const billingApi = {
  plans: endpoint({
    method: 'GET',
    path: '/plans',
    response: dataOf(z.array(Plan)),
    summary: 'Plans, in the language asked for',
    tags,
  }),
  subscribe: endpoint({
    method: 'POST',
    path: '/subscribe',
    body: SubscribeBody,
    response: SubscribeResponse,
    summary: 'Start a free trial, or a payment for a plan with a Myanmar mobile wallet',
    tags,
  }),
  payment: endpoint({
    method: 'GET',
    path: '/payments/:id',
    params: IdParams,
    response: dataOf(Payment),
    summary: 'One of my payments and its status',
    tags,
  }),
  sandboxDecision: endpoint({
    method: 'POST',
    path: '/payments/:id/sandbox',
    params: IdParams,
    body: z.object({ decision: z.enum(['approve', 'decline']) }),
    response: dataOf(Payment),
    summary: 'Sandbox checkout: the payer approves or declines (only when the provider has no merchant keys)',
    tags,
  }),
  notify: endpoint({
    method: 'POST',
    path: '/payments/:provider/notify',
    params: z.object({ provider: z.enum(NOTIFY_PROVIDERS) }),
    response: null,
    summary: "A gateway's signed payment callback; answered the way that gateway expects",
    tags,
  }),
} as const;
