import type { CountedEvent } from '@inkwell/contracts';
import type { AppContext } from '../../platform/context';
import type { Subscriber } from '../../platform/events';

/**
 * The events an account's daily counters are kept from, and their subscriber: it queues the
 * `insights.count` job (durable, retried) with the moment it heard the event, right after its commit, so a
 * job that runs late still counts the event on the day it happened.
 */
export function insightsSubscribers(ctx: AppContext): { [K in CountedEvent['type']]: Subscriber<K>[] } {
  const count = async (event: CountedEvent) => {
    await ctx.jobs.send('insights.count', { event, occurred_at: new Date().toISOString() });
  };
  return {
    'post.liked': [count],
    'post.unliked': [count],
    'account.followed': [count],
    'account.unfollowed': [count],
  };
}
