import { afterEach, describe, expect, it } from 'vitest';
import type { LoaderFunctionArgs } from 'react-router';
import { chatRoomsQuery } from '../features/chats/queries';
import { commentsKey } from '../features/comments/queries';
import { friendListQuery } from '../features/friends/queries';
import { postKey } from '../features/posts/queries';
import { signIn, signOut } from '../session/session';
import { post, sessionUser } from '../test/fixtures';
import { answerAs } from '../test/testServer';
import { prefetchChats, prefetchPostPage } from './prefetch';
import { queryClient } from './queryClient';

const loaderArgs = (slug: string) =>
  ({ params: { slug }, request: new Request(`http://localhost/posts/${slug}`) }) as unknown as LoaderFunctionArgs;

const settled = async () => {
  for (let i = 0; i < 20 && queryClient.isFetching() > 0; i++) await new Promise((r) => setTimeout(r, 5));
};

afterEach(() => {
  queryClient.clear();
  signOut();
});

describe('prefetchPostPage', () => {
  it('starts the post, then its comments, without waiting for either', async () => {
    const sent = answerAs({
      'GET /api/posts/slug/tea-shops-7': [200, { data: post(7, { slug: 'tea-shops-7' }) }],
      'GET /api/posts/7/comments': [200, { data: [], meta: { current_page: 1, last_page: 1, per_page: 20, total: 0 } }],
    });
    expect(prefetchPostPage(loaderArgs('tea-shops-7'))).toBeNull();
    await settled();
    expect(sent.map((s) => s.url)).toEqual(['/api/posts/slug/tea-shops-7', '/api/posts/7/comments']);
    expect(queryClient.getQueryData(postKey('tea-shops-7'))).toBeDefined();
    expect(queryClient.getQueryData(commentsKey(7))).toBeDefined();
  });

  it('leaves a members-only post’s comments alone (they are its members’), and a missing post quietly', async () => {
    const sent = answerAs({
      'GET /api/posts/slug/locked-8': [200, { data: post(8, { slug: 'locked-8', locked: true }) }],
    });
    prefetchPostPage(loaderArgs('locked-8'));
    prefetchPostPage(loaderArgs('gone-9'));
    await settled();
    expect(sent.map((s) => s.url).sort()).toEqual(['/api/posts/slug/gone-9', '/api/posts/slug/locked-8']);
    expect(queryClient.getQueryData(commentsKey(8))).toBeUndefined();
  });
});

describe('prefetchChats', () => {
  const empty = { data: [], meta: { current_page: 1, last_page: 1, per_page: 20, total: 0 } };

  it('starts my chats, my friends and my friend requests together, into the entries the screen reads', async () => {
    signIn('token-1', sessionUser());
    const sent = answerAs({
      'GET /api/chats': [200, empty],
      'GET /api/friends': [200, empty],
      'GET /api/friends/requests': [200, empty],
    });
    expect(prefetchChats()).toBeNull();
    await settled();
    expect(sent.map((s) => s.url.split('?')[0]).sort()).toEqual([
      '/api/chats',
      '/api/friends',
      '/api/friends/requests',
    ]);
    expect(queryClient.getQueryData(chatRoomsQuery().queryKey)).toBeDefined();
    expect(queryClient.getQueryData(friendListQuery('friends').queryKey)).toBeDefined();
    expect(queryClient.getQueryData(friendListQuery('requests').queryKey)).toBeDefined();
  });

  it('asks nothing for a guest (the screen sends them to sign in)', async () => {
    const sent = answerAs({});
    prefetchChats();
    await settled();
    expect(sent).toEqual([]);
  });
});
