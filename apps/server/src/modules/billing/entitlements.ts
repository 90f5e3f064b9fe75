import type { Permission } from '@inkwell/contracts';
import type { AuthContext } from '../../platform/auth/authenticate';
import type { AppContext } from '../../platform/context';
import { forbidden } from '../../platform/errors';
import { freePlanQuota, liveSubscription } from './billing.repo';

/**
 * Administrators who manage creator accounts (`accounts.update`) are not bound by plans: they open accounts
 * without a subscription and upload without a storage quota.
 */
export const exemptFromPlans = (permissions: ReadonlySet<Permission>): boolean => permissions.has('accounts.edit');

/** Organizations and creator accounts need a live subscription to a plan that allows them (admins excepted). */
export async function mayCreateAccounts(ctx: AppContext, auth: AuthContext): Promise<boolean> {
  if (exemptFromPlans(auth.permissions)) return true;
  const live = await liveSubscription(ctx.db, auth.user.id);
  return Boolean(live?.plan.creates_accounts);
}

export async function requireCreator(ctx: AppContext, auth: AuthContext): Promise<void> {
  if (!(await mayCreateAccounts(ctx, auth))) throw forbidden('billing.plan_required');
}

const MIB = 1024 * 1024;

/**
 * Audio and video storage the person's plan includes, in bytes: the live subscription's, else the free
 * plan's (none unless an administrator gives it some); null for administrators (no limit). Whether they may
 * upload at all (they can compose) is the media module's question.
 */
export async function storageQuota(ctx: AppContext, auth: AuthContext): Promise<number | null> {
  if (exemptFromPlans(auth.permissions)) return null;
  const live = await liveSubscription(ctx.db, auth.user.id);
  const quotaMb = live?.plan.storage_quota_mb ?? (await freePlanQuota(ctx.db)) ?? 0;
  return quotaMb * MIB;
}
