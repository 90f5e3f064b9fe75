import type { Tag } from '@inkwell/contracts';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../app/Providers';
import { queryClient } from '../../app/queryClient';
import { signIn, signOut } from '../../session/session';
import { post, sessionUser } from '../../test/fixtures';
import { answerAs, writes } from '../../test/testServer';
import { renderInApp } from '../../test/renderInApp';
import { FollowedTags } from './FollowedTags';
import { TagPage } from './TagPage';

const TAG = 'မုန့်ဟင်းခါး';
const tag = (over: Partial<Tag> = {}): Tag => ({ tag: TAG, posts_count: 2, is_followed: false, ...over });
const path = `/api/tags/${encodeURIComponent(TAG)}`;

function Address() {
  const location = useLocation();
  return <output data-testid="address">{location.pathname}</output>;
}

function renderTag(url = `/tags/${encodeURIComponent(TAG)}`) {
  render(
    <Providers>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/tags/:tag" element={<TagPage />} />
          <Route path="*" element={null} />
        </Routes>
        <Address />
      </MemoryRouter>
    </Providers>,
  );
}

const page = (over: Partial<Tag> = {}) =>
  [
    200,
    {
      data: tag(over),
      posts: [post(1, { content: `ညစာ #${TAG}`, tags: [TAG], language: 'my' }), post(2, { content: 'Second' })],
      meta: { per_page: 20, next_cursor: null },
    },
  ] as const;

beforeEach(() => {
  signOut();
  queryClient.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  signOut();
});

describe("a tag's page", () => {
  it('shows the tag, how many posts use it, and its posts', async () => {
    signIn('tok', sessionUser());
    answerAs({ [`GET ${path}`]: page() });
    renderTag();
    const heading = await screen.findByRole('heading', { level: 1, name: `#${TAG}` });
    expect(heading).toHaveAttribute('lang', 'my');
    expect(screen.getByText('2 posts')).toBeInTheDocument();
    expect(screen.getAllByTestId('post-card')).toHaveLength(2);
  });

  it('follows the tag and stops, the button saying which', async () => {
    signIn('tok', sessionUser());
    const sent = answerAs({
      [`GET ${path}`]: page(),
      [`POST ${path}/follow`]: [200, { data: tag({ is_followed: true }) }],
      [`DELETE ${path}/follow`]: [200, { data: tag({ is_followed: false }) }],
      'GET /api/user/tags': [200, { data: [] }],
    });
    renderTag();
    const follow = await screen.findByRole('button', { name: 'Follow' });
    expect(follow).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(follow);
    const following = await screen.findByRole('button', { name: 'Following' });
    expect(following).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByText(`You follow #${TAG}: its posts join your feed.`)).toBeInTheDocument();
    await userEvent.click(following);
    expect(await screen.findByRole('button', { name: 'Follow' })).toHaveAttribute('aria-pressed', 'false');
    expect(writes(sent)).toEqual([`POST ${path}/follow`, `DELETE ${path}/follow`]);
  });

  it('asks a guest to sign in first, to come back to the tag', async () => {
    const sent = answerAs({ [`GET ${path}`]: page() });
    renderTag();
    await userEvent.click(await screen.findByRole('button', { name: 'Follow' }));
    expect(screen.getByTestId('address')).toHaveTextContent('/login');
    expect(JSON.parse(localStorage.getItem('inkwell.return_to')!).path).toBe(`/tags/${encodeURIComponent(TAG)}`);
    expect(writes(sent)).toEqual([]);
  });

  it('reads a tag as the server does: one page for #Yangon and #yangon', async () => {
    signIn('tok', sessionUser());
    const sent = answerAs({
      'GET /api/tags/yangon': [
        200,
        {
          data: { tag: 'yangon', posts_count: 0, is_followed: false },
          posts: [],
          meta: { per_page: 20, next_cursor: null },
        },
      ],
    });
    renderTag('/tags/Yangon');
    expect(await screen.findByRole('heading', { name: 'No posts with #yangon yet' })).toBeInTheDocument();
    expect(sent[0]!.url).toMatch(/^\/api\/tags\/yangon\?/);
  });

  it('lists the tags I follow, each with a way to stop', async () => {
    signIn('tok', sessionUser());
    let followed = [tag({ is_followed: true }), tag({ tag: 'yangon', is_followed: true })];
    const sent = answerAs({
      'GET /api/user/tags': () => [200, { data: followed }],
      'DELETE /api/tags/yangon/follow': () => {
        followed = followed.slice(0, 1);
        return [200, { data: tag({ tag: 'yangon', is_followed: false }) }];
      },
    });
    renderInApp(<FollowedTags />);
    const list = await screen.findByRole('region', { name: 'Tags you follow' });
    expect(screen.getByRole('link', { name: '#yangon' })).toHaveAttribute('href', '/tags/yangon');
    await userEvent.click(screen.getByRole('button', { name: 'Stop following #yangon' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: '#yangon' })).toBeNull());
    expect(list).toContainElement(screen.getByRole('link', { name: `#${TAG}` }));
    expect(writes(sent)).toEqual(['DELETE /api/tags/yangon/follow']);
  });
});
