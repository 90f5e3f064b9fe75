/* The follows feature's door: the buttons an account page shows. Its queries are in api.ts. */
export { BellButton } from './BellButton';
export { FollowButton } from './FollowButton';
