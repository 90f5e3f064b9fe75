import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../app/Providers';
import { queryClient } from '../../app/queryClient';
import { signIn, signOut } from '../../session/session';
import { account, sessionUser } from '../../test/fixtures';
import { answerAs, writes } from '../../test/testServer';
import { routes } from '../../app/router';
import { followed, suggested } from './OnboardingTestData';

const also = (n: number) =>
  Array.from({ length: n }, (_, i) => suggested(10 + i, `Writer ${i + 1}`).account).map((a, i) =>
    i === 0 ? { ...a, is_followed: true } : a,
  );

function server(list: ReturnType<typeof also>) {
  return answerAs({
    'GET /api/user': [200, { data: sessionUser() }],
    'GET /api/notifications': [200, { data: [], meta: { unread_count: 0 } }],
    'GET /api/chats/unread': [200, { unread_count: 0 }],
    'GET /api/user/accounts': [200, { data: [] }],
    'GET /api/accounts/by-username/harbour': [200, { data: account() }],
    'GET /api/accounts/3/posts': [200, { data: [], meta: { per_page: 20, next_cursor: null } }],
    'GET /api/accounts/3/tiers': [200, { data: [] }],
    'GET /api/accounts/3/also-followed': [200, { data: list }],
    'POST /api/accounts/11/follow': followed,
  });
}

/** The account page as the app opens it (another feature's page: through the router, not its file). */
function renderAccount() {
  const router = createMemoryRouter(routes, { initialEntries: ['/a/harbour'] });
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
}

beforeEach(() => {
  queryClient.clear();
  signIn('tok', sessionUser());
});
afterEach(() => {
  vi.unstubAllGlobals();
  signOut();
});

describe('readers also follow, on an account page', () => {
  it('asks nothing until the first screen is done, then lists up to six with Follow', async () => {
    const sent = server(also(8));
    renderAccount();
    await screen.findByRole('heading', { level: 1, name: 'Harbour Sketches' }, { timeout: 8000 });
    expect(sent.some((s) => s.url.includes('also-followed'))).toBe(false);
    fireEvent.pointerDown(window);

    const section = await screen.findByRole('region', { name: 'Readers also follow' });
    expect(within(section).getAllByRole('article')).toHaveLength(6);
    expect(within(section).getByText('Accounts that readers of Harbour Sketches follow too')).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Following Writer 1' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(within(section).getByRole('button', { name: 'Follow Writer 2' }));
    expect(await within(section).findByRole('button', { name: 'Following Writer 2' })).toBeInTheDocument();
    expect(writes(sent)).toEqual(['POST /api/accounts/11/follow']);
  });

  it('is hidden when the list is empty', async () => {
    const sent = server([]);
    renderAccount();
    await screen.findByRole('heading', { level: 1, name: 'Harbour Sketches' }, { timeout: 8000 });
    fireEvent.pointerDown(window);
    await vi.waitFor(() => expect(sent.some((s) => s.url.includes('also-followed'))).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region', { name: 'Readers also follow' })).not.toBeInTheDocument();
    expect(screen.queryByText('Readers also follow')).not.toBeInTheDocument();
  });
});
