import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../app/Providers';
import { queryClient } from '../../app/queryClient';
import { signIn, signOut } from '../../session/session';
import { post, sessionUser } from '../../test/fixtures';
import { answerAs, writes, type Sent } from '../../test/testServer';
import { routes } from '../../app/router';
import { followed, onboarding, pageOf, suggested } from './OnboardingTestData';

const feedOf = (n: number, next: string | null = null) =>
  [200, { data: Array.from({ length: n }, (_, i) => post(i + 1)), meta: { per_page: 20, next_cursor: next } }] as const;

/** What the signed-in shell asks besides home's feed. */
const SHELL = {
  'GET /api/user': [200, { data: sessionUser() }],
  'GET /api/user/accounts': [200, { data: [] }],
  'GET /api/notifications': [200, { data: [], meta: { unread_count: 0 } }],
  'GET /api/chats/unread': [200, { unread_count: 0 }],
} as const;

function server(feed: readonly [number, unknown] | ((sent: Sent[]) => readonly [number, unknown]), done = true) {
  return answerAs({
    ...SHELL,
    'GET /api/feed': feed,
    'GET /api/user/onboarding': [200, { data: onboarding({ done }) }],
    'GET /api/discover/accounts': [
      200,
      pageOf([
        suggested(3, 'Harbour Sketches', { reason: 'topic', because: { tag: 'travel' } }),
        suggested(4, 'Mohinga Daily', { reason: 'growing' }),
      ]),
    ],
    'POST /api/accounts/4/follow': followed,
    'POST /api/discover/accounts/3/hide': [204, null],
  });
}

/** Home as the app opens it (the feed's page is another feature's: through the router, not its file). */
async function renderHome() {
  const router = createMemoryRouter(routes, { initialEntries: ['/home?tab=feed'] });
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  // The suggestions wait for the first screen to be done: the reader's first touch, once home is up, says so.
  await screen.findByRole('tab', { name: 'Feed' }, { timeout: 8000 });
  fireEvent.pointerDown(window);
}

beforeEach(() => {
  queryClient.clear();
  localStorage.clear();
  signIn('tok', sessionUser());
});
afterEach(() => {
  vi.unstubAllGlobals();
  signOut();
});

describe("the followed feed's suggestions", () => {
  it('shows accounts to follow under a short feed, each with why and its latest post', async () => {
    server(feedOf(3));
    await renderHome();
    const section = await screen.findByRole('region', { name: 'Suggested for you' });
    expect(within(section).getByText('Writes about #travel')).toBeInTheDocument();
    expect(within(section).getByText('Growing fast')).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: /Latest words of Mohinga Daily/ })).toHaveAttribute(
      'href',
      '/posts/post-104',
    );
    // Under the posts, not above them.
    const posts = screen.getAllByTestId('post-card');
    expect(posts).toHaveLength(3);
    expect(posts.at(-1)!.compareDocumentPosition(section) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('shows them under an empty feed too', async () => {
    server(feedOf(0));
    await renderHome();
    expect(await screen.findByRole('heading', { name: 'Your feed is waiting' })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Suggested for you' })).toBeInTheDocument();
  });

  it.each([
    ['ten posts', feedOf(10)],
    ['a next page', feedOf(4, 'next')],
  ])('shows none under a full feed (%s)', async (_, feed) => {
    const sent = server(feed);
    await renderHome();
    await screen.findAllByTestId('post-card');
    // Given the chance to arrive, they do not.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region', { name: 'Suggested for you' })).not.toBeInTheDocument();
    expect(sent.some((s) => s.url.startsWith('/api/discover'))).toBe(false);
  });

  it('following one refetches the feed', async () => {
    const sent = server((s) => feedOf(s.some((x) => x.method === 'POST') ? 5 : 2));
    await renderHome();
    await userEvent.click(await screen.findByRole('button', { name: 'Follow Mohinga Daily' }));
    expect(await screen.findByRole('button', { name: 'Following Mohinga Daily' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('post-card')).toHaveLength(5));
    expect(writes(sent)).toEqual(['POST /api/accounts/4/follow']);
    expect(sent.filter((s) => s.url.startsWith('/api/feed')).length).toBe(2);
    // Still there to follow more.
    expect(screen.getByRole('region', { name: 'Suggested for you' })).toBeInTheDocument();
  });

  it('"Not interested" takes a suggestion away for good', async () => {
    const sent = server(feedOf(2));
    await renderHome();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Not interested in Harbour Sketches: stop suggesting it' }),
    );
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Harbour Sketches' })).not.toBeInTheDocument());
    expect(writes(sent)).toEqual(['POST /api/discover/accounts/3/hide']);
    expect(screen.getByRole('article', { name: 'Mohinga Daily' })).toBeInTheDocument();
  });

  it('offers onboarding while it is not done, until closed', async () => {
    server(feedOf(2), false);
    await renderHome();
    expect(await screen.findByRole('heading', { name: 'Set up your feed' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Set up' })).toHaveAttribute('href', '/onboarding');
    await userEvent.click(screen.getByRole('button', { name: 'Hide this' }));
    expect(screen.queryByRole('heading', { name: 'Set up your feed' })).not.toBeInTheDocument();
    expect(localStorage.getItem(`inkwell.onboarding_card_dismissed.${sessionUser().id}`)).toBe('1');
  });

  it('does not offer onboarding once done', async () => {
    server(feedOf(2), true);
    await renderHome();
    await screen.findByRole('region', { name: 'Suggested for you' });
    expect(screen.queryByRole('heading', { name: 'Set up your feed' })).not.toBeInTheDocument();
  });
});
