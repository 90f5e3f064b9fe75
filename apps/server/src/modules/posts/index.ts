/** The posts module's face: what other modules, the seed and the composition root may use. */
import { defineModule } from '../../platform/module';
import { postsRoutes } from './posts.routes';
import { fanOutPosts, pruneTimelines, timelineQueues, timelineSubscribers } from './timeline.service';

export { postAccess, requirePost, type PostAccess, type PostFacts } from './posts.policy';
export type { PostListRow } from './posts.repo';
export { createPostLimit } from './posts.routes';
export { create as createPost } from './posts.service';

export const postsModule = defineModule({
  routes: postsRoutes,
  queues: timelineQueues,
  jobs: (ctx) => ({
    'timeline.fanout': (payload) => fanOutPosts(ctx, payload),
    'timeline.prune': () => pruneTimelines(ctx),
  }),
  // An edit or a deletion is heard by nobody yet (feeds ask at read time whether a post may be shown).
  subscribers: (ctx) => ({ ...timelineSubscribers(ctx), 'post.updated': [], 'post.deleted': [] }),
});
