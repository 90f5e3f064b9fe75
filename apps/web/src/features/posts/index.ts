/* The posts feature's door: the list of posts the home and account pages show, and the members-only mark search
 * hits carry; never a page. Queries: api.ts. */
export { PostList } from './PostList';
export { MembersOnlyMark } from './MembersOnlyMark';
// A post as any list draws it, for lists that page by number (Explore's trending posts).
export { PostCard } from './PostCard';
export { hasImage } from './PostBody';
// An account's pinned posts, at the top of its page.
export { PinnedPosts } from './PinnedPosts';
