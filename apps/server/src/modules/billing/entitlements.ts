import { isAdminRole } from '@inkwell/contracts';
import type { AuthContext } from '../../platform/auth/authenticate';
import type { AppContext } from '../../platform/context';
import { forbidden } from '../../platform/errors';
import { liveSubscription } from './billing.repo';

/** Organizations and creator accounts need a live subscription to a plan that allows them (admins excepted). */
export async function mayCreateAccounts(ctx: AppContext, userId: number, role: string): Promise<boolean> {
  if (isAdminRole(role)) return true;
  const live = await liveSubscription(ctx.db, userId);
  return Boolean(live?.plan.creates_accounts);
}

export async function requireCreator(ctx: AppContext, auth: AuthContext): Promise<void> {
  if (!(await mayCreateAccounts(ctx, auth.user.id, auth.user.role_name))) throw forbidden('billing.plan_required');
}
