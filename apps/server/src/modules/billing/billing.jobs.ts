import { sql } from 'drizzle-orm';
import { payments } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import type { JobQueueSettings } from '../../platform/jobs/queue';
import { createGateways } from './gateways';
import { reconcilePending } from './payments.service';
import { expireLapsed } from './billing.repo';

/**
 * Every few minutes: lapsed subscriptions end, gateways are asked about payments still pending, and payments
 * nobody completed expire.
 */
export const EXPIRE_SCHEDULE = '*/5 * * * *';

/** The billing job's queue, registered with the platform at the composition root. */
export const billingQueues = { 'billing.expire': { schedule: EXPIRE_SCHEDULE } } satisfies JobQueueSettings;

export async function expireBilling(ctx: AppContext): Promise<void> {
  const subscriptions = await expireLapsed(ctx.db);
  const refused = await reconcilePending(ctx, createGateways(ctx.config, ctx.appSecret));
  const expired = await ctx.db
    .update(payments)
    .set({ status: 'expired', updated_at: sql`now()` })
    .where(sql`${payments.status} = 'pending' and ${payments.expires_at} <= now()`)
    .returning({ id: payments.id });
  if (subscriptions || refused || expired.length)
    ctx.log.info({ subscriptions, refused, payments: expired.length }, 'billing expired');
}
