import { z } from 'zod';
import { Id, MessageResponse, PageQuery, Timestamp, paged } from './common';
import { endpoint } from './endpoint';
import { Person, PublicUser } from './users';

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
