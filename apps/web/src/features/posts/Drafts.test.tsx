import type { Post } from '@inkwell/contracts';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../i18n';
import { Providers } from '../../app/Providers';
import { queryClient } from '../../app/queryClient';
import { routes } from '../../app/router';
import { signIn, signOut } from '../../session/session';
import { account, post as postFixture, sessionUser } from '../../test/fixtures';
import { answerAs, writes } from '../../test/testServer';
import { MyPostsPage } from './MyPostsPage';

/* Drafts, schedules and preview links (issue 33): My Posts' Drafts tab and the public preview page. */

const paged = (posts: Post[]) => ({
  data: posts,
  meta: { current_page: 1, last_page: 1, per_page: 20, total: posts.length, links: [] },
});

const draft = postFixture(21, {
  slug: 'harbour-notes-a1',
  type: 'post',
  title: null,
  content: 'Evening light on the river',
  status: 'draft',
  can_modify: true,
  can_delete: true,
  updated_at: new Date(Date.now() - 5 * 60_000).toISOString(),
});
const scheduled = postFixture(22, {
  slug: 'market-day-a1',
  type: 'post',
  title: 'Market day',
  content: 'Stalls by the jetty',
  status: 'scheduled',
  // 16:30 in Yangon (UTC+6:30).
  publish_at: '2026-05-10T10:00:00Z',
  can_modify: true,
  can_delete: true,
});

function renderMyPosts(path: string) {
  render(
    <Providers>
      <MemoryRouter initialEntries={[path]}>
        <MyPostsPage />
      </MemoryRouter>
    </Providers>,
  );
}

beforeEach(() => {
  queryClient.clear();
  signIn('tok', sessionUser({ can_compose: true, has_account: true }));
});
afterEach(() => {
  signOut();
  vi.unstubAllGlobals();
});

describe('the Drafts tab of My Posts', () => {
  it('lists drafts and scheduled posts, the time in the account’s zone, and publishes one now', async () => {
    const sent = answerAs({
      'GET /api/user/drafts': [200, paged([draft, scheduled])],
      'GET /api/user/accounts': [200, { data: [account({ time_zone: 'Asia/Yangon', can_modify: true })] }],
      'GET /api/user/posts': [200, { data: [], meta: { per_page: 20, next_cursor: null } }],
      'POST /api/posts/21/publish': [200, { data: { ...draft, status: 'published' } }],
    });
    renderMyPosts('/profile/posts?tab=drafts');

    // No title: its first words; an article's HTML read as text.
    const first = await screen.findByRole('article', { name: 'Evening light on the river' });
    expect(within(first).getByText('Draft')).toBeInTheDocument();
    expect(within(first).getByText(/Saved 5m ago/)).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'Continue writing' })).toHaveAttribute(
      'href',
      '/compose?draft=harbour-notes-a1',
    );
    expect(within(first).queryByRole('button', { name: 'Unschedule' })).not.toBeInTheDocument();

    const second = screen.getByRole('article', { name: 'Market day' });
    expect(within(second).getByText('Scheduled')).toBeInTheDocument();
    expect(within(second).getByRole('button', { name: 'Unschedule' })).toBeInTheDocument();
    // Read in Yangon's time once my accounts have come (the device's zone until then).
    await waitFor(() => expect(within(second).getByTestId('publish-at')).toHaveTextContent(/4:30\s?PM/));
    expect(within(second).getByTestId('publish-at')).toHaveTextContent(/May 10, 2026/);

    fireEvent.click(within(first).getByRole('button', { name: 'Publish now' }));
    await waitFor(() => expect(writes(sent)).toEqual([['POST /api/posts/21/publish', {}]]));
    expect(await screen.findByText('Your post is published.')).toBeInTheDocument();
    // The lists are asked again.
    await waitFor(() => expect(sent.filter((s) => s.url.startsWith('/api/user/drafts')).length).toBeGreaterThan(1));
  });

  it('makes a preview link and shows it with its expiry when the clipboard is refused', async () => {
    answerAs({
      'GET /api/user/drafts': [200, paged([draft])],
      'GET /api/user/accounts': [200, { data: [] }],
      'GET /api/user/posts': [200, { data: [], meta: { per_page: 20, next_cursor: null } }],
      'POST /api/posts/21/preview-link': [
        200,
        { data: { url: 'https://inkwell.test/preview/tok123', expires_at: '2026-05-17T10:00:00Z' } },
      ],
    });
    vi.stubGlobal('navigator', {
      ...navigator,
      clipboard: { writeText: () => Promise.reject(new DOMException('Denied', 'NotAllowedError')) },
    });
    renderMyPosts('/profile/posts?tab=drafts');
    fireEvent.click(await screen.findByRole('button', { name: 'Preview link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Preview link' });
    expect(within(dialog).getByRole('textbox')).toHaveValue('https://inkwell.test/preview/tok123');
    expect(within(dialog).getByText(/can read this post until May 17, 2026/)).toBeInTheDocument();
  });

  it('says so when there is no draft, with a way to write one', async () => {
    answerAs({
      'GET /api/user/drafts': [200, paged([])],
      'GET /api/user/accounts': [200, { data: [] }],
      'GET /api/user/posts': [200, { data: [], meta: { per_page: 20, next_cursor: null } }],
    });
    renderMyPosts('/profile/posts?tab=drafts');
    expect(await screen.findByText('No drafts yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Write' })).toHaveAttribute('href', '/compose');
  });
});

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
}

describe('a preview link', () => {
  beforeEach(() => signOut());

  it('shows the banner and the post, with no like or comment', async () => {
    const sent = answerAs({
      'GET /api/posts/preview/tok123': [200, { data: { ...scheduled, can_modify: false, can_delete: false } }],
    });
    renderAt('/preview/tok123');
    expect(await screen.findByText('Preview: not published yet.', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByText('Only people with this link can see it.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Market day' })).toBeInTheDocument();
    expect(screen.getByText('Stalls by the jetty')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Like/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Post actions' })).not.toBeInTheDocument();
    expect(sent.some((s) => s.url === '/api/posts/preview/tok123')).toBe(true);
  });

  it('says an expired or altered link is not valid (404)', async () => {
    answerAs({ 'GET /api/posts/preview/old': [404, { message: 'Not found.', code: 'not_found' }] });
    renderAt('/preview/old');
    expect(
      await screen.findByRole('heading', { name: 'This preview link has expired or is not valid' }, { timeout: 8000 }),
    ).toBeInTheDocument();
  });

  it('says the post is published now (409)', async () => {
    answerAs({ 'GET /api/posts/preview/done': [409, { message: 'Published.', code: 'conflict' }] });
    renderAt('/preview/done');
    expect(
      await screen.findByRole('heading', { name: 'This post is published now' }, { timeout: 8000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });
});
