/** The posts module's face: what other modules, the seed and the composition root may use. */
import { syncLockedMedia, syncUploadPosts } from './locked-media';
import { defineModule } from '../../platform/module';
import { postsRoutes } from './posts.routes';
import { fanOutPosts, pruneFeeds, feedQueues, feedSubscribers } from './feed.service';
import { backfillTexts, textBackfillQueues } from './text-backfill';
import { publishDue } from './publishing.service';

export { postAccess, requirePost, type PostAccess, type PostFacts } from './posts.policy';
export type { PostListRow } from './posts.repo';
export { createPostLimit } from './posts.routes';
export { create as createPost } from './posts.service';
export { listedPosts, taggedPage } from './posts.lists';
// For lists read elsewhere (pinned posts): the decorated select, a row as answers show it, and media signing.
export { toPost } from './posts.service';
export { decorate as decoratePosts } from './posts.repo';
export { mediaSigner } from './locked-media';
export { backfillTexts } from './text-backfill';
export { reject as rejectPost } from './posts.admin.service';

export const postsModule = defineModule({
  routes: postsRoutes,
  // Every minute: a scheduled post is published within a minute of its time.
  queues: { ...feedQueues, ...textBackfillQueues, 'posts.publish': { schedule: '* * * * *' } },
  jobs: (ctx) => ({
    'posts.publish': async () => {
      await publishDue(ctx);
    },
    'timeline.fanout': (payload) => fanOutPosts(ctx, payload),
    'timeline.prune': () => pruneFeeds(ctx),
    'text.backfill': async () => {
      await backfillTexts(ctx);
    },
  }),
  // An edit or a deletion is heard by nobody yet (feeds ask at read time whether a post may be shown).
  // Members-only posts' files follow their lock after each commit, and after a video's last renditions are stored
  // (locked-media.ts).
  subscribers: (ctx) => {
    const feed = feedSubscribers(ctx);
    return {
      ...feed,
      'post.created': [...feed['post.created'], (event) => syncLockedMedia(ctx, event.post_id)],
      'post.updated': [(event) => syncLockedMedia(ctx, event.post_id)],
      'post.deleted': [],
      // A video's top renditions are stored after it may have been posted, and locked.
      'media.progressed': [
        (event) =>
          event.status === 'processed' && event.progress === 100 ? syncUploadPosts(ctx, event.file_id) : undefined,
      ],
    };
  },
});
