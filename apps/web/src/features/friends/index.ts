/* The friends feature's door: a person's friend buttons. Its queries are in api.ts. */
export { FriendButtons } from './FriendButtons';
