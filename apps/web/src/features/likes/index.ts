/* The likes feature's door: a post's like button. Its queries are in api.ts. */
export { LikeButton } from './LikeButton';
