import { afterEach, describe, expect, it } from 'vitest';
import type { LoaderFunctionArgs } from 'react-router';
import { commentsKey } from '../features/comments/queries';
import { postKey } from '../features/posts/queries';
import { post } from '../test/fixtures';
import { answerAs } from '../test/testServer';
import { prefetchPostPage } from './prefetch';
import { queryClient } from './queryClient';

const loaderArgs = (slug: string) =>
  ({ params: { slug }, request: new Request(`http://localhost/posts/${slug}`) }) as unknown as LoaderFunctionArgs;

const settled = async () => {
  for (let i = 0; i < 20 && queryClient.isFetching() > 0; i++) await new Promise((r) => setTimeout(r, 5));
};

afterEach(() => queryClient.clear());

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
