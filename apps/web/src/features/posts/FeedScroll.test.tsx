import { TOP_CURSOR, type Post } from '@inkwell/contracts';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../i18n';
import { Providers } from '../../app/Providers';
import { queryClient } from '../../app/queryClient';
import { useFeed } from './api';
import { PostList } from './PostList';

const post = (id: number): Post => ({
  id,
  slug: `post-${id}`,
  type: 'status',
  title: null,
  content: `Words ${id}`,
  url: null,
  featured_photo_url: null,
  photos: [],
  account_id: 3,
  account: { id: 3, username: 'harbour', name: 'Harbour Sketches', profile_url: null },
  likes_count: 0,
  comments_count: 0,
  liked: false,
  can_modify: false,
  can_delete: false,
  status: 'published',
  rejected_reason: null,
  rejected_at: null,
  created_at: '2026-05-01T00:00:00Z',
  updated_at: '2026-05-01T00:00:00Z',
});

/** The button's label, or its message key while the messages have not arrived (they load on their own). */
const loadMore = /^(Load more|posts\.load_more)$/;

function Feed() {
  return <PostList query={useFeed('feed')} empty={<p>nothing</p>} autoLoad={false} />;
}

beforeEach(() => queryClient.clear());
afterEach(() => vi.unstubAllGlobals());

describe('the followed feed’s infinite scroll', () => {
  it('asks from the top and then for each next page by the cursor the last one gave, until there is none', async () => {
    const top = `/api/feed?before=${TOP_CURSOR}`;
    const pages: Record<string, unknown> = {
      [top]: { data: [post(3), post(2)], meta: { per_page: 2, next_cursor: 'k3x.2' } },
      '/api/feed?before=k3x.2': { data: [post(1)], meta: { per_page: 2, next_cursor: null } },
    };
    const fetch = vi.fn(async (url: string) =>
      url in pages ? new Response(JSON.stringify(pages[url]), { status: 200 }) : new Response('{}', { status: 404 }),
    );
    vi.stubGlobal('fetch', fetch);
    render(
      <Providers>
        <MemoryRouter>
          <Feed />
        </MemoryRouter>
      </Providers>,
    );

    await screen.findByText('Words 2');
    fireEvent.click(screen.getByRole('button', { name: loadMore }));
    await screen.findByText('Words 1');
    expect(fetch.mock.calls.map(([url]) => url)).toEqual([top, '/api/feed?before=k3x.2']);
    // The last page had no cursor: nothing more to load.
    expect(screen.queryByRole('button', { name: loadMore })).toBeNull();
  });
});
