import { sql } from 'drizzle-orm';
import { payments } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { expireLapsed } from './billing.repo';

/** Every few minutes: lapsed subscriptions end, and payments nobody completed expire. */
export const EXPIRE_SCHEDULE = '*/5 * * * *';

export async function expireBilling(ctx: AppContext): Promise<void> {
  const subscriptions = await expireLapsed(ctx.db);
  const expired = await ctx.db
    .update(payments)
    .set({ status: 'expired', updated_at: sql`now()` })
    .where(sql`${payments.status} = 'pending' and ${payments.expires_at} <= now()`)
    .returning({ id: payments.id });
  if (subscriptions || expired.length) ctx.log.info({ subscriptions, payments: expired.length }, 'billing expired');
}
