/** The posts module's face: what other modules, the seed and the composition root may use. */
import { syncLockedMedia } from './locked-media';
import { defineModule } from '../../platform/module';
import { postsRoutes } from './posts.routes';
import { fanOutPosts, pruneFeeds, feedQueues, feedSubscribers } from './feed.service';

export { postAccess, requirePost, type PostAccess, type PostFacts } from './posts.policy';
export type { PostListRow } from './posts.repo';
export { createPostLimit } from './posts.routes';
export { create as createPost } from './posts.service';
export { reject as rejectPost } from './posts.admin.service';

export const postsModule = defineModule({
  routes: postsRoutes,
  queues: feedQueues,
  jobs: (ctx) => ({
    'timeline.fanout': (payload) => fanOutPosts(ctx, payload),
    'timeline.prune': () => pruneFeeds(ctx),
  }),
  // An edit or a deletion is heard by nobody yet (feeds ask at read time whether a post may be shown).
  // Members-only posts' files follow their lock after each commit (locked-media.ts).
  subscribers: (ctx) => {
    const feed = feedSubscribers(ctx);
    return {
      ...feed,
      'post.created': [...feed['post.created'], (event) => syncLockedMedia(ctx, event.post_id)],
      'post.updated': [(event) => syncLockedMedia(ctx, event.post_id)],
      'post.deleted': [],
    };
  },
});
