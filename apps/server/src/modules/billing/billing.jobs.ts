import { SUBSCRIPTION_ENDING_NOTICE_DAYS } from '@inkwell/contracts';
import type { AppContext } from '../../platform/context';
import type { JobQueueSettings } from '../../platform/jobs/queue';
import { createGateways } from './gateways';
import { expireUnpaid } from './payments.repo';
import { reconcilePending } from './payments.service';
import { claimEnding, expireLapsed } from './billing.repo';

/**
 * Every few minutes: lapsed subscriptions end, gateways are asked about payments still pending, and payments
 * nobody completed expire.
 */
export const EXPIRE_SCHEDULE = '*/5 * * * *';

/** The billing job's queue, registered with the platform at the composition root. */
export const billingQueues = { 'billing.expire': { schedule: EXPIRE_SCHEDULE } } satisfies JobQueueSettings;

/**
 * Subscriptions that ran out end (their owners are told), those ending within a few days are announced once,
 * then payments are settled.
 */
export async function expireBilling(ctx: AppContext): Promise<void> {
  const { ended, ending } = await ctx.transaction(async (tx) => {
    const lapsed = await expireLapsed(tx);
    const soon = await claimEnding(tx, SUBSCRIPTION_ENDING_NOTICE_DAYS);
    for (const s of lapsed) {
      ctx.events.publish(tx, { type: 'subscription.ended', actor_id: null, user_id: s.user_id, subscription_id: s.id });
    }
    for (const s of soon) {
      ctx.events.publish(tx, {
        type: 'subscription.ending',
        actor_id: null,
        user_id: s.user_id,
        subscription_id: s.id,
      });
    }
    return { ended: lapsed.length, ending: soon.length };
  });
  const subscriptions = ended;
  const refused = await reconcilePending(ctx, createGateways(ctx.config, ctx.appSecret));
  const expired = await expireUnpaid(ctx.db);
  if (subscriptions || ending || refused || expired)
    ctx.log.info({ subscriptions, ending, refused, payments: expired }, 'billing expired');
}
