import { TOP_CURSOR } from '@inkwell/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../i18n';
import { queryClient } from '../../app/queryClient';
import { renderInApp } from '../../test/renderInApp';
import { post } from '../../test/fixtures';
import { useFeed } from './api';
import { PostList } from './PostList';

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
    renderInApp(<Feed />);

    await screen.findByText('Words 2');
    fireEvent.click(screen.getByRole('button', { name: loadMore }));
    await screen.findByText('Words 1');
    expect(fetch.mock.calls.map(([url]) => url)).toEqual([top, '/api/feed?before=k3x.2']);
    // The last page had no cursor: nothing more to load.
    expect(screen.queryByRole('button', { name: loadMore })).toBeNull();
  });

  it('shows the whole of a page longer than a first screen, the first screen first and the rest right after', async () => {
    const page = Array.from({ length: 8 }, (_, i) => post(20 - i));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ data: page, meta: { per_page: 8, next_cursor: null } }))),
    );
    renderInApp(<Feed />);
    await screen.findByText('Words 20');
    // The rest comes two cards a task: a busy machine needs longer than findBy's default second.
    await screen.findByText('Words 13', {}, { timeout: 5000 });
    expect(screen.getAllByTestId('post-card').map((card) => within(card).getByText(/^Words/).textContent)).toEqual(
      page.map((p) => p.content),
    );
  });
});
