import { sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import type { JobQueueSettings } from '../../platform/jobs/queue';
import * as repo from './discovery.repo';

export const discoveryQueues = {
  'discovery.refresh': { schedule: '*/10 * * * *' },
  // Mondays at 02:30 UTC: 09:00 in Yangon, 09:30 in Bangkok.
  'discovery.digest': { schedule: '30 2 * * 1' },
} satisfies JobQueueSettings;

/**
 * Every ten minutes (and on demand in tests, with a controlled clock): the accounts' stats, the co-follows of the
 * accounts whose readers changed, and the trending posts, in one transaction: a reader never sees half a refresh,
 * and a second worker running it at the same time waits for the lock and finds the work done.
 */
export async function refreshDiscovery(ctx: AppContext, now = new Date()) {
  const counts = await ctx.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('discovery.refresh'))`);
    return {
      accounts: await repo.refreshAccountStats(tx, now),
      co_follows: await repo.refreshCoFollows(tx),
      trending: await repo.refreshTrending(tx, now),
    };
  });
  ctx.log.info(counts, 'discovery refreshed');
  return counts;
}

/** The ISO week of a day (`2026-W48`), which names the digest sent in it. */
export function isoWeek(day: Date): string {
  const d = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate()));
  const weekday = d.getUTCDay() || 7;
  d.setUTCDate(d.getUTCDate() + 4 - weekday);
  const yearStart = Date.UTC(d.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((d.getTime() - yearStart) / 86_400_000 + 1) / 7);
  return `${d.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}

/** Readers per transaction of the digest. */
const DIGEST_BATCH = 200;

/**
 * Once a week, to each reader who turned the digest on: the accounts they may like (their suggestions) that posted
 * in the last 7 days, three by name and how many more. The week is claimed in the transaction of the first batch,
 * so a second run (or worker) sends nothing; each batch's events are written with it (the outbox), so a crash
 * between batches loses no digest already counted as sent, and the next week starts afresh.
 */
export async function sendDigests(ctx: AppContext, now = new Date()) {
  const since = new Date(now.getTime() - 7 * 86_400_000);
  let sent = 0;
  let after = 0;
  let claimed = false;
  for (;;) {
    const more = await ctx.transaction(async (tx) => {
      if (!claimed) {
        if (!(await repo.claimDigestWeek(tx, isoWeek(now)))) return false;
        claimed = true;
      }
      const readers = await repo.digestReaders(tx, after, DIGEST_BATCH);
      for (const reader of readers) {
        after = reader.id;
        const rows = await repo.suggested(
          tx as unknown as Parameters<typeof repo.suggested>[0],
          { viewer: reader.id, languages: reader.languages ?? [], tags: reader.tags },
          { limit: 20, offset: 0, postedSince: since },
        );
        if (rows.length === 0) continue;
        ctx.events.publish(tx, {
          type: 'discovery.digest',
          actor_id: null,
          user_id: reader.id,
          account_ids: rows.slice(0, 3).map((r) => r.id),
          more: Math.max(0, (rows[0]?.total ?? rows.length) - 3),
        });
        sent += 1;
      }
      return readers.length === DIGEST_BATCH;
    });
    if (!more) break;
  }
  if (claimed) ctx.log.info({ sent }, 'discovery digests sent');
  return { sent, claimed };
}
