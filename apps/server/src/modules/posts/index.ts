/** The posts module's face: what other modules, the seed and the composition root may use. */
export { postAccess, requirePost, type PostAccess, type PostFacts } from './posts.policy';
export { createPostLimit, postsRoutes } from './posts.routes';
export { create as createPost } from './posts.service';
export { fanOutPosts, pruneTimelines, timelineQueues, timelineSubscribers } from './timeline.service';
