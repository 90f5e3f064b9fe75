/* The comments feature's door: the thread a post's pages show. Its queries are in api.ts. */
export { CommentsThread } from './CommentsThread';
