/* The posts feature's door: the list of posts the home and account pages show, never a page. Queries: api.ts. */
export { PostList } from './PostList';
