import type { Permission } from '@inkwell/contracts';
import type { AuthContext } from '../../platform/auth/authenticate';
import type { AppContext } from '../../platform/context';
import { forbidden } from '../../platform/errors';
import { freePlan, liveSubscription } from './billing.repo';

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

/** What a person's plan gives their audio and video uploads. */
export interface MediaAllowance {
  /** Storage in bytes; null: no limit. */
  quota: number | null;
  /** The tallest video rendition (short side, px): 1080 where the plan streams 1080p, else 720. */
  maxRendition: 720 | 1080;
}

/**
 * What the person's plan gives their audio and video: the live subscription's, else the free plan's (no storage
 * unless an administrator gives it some); administrators have no limit and get 1080p. Whether they may upload at
 * all (they can compose) is the media module's question.
 */
export async function mediaAllowance(ctx: AppContext, auth: AuthContext): Promise<MediaAllowance> {
  if (exemptFromPlans(auth.permissions)) return { quota: null, maxRendition: 1080 };
  const live = await liveSubscription(ctx.db, auth.user.id);
  const plan = live?.plan ?? (await freePlan(ctx.db));
  return { quota: (plan?.storage_quota_mb ?? 0) * MIB, maxRendition: plan?.video_1080p ? 1080 : 720 };
}
