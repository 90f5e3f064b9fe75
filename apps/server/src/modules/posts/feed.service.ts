import type { JobPayload, ListCursor } from '@inkwell/contracts';
import type { AppContext } from '../../platform/context';
import type { JobQueueSettings } from '../../platform/jobs/queue';
import type { Subscriber } from '../../platform/events';
import * as posts from './posts.repo';
import * as repo from './feed.repo';
import * as writes from './feed.writes';

/*
 * The followed feed, read from each reader's stored feed (fan-out on write, feed.repo.ts). The stored feed answers
 * the pages it holds; a page reaching past its horizon is completed from `posts`, and so is every page while the
 * stored feed is first built. Writes: a new post is fanned out by a job, a follow copies the account's recent posts
 * in and an unfollow takes them out, both after their commit. Whether an entry may be shown (its post visible,
 * its account still followed) is asked when reading, so rejecting, deleting and hiding need nothing here.
 */

const newer = (a: ListCursor, b: ListCursor) => a.micros > b.micros || (a.micros === b.micros && a.id > b.id);

/**
 * One page of the posts of the accounts the viewer follows. `deep`: the page reached past the stored feed's horizon,
 * so its cursor tells the next page to read `posts` straight away instead of asking the stored feed first (reading
 * `posts` is right from any cursor; the note only saves the question).
 */
export async function followedPage(
  ctx: AppContext,
  viewer: number,
  window: posts.ListWindow,
): Promise<posts.ListPage & { deep?: boolean }> {
  if (window.before?.deep)
    return { rows: await repo.deepPage(ctx.db, viewer, window.before, window.limit), deep: true };
  let part = await repo.section(ctx.db, viewer, window);
  // A new stored feed is built now; one whose build died long ago is taken over (claim answers false otherwise).
  if (part.state !== 'ready' && (await writes.claim(ctx.db, viewer))) {
    try {
      await writes.build(ctx.db, viewer);
    } catch (err) {
      // The claim lapses and a later read builds again; until then pages come from `posts`.
      ctx.log.error({ err, viewer }, 'stored feed build failed');
    }
    part = await repo.section(ctx.db, viewer, window);
  }
  const ready = part.state === 'ready';
  if (part.readLongAgo) await writes.touch(ctx.db, viewer);
  if (ready && (part.rows.length >= window.limit || !part.horizon)) return part;

  // Page numbers past the stored feed (or while it is built) are counted from `posts` as before.
  if (!window.before) return posts.followedFeed(ctx.db, viewer, window);

  // By cursor, the page continues below the horizon: every post from there down is in `posts` only.
  if (!ready) return { rows: await repo.deepPage(ctx.db, viewer, window.before, window.limit) };
  const from = part.horizon && newer(window.before, part.horizon) ? part.horizon : window.before;
  const rest = await repo.deepPage(ctx.db, viewer, from, window.limit - part.rows.length);
  return { rows: [...part.rows, ...rest], deep: rest.length > 0 };
}

/** The `timeline.fanout` job: writes new posts into their followers' stored feeds, then trims those grown too long. */
export async function fanOutPosts(ctx: AppContext, { post_ids }: JobPayload<'timeline.fanout'>): Promise<void> {
  const grown = await ctx.transaction((tx) => writes.fanOut(tx, post_ids));
  for (const viewer of grown) await writes.trim(ctx.db, viewer);
}

/** The daily `timeline.prune` job: drops the stored feeds of readers who have not read them for two weeks. */
export async function pruneFeeds(ctx: AppContext): Promise<void> {
  const dropped = await writes.prune(ctx.db);
  if (dropped) ctx.log.info({ dropped }, 'stored feeds of idle readers dropped');
}

/** Every night (UTC). */
export const feedQueues = { 'timeline.prune': { schedule: '47 2 * * *' } } satisfies JobQueueSettings;

/** Queues the fan-out of posts that have just been committed (composed one by one, or an import's batch). */
export async function queueFanOut(ctx: AppContext, postIds: number[]): Promise<void> {
  if (postIds.length > 0) await ctx.jobs.send('timeline.fanout', { post_ids: postIds });
}

/**
 * After the commit: a new post goes out to its followers' stored feeds; a follow brings the account's recent posts
 * in, an unfollow takes them out. Run after the commit on purpose: a post committed before a follow's backfill
 * reads is copied by it, one committed later is fanned out to a follow it then sees.
 */
export function feedSubscribers(ctx: AppContext): {
  'post.created': Subscriber<'post.created'>[];
  'account.followed': Subscriber<'account.followed'>[];
  'account.unfollowed': Subscriber<'account.unfollowed'>[];
} {
  return {
    'post.created': [(event) => queueFanOut(ctx, [event.post_id])],
    'account.followed': [
      async (event) => {
        if (await writes.backfill(ctx.db, event.actor_id, event.account_id)) await writes.trim(ctx.db, event.actor_id);
      },
    ],
    'account.unfollowed': [(event) => writes.forget(ctx.db, event.actor_id, event.account_id)],
  };
}
