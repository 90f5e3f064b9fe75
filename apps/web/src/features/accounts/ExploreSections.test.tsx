import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../app/queryClient';
import { signIn, signOut } from '../../session/session';
import { account, post, sessionUser } from '../../test/fixtures';
import { pack, paged, suggestion } from '../../test/packFixtures';
import { renderInApp } from '../../test/renderInApp';
import { answerAs, type Sent } from '../../test/testServer';
import { ExplorePage, exploreReady } from './ExplorePage';

const pageOf = (sent: Sent[]) => new URL(sent.at(-1)!.url, 'http://x').searchParams.get('page') ?? '1';
const asked = (sent: Sent[], path: string) => sent.filter((s) => s.url.startsWith(path));

beforeEach(() => {
  queryClient.clear();
  signIn('tok', sessionUser({ has_account: true }));
});
afterEach(() => {
  vi.unstubAllGlobals();
  signOut();
});

describe('Explore', () => {
  it('shows trending posts first, pages them in place, and brings the other sections after the first screen', async () => {
    const sent = answerAs({
      'GET /api/explore/accounts': [200, paged([account()])],
      'GET /api/discover/posts': (s) =>
        pageOf(s) === '2'
          ? [200, paged([post(3, { content: 'Third' })], 2, 2)]
          : [200, paged([post(1, { content: 'First' }), post(2, { content: 'Second' })], 1, 2)],
      'GET /api/tags/trending': [200, { data: [] }],
      'GET /api/discover/new-creators': [200, paged([suggestion(21, 'Inle Weekly')])],
      'GET /api/discover/featured': [200, paged([])],
      'GET /api/discover/accounts': [200, paged([suggestion(22, 'Bago Daily')])],
      'GET /api/packs': [200, paged([pack()])],
    });
    renderInApp(<ExplorePage />);
    const trending = await screen.findByRole('region', { name: 'Trending posts' });
    expect(within(trending).getAllByTestId('post-card')).toHaveLength(2);
    // The most followed accounts stay, last.
    const most = screen.getByRole('region', { name: 'Most followed' });
    expect(within(most).getByRole('link', { name: 'Harbour Sketches' })).toHaveAttribute('href', '/a/harbour');
    expect(asked(sent, '/api/discover/new-creators')).toHaveLength(0);

    await userEvent.click(within(trending).getByRole('button', { name: 'See more' }));
    await vi.waitFor(() => expect(within(trending).getAllByTestId('post-card')).toHaveLength(3));
    expect(new URL(asked(sent, '/api/discover/posts').at(-1)!.url, 'http://x').searchParams.get('page')).toBe('2');
    expect(within(trending).queryByRole('button', { name: 'See more' })).not.toBeInTheDocument();

    fireEvent.pointerDown(window);
    const creators = await screen.findByRole('region', { name: 'New creators this week' });
    expect(await within(creators).findByText('Inle Weekly')).toBeInTheDocument();
    const suggested = await screen.findByRole('region', { name: 'Suggested for you' });
    expect(await within(suggested).findByText('Bago Daily')).toBeInTheDocument();
    const packs = await screen.findByRole('region', { name: 'Starter packs' });
    expect(await within(packs).findByRole('link', { name: 'Yangon food writers' })).toHaveAttribute('href', '/packs/5');
    expect(within(packs).getByRole('link', { name: 'New starter pack' })).toHaveAttribute('href', '/packs/new');
    // Nobody featured: no empty "Featured" section.
    await vi.waitFor(() => expect(asked(sent, '/api/discover/featured')).toHaveLength(1));
    expect(screen.queryByRole('region', { name: 'Featured' })).not.toBeInTheDocument();
    // Headings in order: the page's one h1, then each section's h2.
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('asks for trending posts in the language picked', async () => {
    const sent = answerAs({
      'GET /api/explore/accounts': [200, paged([account()])],
      'GET /api/discover/posts': [200, paged([post(1)])],
    });
    renderInApp(<ExplorePage />);
    const trending = await screen.findByRole('region', { name: 'Trending posts' });
    expect(new URL(asked(sent, '/api/discover/posts')[0]!.url, 'http://x').searchParams.get('language')).toBe('en');
    await userEvent.selectOptions(within(trending).getByRole('combobox', { name: 'Language' }), 'th');
    await vi.waitFor(() =>
      expect(new URL(asked(sent, '/api/discover/posts').at(-1)!.url, 'http://x').searchParams.get('language')).toBe(
        'th',
      ),
    );
    await userEvent.selectOptions(within(trending).getByRole('combobox', { name: 'Language' }), 'all');
    await vi.waitFor(() => expect(asked(sent, '/api/discover/posts').at(-1)!.url).not.toContain('language='));
  });

  it('is ready to draw at once once its route has loaded: the section and words waited for, the reads started', async () => {
    const sent = answerAs({
      'GET /api/explore/accounts': [200, paged([account()])],
      'GET /api/discover/posts': [200, paged([post(1, { content: 'First' })])],
    });
    await exploreReady(queryClient);
    expect(asked(sent, '/api/explore/accounts')).toHaveLength(1);
    expect(asked(sent, '/api/discover/posts')).toHaveLength(1);
    await vi.waitFor(() => expect(queryClient.isFetching()).toBe(0));
    renderInApp(<ExplorePage />);
    // Drawn in the first render, no loading state in between (a page the server drew is taken over as it is).
    const trending = screen.getByRole('region', { name: 'Trending posts' });
    expect(within(trending).getAllByTestId('post-card')).toHaveLength(1);
    expect(screen.getByRole('region', { name: 'Most followed' })).toBeInTheDocument();
    expect(asked(sent, '/api/explore/accounts')).toHaveLength(1);
    expect(asked(sent, '/api/discover/posts')).toHaveLength(1);
  });

  it('starts no reads for a guest (the route sends them to sign in)', async () => {
    signOut();
    const sent = answerAs({});
    await exploreReady(queryClient);
    expect(sent).toEqual([]);
  });
});
