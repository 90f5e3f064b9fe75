import {
  CURRENCY,
  type AdminPlan,
  type AdminSubscriptionRow,
  type PageQuery,
  type Paged,
  type ParsedBody,
  type ParsedQuery,
  type billingApi,
} from '@inkwell/contracts';
import type { PlanTranslation } from '../../db/schema';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/errors';
import { recordAudit } from '../../platform/audit';
import type { AuthContext } from '../../platform/auth/authenticate';
import type { AppContext } from '../../platform/context';
import { ValidationError, conflict, notFound } from '../../platform/errors';
import { offsetOf, paged, type PageAt } from '../../platform/pagination';
import * as repo from './billing.admin.repo';
import type { PlanRow } from './billing.repo';
import { planDeletable, requirePlanDeletable } from './billing.policy';
import { planSummary } from './billing.service';

type PlanInput = ParsedBody<typeof billingApi.planCreate>;
type Translations = PlanRow['translations'];
const TRANSLATED = ['my', 'th'] as const;

const slugTaken = () => new ValidationError({ slug: ['billing.slug_taken'] });

/** Only the wording given is stored: an empty field (or locale) shows the English one. */
function storedTranslations(input: PlanInput['translations']): Translations {
  const out: Translations = {};
  for (const locale of TRANSLATED) {
    const given = input[locale];
    if (!given) continue;
    const kept = Object.fromEntries(Object.entries(given).filter(([, v]) => v !== '')) as PlanTranslation;
    if (Object.keys(kept).length) out[locale] = kept;
  }
  return out;
}

/** The plan's fields an administrator sets (all but the translations), from the form or from the row. */
const planFields = (from: Omit<PlanRow, 'id' | 'created_at' | 'updated_at' | 'translations'>) => ({
  slug: from.slug,
  name: from.name,
  description: from.description,
  monthly_price: from.monthly_price,
  yearly_price: from.yearly_price,
  trial_period_days: from.trial_period_days,
  features: from.features,
  creates_accounts: from.creates_accounts,
  storage_quota_mb: from.storage_quota_mb,
  video_1080p: from.video_1080p,
  sort_order: from.sort_order,
  hidden: from.hidden,
});

const planValues = (input: PlanInput): repo.PlanValues => ({
  ...planFields(input),
  translations: storedTranslations(input.translations),
});

/** The fields an audit entry keeps of a plan (what an administrator can change). */
const auditView = (row: PlanRow): Record<string, unknown> => ({ ...planFields(row), translations: row.translations });

const translation = (t: PlanTranslation | undefined) => ({
  name: t?.name ?? '',
  description: t?.description ?? '',
  features: t?.features ?? '',
});

export const toAdminPlan = (row: repo.PlanWithUsage): AdminPlan => ({
  id: row.id,
  ...planFields(row),
  currency: CURRENCY,
  translations: { my: translation(row.translations.my), th: translation(row.translations.th) },
  subscribers_count: row.subscribers_count,
  can_delete: planDeletable(row),
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});

export async function listPlans(ctx: AppContext, q: PageQuery, at: PageAt): Promise<Paged<AdminPlan>> {
  const [rows, total] = await repo.plansPage(ctx.db, q.per_page, offsetOf(q));
  return paged(rows.map(toAdminPlan), total, q, at);
}

export async function planForEdit(ctx: AppContext, id: number): Promise<AdminPlan> {
  const row = await repo.planWithUsage(ctx.db, id);
  if (!row) throw notFound();
  return toAdminPlan(row);
}

export async function createPlan(ctx: AppContext, auth: AuthContext, input: PlanInput): Promise<AdminPlan> {
  const values = planValues(input);
  let id: number;
  try {
    id = await ctx.transaction(async (tx) => {
      if (await repo.slugOwner(tx, values.slug)) throw slugTaken();
      const row = await repo.insertPlan(tx, values);
      await recordAudit(tx, auth, {
        action: 'plans.create',
        subject_type: 'plan',
        subject_id: row.id,
        after: auditView(row),
      });
      return row.id;
    });
  } catch (err) {
    // Two administrators adding the same slug at once: the unique index settles it.
    if (isUniqueViolation(err)) throw slugTaken();
    throw err;
  }
  return planForEdit(ctx, id);
}

export async function updatePlan(ctx: AppContext, auth: AuthContext, id: number, input: PlanInput): Promise<AdminPlan> {
  const values = planValues(input);
  try {
    await ctx.transaction(async (tx) => {
      const before = await repo.lockPlan(tx, id);
      if (!before) throw notFound();
      const owner = await repo.slugOwner(tx, values.slug);
      if (owner !== undefined && owner !== id) throw slugTaken();
      const after = await repo.updatePlan(tx, id, values);
      await recordAudit(tx, auth, {
        action: 'plans.edit',
        subject_type: 'plan',
        subject_id: id,
        before: auditView(before),
        after: auditView(after),
      });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw slugTaken();
    throw err;
  }
  return planForEdit(ctx, id);
}

/** Deletes a plan nobody has subscribed to or paid for; one in use answers 409 (hide it instead). */
export async function deletePlan(ctx: AppContext, auth: AuthContext, id: number): Promise<void> {
  try {
    await ctx.transaction(async (tx) => {
      const before = await repo.lockPlan(tx, id);
      if (!before) throw notFound();
      const usage = await repo.planWithUsage(tx, id);
      requirePlanDeletable(usage!);
      await repo.deletePlan(tx, id);
      await recordAudit(tx, auth, {
        action: 'plans.delete',
        subject_type: 'plan',
        subject_id: id,
        before: auditView(before),
      });
    });
  } catch (err) {
    // A subscription or payment made between the check and the delete: its foreign key refuses the delete.
    if (isForeignKeyViolation(err)) throw conflict('billing.plan_in_use');
    throw err;
  }
}

export async function listSubscriptions(ctx: AppContext, q: ParsedQuery<typeof billingApi.subscriptions>, at: PageAt) {
  const { rows, total } = await repo.subscriptionsPage(ctx.db, { status: q.status }, q.per_page, offsetOf(q));
  const data = rows.map(({ subscription: s, user, plan }): AdminSubscriptionRow => ({
    id: s.id,
    status: s.status,
    provider: s.provider,
    billing_cycle: s.billing_cycle ?? null,
    trial_ends_at: s.trial_ends_at?.toISOString() ?? null,
    started_at: s.started_at.toISOString(),
    expires_at: s.expires_at.toISOString(),
    user,
    plan: planSummary(plan, at.locale),
  }));
  return paged(data, total, q, at);
}
