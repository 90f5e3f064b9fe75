import { PERMISSIONS, type Permission } from '@inkwell/contracts';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import '../i18n';
import { Providers } from '../app/Providers';
import { queryClient } from '../app/queryClient';
import { routes } from '../app/router';
import { getSession, signIn, signOut } from '../session/session';
import { sessionUser } from '../test/fixtures';

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

const as = (permissions: Permission[]) => signIn('token', sessionUser({ role_name: 'editor', permissions }));

beforeEach(() => {
  signOut();
  queryClient.clear();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url.startsWith('/api/user'))
        return new Response(JSON.stringify({ data: getSession()!.user }), { status: 200 });
      // Screens' own data is not what these tests look at: an empty page keeps them quiet.
      return new Response(
        JSON.stringify({ data: [], meta: { current_page: 1, last_page: 1, per_page: 20, total: 0, links: [] } }),
        {
          status: 200,
        },
      );
    }),
  );
});

describe('admin area', () => {
  // jsdom matches no media query: these render the narrow drawer, which leads with the spec's five entries.
  it('lists every section for a role holding every permission: the spec narrow drawer five first, then the rest', async () => {
    as([...PERMISSIONS]);
    renderAt('/admin/users');
    const nav = await screen.findByRole('navigation', { name: 'Administration' });
    const names = within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(names).toEqual([
      'Dashboard',
      'Users',
      'Organizations',
      'Roles',
      'Permissions',
      'Accounts',
      'Posts',
      'Import Posts',
      'Reports',
      'Starter packs',
      'Plans',
      'Subscriptions',
      'Payouts',
      'Payments',
      'Audit log',
      'App Home',
    ]);
    expect(within(nav).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it('shows a trimmed role only its own entries, and starts it at the first one it may open', async () => {
    as(['users.view', 'posts.view']);
    const router = renderAt('/admin');
    const nav = await screen.findByRole('navigation', { name: 'Administration' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Users', 'Posts', 'App Home']);
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/admin/users'));
  });

  it('on a wide screen keeps the sidebar open, with a button that hides and shows it (no close cross)', async () => {
    const mediaQuery = window.matchMedia;
    vi.stubGlobal('matchMedia', (query: string) => ({ ...mediaQuery(query), matches: query === '(min-width: 62em)' }));
    try {
      as([...PERMISSIONS]);
      // Not the users list: this file's fetch stub answers /api/users… with the signed-in person.
      renderAt('/admin/posts');
      const nav = await screen.findByRole('navigation', { name: 'Administration' });
      // All eleven in the sidebar's own order, none renamed.
      expect(within(nav).getAllByRole('link')[1]).toHaveTextContent('Users');
      expect(screen.queryByRole('button', { name: 'Toggle the menu' })).not.toBeInTheDocument();
      const hide = screen.getByRole('button', { name: 'Hide the menu' });
      expect(hide).toHaveAttribute('aria-expanded', 'true');
      await userEvent.click(hide);
      expect(screen.getByRole('button', { name: 'Show the menu' })).toHaveAttribute('aria-expanded', 'false');
    } finally {
      vi.stubGlobal('matchMedia', mediaQuery);
    }
  });

  it('sends a screen the role may not open to Access Denied', async () => {
    as(['users.view']);
    renderAt('/admin/plans');
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
  });

  it('answers an unknown admin path with the 404 page and its title, not the dashboard', async () => {
    as([...PERMISSIONS]);
    renderAt('/admin/no-such-screen');
    expect(await screen.findByTestId('admin-title')).toHaveTextContent('404 Error Not Found');
    expect(screen.queryByText(/Welcome,/)).not.toBeInTheDocument();
  });

  it('shows the route title in the app bar and the document title', async () => {
    as([...PERMISSIONS]);
    renderAt('/admin/roles');
    expect(await screen.findByTestId('admin-title')).toHaveTextContent('Roles');
    await vi.waitFor(() => expect(document.title).toBe('Roles · Inkwell'));
  });
});
