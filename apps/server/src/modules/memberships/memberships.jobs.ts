import type { AppContext } from '../../platform/context';
import type { JobQueueSettings } from '../../platform/jobs/queue';
import * as repo from './memberships.repo';

/** Reminders are sent this many days before a pass ends (the first, then the last). */
export const REMINDER_DAYS = [3, 1] as const;
/** Days a lapsed pass keeps its access before it expires (a renewal in them counts from the payment). */
export const GRACE_DAYS = 3;

export const membershipsQueues = { 'memberships.expire': { schedule: '*/5 * * * *' } } satisfies JobQueueSettings;

/**
 * Every few minutes, in one transaction: passes ending within 3 days (then 1) are announced once each; active
 * passes past their end enter grace; passes past grace, and stopped ones past their end, expire (their members
 * are told, the tiers' counts follow). Each step claims its rows by changing them, so a second worker, or this
 * job run again, finds nothing left to do.
 */
export async function expireMemberships(ctx: AppContext): Promise<void> {
  const counts = await ctx.transaction(async (tx) => {
    let reminded = 0;
    for (const days of REMINDER_DAYS) {
      for (const m of await repo.claimReminders(tx, days)) {
        ctx.events.publish(tx, {
          type: 'membership.ending',
          actor_id: null,
          user_id: m.user_id,
          membership_id: m.id,
          days,
        });
        reminded += 1;
      }
    }
    const graced = await repo.enterGrace(tx);
    const expired = await repo.expireEnded(tx, GRACE_DAYS);
    for (const m of expired) {
      ctx.events.publish(tx, {
        type: 'membership.ended',
        actor_id: null,
        user_id: m.user_id,
        membership_id: m.id,
        account_id: m.account_id,
      });
    }
    await repo.recountMembers(tx, [...new Set([...graced, ...expired].map((m) => m.tier_id))]);
    return { reminded, graced: graced.length, expired: expired.length };
  });
  if (counts.reminded || counts.graced || counts.expired) ctx.log.info(counts, 'memberships expired');
}
