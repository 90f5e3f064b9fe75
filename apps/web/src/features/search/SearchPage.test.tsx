import type { AccountHit, PostHit, SearchResults, TagHit } from '@inkwell/contracts';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../app/Providers';
import { queryClient } from '../../app/queryClient';
import { signIn, signOut } from '../../session/session';
import { sessionUser } from '../../test/fixtures';
import { intersectAll } from '../../test/setup';
import { answerAs, type Sent } from '../../test/testServer';
import { SearchPage } from './SearchPage';

const hit = (over: Partial<PostHit> = {}): PostHit => ({
  id: 41,
  slug: 'river-at-dawn-a1b2',
  type: 'photo',
  title: 'The river at dawn',
  excerpt: 'Mist over the water, before the boats…',
  highlight: 'Mist over the water, before the boats…',
  language: 'en',
  likes_count: 0,
  comments_count: 0,
  account: { username: 'harbour', name: 'Harbour Sketches', profile_url: null },
  locked: false,
  created_at: '2026-05-01T00:00:00Z',
  ...over,
});

const accountHit = (over: Partial<AccountHit> = {}): AccountHit => ({
  id: 3,
  username: 'harbour',
  name: 'Harbour Sketches',
  description: 'Drawings from the river',
  profile_url: null,
  followers_count: 4,
  ...over,
});

const found = (data: Partial<SearchResults>, next: string | null = null) =>
  [200, { data: { accounts: [], posts: [], users: [], tags: [], ...data }, meta: { next_cursor: next } }] as const;

const trending = (tags: TagHit[] = [{ tag: 'mohinga', posts_count: 12 }]) => [200, { data: tags }] as const;

/** Where the app is: the search page keeps its tab and filters in the address. */
function Address() {
  const location = useLocation();
  return <output data-testid="address">{location.pathname + location.search}</output>;
}

function renderAt(url: string) {
  return render(
    <Providers>
      <MemoryRouter initialEntries={[url]}>
        <SearchPage />
        <Address />
      </MemoryRouter>
    </Providers>,
  );
}

const asked = (sent: Sent[], path = '/api/search') =>
  sent
    .filter((s) => s.url.startsWith(`${path}?`))
    .map((s) => Object.fromEntries(new URL(s.url, 'http://x').searchParams));

beforeEach(() => {
  signOut();
  queryClient.clear();
  signIn('tok', sessionUser());
});
afterEach(() => {
  vi.unstubAllGlobals();
  signOut();
});

describe('search results', () => {
  it('marks a members-only post I may not read, and only that one', async () => {
    answerAs({
      'GET /api/search': found({
        posts: [
          hit({ locked: true, excerpt: '' }),
          hit({ id: 42, slug: 'river-at-noon-c3d4', title: 'The river at noon' }),
        ],
      }),
    });
    renderAt('/search?q=river');
    const posts = await screen.findByRole('region', { name: 'Posts' });
    const locked = within(posts).getByRole('link', { name: 'The river at dawn' }).parentElement!;
    expect(await within(locked).findByText('Members only')).toBeVisible();
    const open = within(posts).getByRole('link', { name: 'The river at noon' }).parentElement!;
    expect(within(open).queryByText('Members only')).toBeNull();
    expect(screen.getAllByText('Members only')).toHaveLength(1);
  });

  it('marks the words found and shows everything else as the text it is', async () => {
    answerAs({
      'GET /api/search': found({
        posts: [
          hit({ title: null, highlight: '…boats &lt;b&gt;at&lt;/b&gt; the <mark>river</mark> mouth', likes_count: 3 }),
          hit({ id: 43, language: 'my', title: null, highlight: '<mark>မုန့်ဟင်းခါး</mark>ဆိုင်ကောင်း' }),
        ],
      }),
    });
    const { container } = renderAt('/search?q=river');
    const posts = await screen.findByRole('region', { name: 'Posts' });
    // An untitled post's snippet is its link, named by its words.
    const link = within(posts).getByRole('link', { name: '…boats <b>at</b> the river mouth' });
    expect(within(link).getByText('river').tagName).toBe('MARK');
    // The escaped tags are text, not markup.
    expect(link.querySelector('b')).toBeNull();
    expect(container.querySelectorAll('mark')).toHaveLength(2);
    // The Burmese snippet is said and broken as Burmese.
    expect(within(posts).getByText('မုန့်ဟင်းခါး').closest('[lang]')).toHaveAttribute('lang', 'my');
    expect(within(posts).getByText('3 likes')).toBeInTheDocument();
  });

  it('shows accounts, people and tags above the posts, each kind a tab of its own kept in the address', async () => {
    const sent = answerAs({
      'GET /api/search': (s) => {
        const type = new URL(s.at(-1)!.url, 'http://x').searchParams.get('type');
        return type === 'users'
          ? found({ users: [{ id: 9, name: 'Somchai Wongsa', username: 'somchai', profile_url: null }] })
          : found({
              accounts: [1, 2, 3, 4, 5].map((id) => accountHit({ id, name: `Harbour Sketches ${id}` })),
              users: [{ id: 9, name: 'Somchai Wongsa', username: 'somchai', profile_url: null }],
              tags: [{ tag: 'river', posts_count: 12 }],
              posts: [hit()],
            });
      },
    });
    renderAt('/search?q=river');
    const accounts = await screen.findByRole('region', { name: 'Accounts' });
    expect(within(accounts).getAllByRole('link', { name: /Harbour Sketches/ })[0]).toHaveAttribute(
      'href',
      '/a/harbour',
    );
    const people = screen.getByRole('region', { name: 'People' });
    expect(within(people).getByRole('link', { name: /Somchai Wongsa/ })).toHaveAttribute('href', '/u/9');
    expect(within(screen.getByRole('region', { name: 'Tags' })).getByRole('link', { name: /#river/ })).toHaveAttribute(
      'href',
      '/tags/river',
    );

    // A handful of accounts may have more behind them; one person has not.
    expect(within(accounts).getByRole('button', { name: 'See all accounts' })).toBeInTheDocument();
    expect(within(people).queryByRole('button', { name: 'See all people' })).toBeNull();

    await userEvent.click(screen.getByRole('tab', { name: 'People' }));
    expect(await screen.findByRole('tab', { name: 'People', selected: true })).toBeInTheDocument();
    expect(screen.getByTestId('address')).toHaveTextContent('/search?q=river&type=users');
    await waitFor(() => expect(asked(sent).at(-1)).toEqual({ q: 'river', type: 'users' }));
    expect(await screen.findByText('@somchai')).toBeInTheDocument();
    // People have no post filters.
    expect(screen.queryByRole('group', { name: 'Filter posts' })).toBeNull();
  });

  it('loads the next page of posts by the cursor the last one gave, as the end comes into view', async () => {
    const sent = answerAs({
      'GET /api/search': (s) =>
        new URL(s.at(-1)!.url, 'http://x').searchParams.get('before') === 'k3.2a'
          ? found({ posts: [hit({ id: 2, slug: 's2', title: 'Second page' })] })
          : found({ posts: [hit({ id: 1, slug: 's1', title: 'First page' })] }, 'k3.2a'),
    });
    renderAt('/search?q=river&type=posts');
    await screen.findByRole('link', { name: 'First page' });
    intersectAll();
    await screen.findByRole('link', { name: 'Second page' });
    expect(asked(sent)).toEqual([
      { q: 'river', type: 'posts' },
      { q: 'river', type: 'posts', before: 'k3.2a' },
    ]);
    // The last page had no cursor: nothing more to load.
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('narrows posts by language, type and date, each kept in the address', async () => {
    const sent = answerAs({ 'GET /api/search': found({ posts: [hit()] }) });
    renderAt('/search?q=river&since=week');
    await screen.findByRole('region', { name: 'Posts' });
    expect(asked(sent)[0]).toEqual({ q: 'river', type: 'all', since: 'week' });
    expect(screen.getByRole('combobox', { name: 'Date' })).toHaveValue('week');

    fireEvent.change(screen.getByRole('combobox', { name: 'Language' }), { target: { value: 'my' } });
    await waitFor(() => expect(asked(sent).at(-1)).toEqual({ q: 'river', type: 'all', language: 'my', since: 'week' }));
    fireEvent.change(screen.getByRole('combobox', { name: 'Type of post' }), { target: { value: 'status' } });
    await waitFor(() =>
      expect(asked(sent).at(-1)).toEqual({
        q: 'river',
        type: 'all',
        language: 'my',
        post_type: 'status',
        since: 'week',
      }),
    );
    expect(screen.getByTestId('address')).toHaveTextContent('/search?q=river&since=week&language=my&post_type=status');
  });

  it('says what to try when nothing is found, and offers the trending tags', async () => {
    answerAs({ 'GET /api/search': found({}), 'GET /api/tags/trending': trending() });
    renderAt('/search?q=zzqx&language=th');
    expect(await screen.findByRole('heading', { name: 'No results for “zzqx”' })).toBeInTheDocument();
    expect(screen.getByText('Check the spelling.')).toBeInTheDocument();
    expect(screen.getByText('Try fewer or shorter words.')).toBeInTheDocument();
    const tags = await screen.findByRole('region', { name: 'Trending tags' });
    expect(await within(tags).findByRole('link', { name: /#mohinga/ })).toHaveAttribute('href', '/tags/mohinga');
    await userEvent.click(screen.getByRole('button', { name: 'Clear the filters' }));
    expect(screen.getByTestId('address')).toHaveTextContent(/^\/search\?q=zzqx$/);
  });

  it('with nothing asked yet, suggests the tags people write about now in my language first', async () => {
    const sent = answerAs({ 'GET /api/tags/trending': trending() });
    renderAt('/search');
    expect(await screen.findByRole('heading', { name: 'Search Inkwell' })).toBeInTheDocument();
    await screen.findByRole('link', { name: /#mohinga/ });
    expect(sent.map((s) => s.url)).toEqual(['/api/tags/trending?language=en']);
    await userEvent.click(screen.getByRole('radio', { name: 'All' }));
    await waitFor(() => expect(sent.at(-1)!.url).toBe('/api/tags/trending'));
  });

  it('says a search that failed, and tries again', async () => {
    let fail = true;
    answerAs({
      'GET /api/search': () => (fail ? [429, { message: 'Too many searches.' }] : found({ posts: [hit()] })),
    });
    renderAt('/search?q=river');
    expect(await screen.findByText('Too many searches.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'The river at dawn' })).toBeInTheDocument();
  });
});
