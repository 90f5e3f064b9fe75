import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../app/Providers';
import { queryClient } from '../../app/queryClient';
import { routes } from '../../app/router';
import { signIn, signOut } from '../../session/session';
import { account, sessionUser } from '../../test/fixtures';
import { answerAs } from '../../test/testServer';
import { plans, tier } from './testData';

/** What an account page asks besides the memberships (the shell's badges, my accounts, its posts). */
const page = {
  'GET /api/user': [200, { data: sessionUser() }],
  'GET /api/user/accounts': [200, { data: [] }],
  'GET /api/notifications': [200, { data: [], meta: { unread_count: 0 } }],
  'GET /api/chats/unread': [200, { unread_count: 0 }],
  'GET /api/accounts/by-username/harbour': [200, { data: account() }],
  'GET /api/accounts/3/posts': [200, { data: [], meta: { per_page: 20, next_cursor: null } }],
  'GET /api/accounts/3/tiers': [200, { data: [tier()] }],
  'GET /api/user/memberships': [200, { data: [] }],
  'GET /api/plans': plans(['kbzpay']),
} as const;

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
  signIn('tok', sessionUser());
});
afterEach(() => vi.unstubAllGlobals());

describe('memberships on the account page', () => {
  it('ask for nothing until the first screen is done, then show the tiers', async () => {
    const sent = answerAs(page);
    renderAt('/a/harbour');
    // The first screen of the file loads the route's code in jsdom: give it time.
    expect(await screen.findByRole('button', { name: 'Support' }, { timeout: 8000 })).toBeVisible();
    expect(sent.some((s) => s.url.includes('/tiers'))).toBe(false);
    // The reader's first touch ends the first screen.
    fireEvent.pointerDown(window);
    const card = await screen.findByRole('article', { name: 'Friend' }, { timeout: 5000 });
    expect(within(card).getByRole('button', { name: 'Join' })).toBeVisible();
    // Above the posts' tabs.
    expect(
      card.compareDocumentPosition(screen.getByRole('tab', { name: 'All' })) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });

  it('Support opens the tip dialog', async () => {
    answerAs(page);
    const user = userEvent.setup();
    renderAt('/a/harbour');
    await user.click(await screen.findByRole('button', { name: 'Support' }, { timeout: 8000 }));
    expect(await screen.findByRole('dialog', { name: 'Support Harbour Sketches' })).toBeVisible();
  });

  it('a guest’s Support asks to sign in, to come back to the dialog', async () => {
    signOut();
    answerAs(page);
    const user = userEvent.setup();
    const router = renderAt('/a/harbour');
    await user.click(await screen.findByRole('button', { name: 'Support' }, { timeout: 8000 }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(JSON.parse(localStorage.getItem('inkwell.return_to')!)).toMatchObject({ path: '/a/harbour?support' });
  });

  it('back from signing in, the tip dialog is open', async () => {
    answerAs(page);
    renderAt('/a/harbour?support');
    expect(await screen.findByRole('dialog', { name: 'Support Harbour Sketches' }, { timeout: 8000 })).toBeVisible();
  });

  it('the account’s own people get no Support, and no Join', async () => {
    answerAs({
      ...page,
      'GET /api/user/accounts': [200, { data: [account({ can_modify: true })] }],
      'GET /api/accounts/by-username/harbour': [200, { data: account({ can_modify: true }) }],
      'GET /api/accounts/3/tiers': [200, { data: [tier({ can_modify: true, members_count: 1 })] }],
    });
    renderAt('/a/harbour');
    expect(await screen.findByRole('link', { name: 'Manage tiers' }, { timeout: 8000 })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Support' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Join' })).toBeNull();
  });
});
