import { dayInZone, type CountedEvent } from '@inkwell/contracts';
import { isForeignKeyViolation } from '../../db/errors';
import type { AppContext } from '../../platform/context';
import type { JobQueueSettings } from '../../platform/jobs/queue';
import * as repo from './insights.accounts.repo';
import { zoneOrDefault } from './insights.accounts.service';

/** Every night (UTC), counted jobs old enough to need no guarding are forgotten. */
const PRUNE_SCHEDULE = '23 3 * * *';

/** Counting may wait for a busy database: more tries than the default, with back-off. */
export const insightsQueues = {
  'insights.count': { retry: { retryLimit: 10, retryDelay: 5, retryBackoff: true }, batchSize: 10 },
  'insights.prune': { schedule: PRUNE_SCHEDULE },
} satisfies JobQueueSettings;

const DELTAS: Record<CountedEvent['type'], repo.DayDelta> = {
  'post.liked': { likes: 1, unlikes: 0, follows: 0, unfollows: 0 },
  'post.unliked': { likes: 0, unlikes: 1, follows: 0, unfollows: 0 },
  'account.followed': { likes: 0, unlikes: 0, follows: 1, unfollows: 0 },
  'account.unfollowed': { likes: 0, unlikes: 0, follows: 0, unfollows: 1 },
};

/**
 * The `insights.count` job: the event's account gets one more like, unlike, follow or unfollow on the day
 * `occurredAt` falls on in the account's time zone. Counted once per job, however often the job runs; an
 * account deleted in the meantime is left alone.
 */
export async function countEvent(
  ctx: AppContext,
  event: CountedEvent,
  occurredAt: Date,
  job: { id: string },
): Promise<void> {
  const zone = await repo.zoneOf(ctx.db, event.account_id);
  if (zone === undefined) return;
  try {
    // Once per event when it has an id (the same event may be queued twice), else once per job (a retry).
    await repo.countOnce(
      ctx.db,
      event.event_id ?? job.id,
      event.account_id,
      dayInZone(occurredAt, zoneOrDefault(zone)),
      DELTAS[event.type],
    );
  } catch (err) {
    if (!isForeignKeyViolation(err)) throw err;
  }
}

/** Counted jobs are remembered this long: far longer than a job can take to run out of retries. */
const COUNTED_JOBS_KEPT_DAYS = 2;

/** The scheduled `insights.prune` job. */
export async function pruneCountedJobs(ctx: AppContext): Promise<void> {
  const pruned = await repo.pruneCounted(ctx.db, COUNTED_JOBS_KEPT_DAYS);
  if (pruned) ctx.log.info({ pruned }, 'insights: counted jobs forgotten');
}
