import { z } from 'zod';
import { Id, MessageResponse, PageQuery, Timestamp, dataOf, paged } from './common';
import { endpoint } from './endpoint';
import { PublicUser } from './users';

/**
 * Where two people stand, seen by the viewer: friends; `pending_friend_request` — I asked, they have not
 * answered (I may cancel); `awaiting_friend_request` — they asked me (I may accept or decline). At most one
 * of the three is true.
 */
export const FriendState = z.object({
  is_friend: z.boolean(),
  pending_friend_request: z.boolean(),
  awaiting_friend_request: z.boolean(),
});
export type FriendState = z.infer<typeof FriendState>;

/** Another person's public profile with where the viewer stands with them (`GET /users/{id}`). */
export const Person = PublicUser.extend({
  ...FriendState.shape,
  /** The viewer's own profile: no friend buttons. */
  is_me: z.boolean(),
});
export type Person = z.infer<typeof Person>;

/** A friend, or a person whose request waits for me, with when that began. */
export const Friend = PublicUser.extend({ since: Timestamp });
export type Friend = z.infer<typeof Friend>;

export const FriendBody = z.object({ friend_id: Id });
export type FriendBody = z.input<typeof FriendBody>;

/** The answer of every friend action: what happened, and where the two people stand now. */
export const FriendResult = MessageResponse.extend({ data: Person });
export type FriendResult = z.infer<typeof FriendResult>;

const tags = ['People'] as const;

export const friendsApi = {
  person: endpoint({
    method: 'GET',
    path: '/users/:id',
    params: z.object({ id: Id }),
    response: dataOf(Person),
    summary: 'A person’s public profile with is_friend, pending_friend_request and awaiting_friend_request',
    tags,
  }),
  list: endpoint({
    method: 'GET',
    path: '/friends',
    query: PageQuery,
    response: paged(Friend),
    summary: 'My friends, the newest friendship first',
    tags,
  }),
  requests: endpoint({
    method: 'GET',
    path: '/friends/requests',
    query: PageQuery,
    response: paged(Friend),
    summary: 'People who asked to be my friend and wait for my answer, newest first',
    tags,
  }),
  add: endpoint({
    method: 'POST',
    path: '/friends',
    body: FriendBody,
    response: FriendResult,
    summary: 'Ask someone to be my friend; when they asked me first, this accepts',
    tags,
  }),
  accept: endpoint({
    method: 'POST',
    path: '/friends/accept',
    body: FriendBody,
    response: FriendResult,
    summary: 'Accept a friend request',
    tags,
  }),
  remove: endpoint({
    method: 'POST',
    path: '/friends/remove',
    body: FriendBody,
    response: FriendResult,
    summary: 'Remove a friend, cancel my request, or decline theirs',
    tags,
  }),
} as const;
