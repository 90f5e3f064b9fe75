/** The plan form's values and how they map to and from the contract's plan. */
import { type AdminPlan, type PlanBody } from '@inkwell/contracts';

export const TRANSLATED = ['my', 'th'] as const;
export type Translated = (typeof TRANSLATED)[number];
export type Wording = { name: string; description: string; features: string };

export interface Values {
  slug: string;
  name: string;
  description: string;
  monthly_price: number | string;
  yearly_price: number | string;
  trial_period_days: number | string;
  features: string;
  creates_accounts: boolean;
  storage_quota_mb: number | string;
  video_1080p: boolean;
  sort_order: number | string;
  hidden: boolean;
  translations: Record<Translated, Wording>;
}

export const EMPTY: Values = {
  slug: '',
  name: '',
  description: '',
  monthly_price: 0,
  yearly_price: 0,
  trial_period_days: 0,
  features: '[]',
  creates_accounts: true,
  storage_quota_mb: 0,
  video_1080p: false,
  sort_order: 0,
  hidden: false,
  translations: { my: { name: '', description: '', features: '' }, th: { name: '', description: '', features: '' } },
};

export const valuesOf = (plan: AdminPlan): Values => ({
  slug: plan.slug,
  name: plan.name,
  description: plan.description,
  monthly_price: plan.monthly_price,
  yearly_price: plan.yearly_price,
  trial_period_days: plan.trial_period_days,
  features: plan.features,
  creates_accounts: plan.creates_accounts,
  storage_quota_mb: plan.storage_quota_mb,
  video_1080p: plan.video_1080p,
  sort_order: plan.sort_order,
  hidden: plan.hidden,
  translations: { my: { ...plan.translations.my }, th: { ...plan.translations.th } },
});

export const bodyOf = (v: Values): PlanBody => ({
  slug: v.slug,
  name: v.name,
  description: v.description,
  monthly_price: Number(v.monthly_price),
  yearly_price: Number(v.yearly_price),
  trial_period_days: Number(v.trial_period_days),
  features: v.features,
  creates_accounts: v.creates_accounts,
  storage_quota_mb: Number(v.storage_quota_mb),
  video_1080p: v.video_1080p,
  sort_order: Number(v.sort_order),
  hidden: v.hidden,
  translations: v.translations,
});

/** One component for adding a plan (`/admin/plans/add`) and editing one (`/admin/plans/:id/edit`). */
