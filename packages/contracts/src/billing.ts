import { z } from 'zod';
import { Id, IdParams, PageQuery, Timestamp, dataOf, paged } from './common';
import { DESCRIPTION_MAX_LENGTH, NAME_MAX_LENGTH } from './constants';
import { endpoint } from './endpoint';
import { Name } from './fields';

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

export const PAYMENT_STATUSES = ['pending', 'paid', 'failed', 'expired', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const SUBSCRIPTION_STATUSES = ['trialing', 'active', 'expired', 'cancelled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const CURRENCY = 'MMK';
/** What a payment may be in: plans are in kyat; a creator's tiers and tips in kyat or baht. */
export const PAYMENT_CURRENCIES = ['MMK', 'THB'] as const;
export type PaymentCurrency = (typeof PAYMENT_CURRENCIES)[number];

/** What a payment pays for: a plan (to the platform), a membership or a tip (to a creator account). */
export const PAYMENT_PURPOSES = ['plan', 'membership', 'tip'] as const;
export type PaymentPurpose = (typeof PAYMENT_PURPOSES)[number];

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

/** Longest features JSON text an administrator may save (a plan card, not a document). */
export const PLAN_FEATURES_MAX_LENGTH = 20_000;

/**
 * What is wrong with a plan's features text: `not_json` when it does not parse, `shape` when it parses but is
 * not the groups the plan card shows ({@link PlanFeatures}), null when it is fine. Shared by the server's
 * validation and the admin form's own check.
 */
export function planFeaturesProblem(text: string): 'not_json' | 'shape' | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return 'not_json';
  }
  return PlanFeatures.safeParse(parsed).success ? null : 'shape';
}

/** What a plan offers and what it costs, as the plan cards and the admin screens read it. */
const planTerms = {
  description: z.string(),
  monthly_price: z.number().int(),
  yearly_price: z.number().int(),
  trial_period_days: z.number().int(),
  /** JSON text (spec §3); parse with `PlanFeatures`. */
  features: z.string(),
  currency: z.literal(CURRENCY),
};

export const Plan = PlanSummary.extend({
  ...planTerms,
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

/** Limits of the admin plan form. Prices are whole kyat. */
export const PLAN_PRICE_MAX = 1_000_000_000;
export const PLAN_TRIAL_DAYS_MAX = 365;
/** 1 TiB of audio and video per subscriber. */
export const PLAN_STORAGE_MAX_MB = 1_048_576;
export const PLAN_SORT_ORDER_MAX = 1000;
export const PLAN_SLUG_MAX_LENGTH = 50;
/** Lowercase letters and digits in words joined by single hyphens: `creator`, `studio-plus`. */
export const PLAN_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const featuresIssue = (text: string, ctx: z.RefinementCtx) => {
  const problem = planFeaturesProblem(text);
  if (problem)
    ctx.addIssue({
      code: 'custom',
      message: problem === 'not_json' ? 'billing.features_json' : 'billing.features_shape',
    });
};

/** The features JSON text (spec §5: "Plan features must be JSON"), in the shape the plan card reads. */
export const PlanFeaturesText = z.string().trim().min(1).max(PLAN_FEATURES_MAX_LENGTH).superRefine(featuresIssue);

/** A translation's features: empty to show the English ones, else JSON like them. */
const TranslatedFeaturesText = z
  .string()
  .trim()
  .max(PLAN_FEATURES_MAX_LENGTH)
  .superRefine((text, ctx) => {
    if (text !== '') featuresIssue(text, ctx);
  });

/** A plan's Burmese or Thai wording; an empty field shows the English one. */
export const PlanTranslationBody = z.object({
  name: z.string().trim().max(NAME_MAX_LENGTH).default(''),
  description: z.string().trim().max(DESCRIPTION_MAX_LENGTH).default(''),
  features: TranslatedFeaturesText.default(''),
});
export type PlanTranslationBody = z.input<typeof PlanTranslationBody>;

const Price = z.number().int().min(0).max(PLAN_PRICE_MAX);

/** What an administrator sets on a plan (create and update take the whole plan). */
export const PlanBody = z.object({
  slug: z
    .string()
    .trim()
    .toLowerCase()
    .min(2)
    .max(PLAN_SLUG_MAX_LENGTH)
    .regex(PLAN_SLUG_PATTERN, { error: 'billing.slug_format' }),
  name: Name,
  description: z.string().trim().min(1).max(DESCRIPTION_MAX_LENGTH),
  monthly_price: Price,
  yearly_price: Price,
  trial_period_days: z.number().int().min(0).max(PLAN_TRIAL_DAYS_MAX),
  features: PlanFeaturesText,
  /** Whether subscribers may create organizations and creator accounts. */
  creates_accounts: z.boolean().default(false),
  /** Audio and video storage per subscriber, in MiB (0: none). */
  storage_quota_mb: z.number().int().min(0).max(PLAN_STORAGE_MAX_MB).default(0),
  /** Whether subscribers' videos also stream in 1080p (when the source has it); 720p is the top otherwise. */
  video_1080p: z.boolean().default(false),
  /** Position in the plan list, lowest first. */
  sort_order: z.number().int().min(0).max(PLAN_SORT_ORDER_MAX).default(0),
  /** Not offered to new subscribers (a plan with subscribers is hidden instead of deleted). */
  hidden: z.boolean().default(false),
  translations: z.object({ my: PlanTranslationBody.optional(), th: PlanTranslationBody.optional() }).default({}),
});
export type PlanBody = z.input<typeof PlanBody>;

const PlanTranslation = z.object({ name: z.string(), description: z.string(), features: z.string() });

/** A plan as the admin screens show it: every field untranslated, its translations, who is on it. */
export const AdminPlan = PlanSummary.extend({
  ...planTerms,
  creates_accounts: z.boolean(),
  storage_quota_mb: z.number().int(),
  video_1080p: z.boolean(),
  sort_order: z.number().int(),
  hidden: z.boolean(),
  translations: z.object({ my: PlanTranslation, th: PlanTranslation }),
  /** People on the plan now (trialing or active, not yet ended). */
  subscribers_count: z.number().int(),
  /** False once anyone has subscribed to or paid for it: such a plan is hidden, not deleted. */
  can_delete: z.boolean(),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type AdminPlan = z.infer<typeof AdminPlan>;

export const AdminPlanSaved = z.object({ message: z.string(), data: AdminPlan });

export const AdminSubscriptionsQuery = PageQuery.extend({ status: z.enum(SUBSCRIPTION_STATUSES).optional() });
export type AdminSubscriptionsQuery = z.input<typeof AdminSubscriptionsQuery>;

/** A row of the admin subscriptions table: the subscription, its person and its plan. */
export const AdminSubscriptionRow = z.object({
  id: z.number().int(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  provider: z.enum(SUBSCRIBE_PROVIDERS),
  billing_cycle: z.enum(BILLING_CYCLES).nullable(),
  trial_ends_at: Timestamp.nullable(),
  started_at: Timestamp,
  expires_at: Timestamp,
  user: z.object({ id: z.number().int(), name: z.string(), username: z.string(), email: z.string() }),
  plan: PlanSummary,
});
export type AdminSubscriptionRow = z.infer<typeof AdminSubscriptionRow>;

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
  purpose: z.enum(PAYMENT_PURPOSES),
  /** The plan a `plan` payment buys (null for a membership or a tip). */
  plan: PlanSummary.nullable(),
  /** The creator account a membership or tip pays, and the tier or membership it is for. */
  account_id: z.number().int().nullable(),
  tier_id: z.number().int().nullable(),
  membership_id: z.number().int().nullable(),
  billing_cycle: z.enum(BILLING_CYCLES),
  provider: z.enum(PAYMENT_PROVIDERS),
  sandbox: z.boolean(),
  amount: z.number().int(),
  currency: z.enum(PAYMENT_CURRENCIES),
  status: z.enum(PAYMENT_STATUSES),
  next_step: NextStep.nullable(),
  subscription: SubscriptionSummary.nullable(),
  created_at: Timestamp,
  expires_at: Timestamp,
  paid_at: Timestamp.nullable(),
});
export type Payment = z.infer<typeof Payment>;

export const SubscribeBody = z.object({
  plan_id: Id,
  trial: z.boolean().default(false),
  billing_cycle: z.enum(BILLING_CYCLES).default(DEFAULT_BILLING_CYCLE),
  payment_provider: z.enum(SUBSCRIBE_PROVIDERS).default(DEFAULT_PAYMENT_PROVIDER),
});
export type SubscribeBody = z.input<typeof SubscribeBody>;

/** `meta.payment_providers`: the wallets that take payments on this server (an unconfigured one is not offered). */
export const PlansResponse = z.object({
  data: z.array(Plan),
  meta: z.object({ payment_providers: z.array(z.enum(PAYMENT_PROVIDERS)) }),
});
export type PlansResponse = z.infer<typeof PlansResponse>;

/** A trial answers with the subscription; a purchase with the payment to complete. */
export const SubscribeResponse = z.object({
  data: z.union([z.object({ payment: Payment }), SubscriptionSummary]),
});
export type SubscribeResponse = z.infer<typeof SubscribeResponse>;

const tags = ['Plans, subscriptions, payments'] as const;
const adminTags = ['Administration'] as const;

export const billingApi = {
  plans: endpoint({
    method: 'GET',
    path: '/plans',
    response: PlansResponse,
    summary: 'Plans, in the language asked for, and the wallets a payer may choose',
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
  plansManage: endpoint({
    method: 'GET',
    path: '/plans/manage',
    query: PageQuery,
    response: paged(AdminPlan),
    summary: 'Every plan, hidden ones included, with its subscribers, in list order (administrators)',
    permission: 'plans.manage',
    tags: adminTags,
  }),
  planCreate: endpoint({
    method: 'POST',
    path: '/plans',
    body: PlanBody,
    response: AdminPlanSaved,
    status: 201,
    summary: 'Add a plan (features is JSON text in the plan card shape)',
    permission: 'plans.manage',
    tags: adminTags,
  }),
  planEdit: endpoint({
    method: 'GET',
    path: '/plans/:id/edit',
    params: IdParams,
    response: dataOf(AdminPlan),
    summary: 'A plan with every field and its translations, for the admin edit screen',
    permission: 'plans.manage',
    tags: adminTags,
  }),
  planUpdate: endpoint({
    method: 'PUT',
    path: '/plans/:id',
    params: IdParams,
    body: PlanBody,
    response: AdminPlanSaved,
    summary: 'Change a plan (the whole plan); prices apply to new payments only',
    permission: 'plans.manage',
    tags: adminTags,
  }),
  planDelete: endpoint({
    method: 'DELETE',
    path: '/plans/:id',
    params: IdParams,
    response: null,
    status: 204,
    summary: 'Delete a plan nobody has subscribed to or paid for (409 otherwise: hide it instead)',
    permission: 'plans.manage',
    tags: adminTags,
  }),
  subscriptions: endpoint({
    method: 'GET',
    path: '/subscriptions',
    query: AdminSubscriptionsQuery,
    response: paged(AdminSubscriptionRow),
    summary: 'Every subscription, newest first, with its person and plan; `status` filters',
    permission: 'subscriptions.view',
    tags: adminTags,
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
