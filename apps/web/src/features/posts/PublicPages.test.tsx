import type { CommentT, Post, SessionUser } from '@inkwell/contracts';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../i18n';
import { Providers } from '../../app/Providers';
import { queryClient } from '../../app/queryClient';
import { routes } from '../../app/router';
import { signIn, signOut } from '../../session/session';
import { account, post as postFixture, sessionUser } from '../../test/fixtures';

const post = (over: Partial<Post> = {}): Post =>
  postFixture(41, {
    slug: 'morning-in-mandalay-a1b2c3',
    content: 'Morning in Mandalay',
    likes_count: 2,
    comments_count: 1,
    ...over,
  });

const comment: CommentT = {
  id: 9,
  post_id: 41,
  content: 'Lovely light',
  mentions: [],
  parent_comment_id: null,
  depth: 1,
  commentable_id: 5,
  commentable_type: 'user',
  name: 'Somchai',
  username: 'somchai',
  profile_url: null,
  liked: false,
  likes_count: 0,
  can_delete: false,
  created_at: '2026-05-01T01:00:00Z',
  replies: [],
};

const ok = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });
const feedPage = (posts: Post[]) => ({ data: posts, meta: { per_page: 20, next_cursor: null } });

/** Answers as the server would, from a table of path prefixes; anything else is a 404. */
function serve(answers: [prefix: string, body: unknown][], user?: SessionUser) {
  const fetch = vi.fn(async (url: string) => {
    if (url.startsWith('/api/user?') || url === '/api/user') return ok({ data: user });
    const hit = answers.find(([prefix]) => url.startsWith(prefix));
    return hit ? ok(hit[1]) : new Response('{"message":"Not found","code":"not_found"}', { status: 404 });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

beforeEach(() => {
  signOut();
  queryClient.clear();
  localStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

describe('a shared post, read by a guest', () => {
  it('shows the post with its comments inline, titled with the post', async () => {
    serve([
      ['/api/posts/slug/', { data: post() }],
      ['/api/posts/41/comments', { data: [comment] }],
    ]);
    renderAt('/posts/morning-in-mandalay-a1b2c3');
    // The first screen of the file loads the route's code in jsdom: give it time.
    expect(await screen.findByText('Morning in Mandalay', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(await screen.findByText('Lovely light')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Comments' })).toBeInTheDocument();
    // No composer for a guest: an invitation to sign in instead.
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByRole('button', { name: 'Sign in to comment' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Morning in Mandalay · Inkwell'));
  });

  it('asks to sign in on Like and comes back to the same post afterwards', async () => {
    const fetch = serve(
      [
        ['/api/posts/slug/', { data: post() }],
        ['/api/posts/41/comments', { data: [comment] }],
        ['/api/login', { token: 'tok', user: sessionUser() }],
      ],
      sessionUser(),
    );
    const router = renderAt('/posts/morning-in-mandalay-a1b2c3?ref=share');
    // The post's own Like: its comments come with it (the route starts both), each with a Like of its own.
    const card = await screen.findByTestId('post-card');
    fireEvent.click(within(card).getByRole('button', { name: /^Like/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByTestId('login-continue-hint')).toBeInTheDocument();
    // Nothing was liked while signed out.
    expect(fetch.mock.calls.some(([url]) => String(url).startsWith('/api/likes'))).toBe(false);

    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'aye@example.test' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'long-enough-pass' } });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/posts/morning-in-mandalay-a1b2c3'));
    expect(router.state.location.search).toBe('?ref=share');
  });

  it('a post a guest may not see is the not-found page', async () => {
    serve([]);
    renderAt('/posts/hidden-one');
    expect(await screen.findByTestId('not-found')).toBeInTheDocument();
  });
});

describe('sharing a post', () => {
  it('shares the short link, not the percent-encoded slug', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, share: undefined, clipboard: { writeText } });
    serve([
      ['/api/posts/slug/', { data: post({ id: 1_000_001, slug: 'เรื่องเล่าจากเชียงใหม่-a1b2c3' }) }],
      ['/api/posts/1000001/comments', { data: [] }],
    ]);
    renderAt(`/posts/${encodeURIComponent('เรื่องเล่าจากเชียงใหม่-a1b2c3')}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Post actions' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Share' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/p/lflt`));
  });
});

describe('a card in a list', () => {
  it('opens its post on a tap anywhere but its controls', async () => {
    signIn('tok', sessionUser());
    serve(
      [
        ['/api/feed/public', feedPage([post()])],
        ['/api/feed', feedPage([post()])],
        ['/api/user/accounts', { data: [] }],
        ['/api/notifications', { data: [], meta: { unread_count: 0 } }],
        ['/api/chats', { data: [] }],
      ],
      sessionUser(),
    );
    const router = renderAt('/home?tab=feed');
    const text = await screen.findByText('Morning in Mandalay');
    // The actions button is the card's own: it does not open the post.
    fireEvent.click(screen.getByRole('button', { name: 'Post actions' }));
    expect(router.state.location.pathname).toBe('/home');
    fireEvent.click(text);
    await waitFor(() => expect(router.state.location.pathname).toBe('/posts/morning-in-mandalay-a1b2c3'));
  });
});

describe('home', () => {
  it('lands on Public while the followed feed is empty, and keeps a tab picked by hand', async () => {
    signIn('tok', sessionUser());
    serve(
      [
        ['/api/feed/public', feedPage([post({ content: 'From everyone' })])],
        ['/api/feed', feedPage([])],
        ['/api/notifications', { data: [], meta: { unread_count: 0 } }],
        ['/api/chats', { data: [] }],
      ],
      sessionUser(),
    );
    const router = renderAt('/home');
    expect(await screen.findByText('From everyone')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Public' })).toHaveAttribute('aria-selected', 'true');
    fireEvent.click(screen.getByRole('tab', { name: 'Feed' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=feed'));
    expect(await screen.findByText('Your feed is waiting')).toBeInTheDocument();
  });
});

describe('an account page', () => {
  it('shows Edit and no Follow on my own account', async () => {
    signIn('tok', sessionUser());
    const mine = account({ can_modify: true, can_delete: true, can_view_insights: true });
    serve(
      [
        ['/api/accounts/by-username/harbour', { data: mine }],
        ['/api/user/accounts', { data: [mine] }],
        ['/api/accounts/3/posts', feedPage([])],
        ['/api/notifications', { data: [], meta: { unread_count: 0 } }],
        ['/api/chats', { data: [] }],
      ],
      sessionUser(),
    );
    renderAt('/a/harbour');
    const edit = await screen.findByRole('link', { name: 'Edit account' });
    expect(edit).toHaveAttribute('href', '/profile/accounts/harbour/edit');
    expect(screen.queryByRole('button', { name: 'Follow' })).toBeNull();
    await waitFor(() => expect(document.title).toBe('Harbour Sketches · Inkwell'));
  });

  it('shows Follow to a guest, who is asked to sign in, and no Edit', async () => {
    serve([
      ['/api/accounts/by-username/harbour', { data: account() }],
      ['/api/accounts/3/posts', feedPage([post()])],
    ]);
    const router = renderAt('/a/harbour');
    fireEvent.click(await screen.findByRole('button', { name: 'Follow' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(screen.queryByRole('link', { name: 'Edit account' })).toBeNull();
  });
});
