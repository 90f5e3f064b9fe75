import { PERMISSIONS, type Permission, type SessionUser } from '@inkwell/contracts';
import { render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import '../i18n';
import { getSession, signIn, signOut } from '../session/session';
import { Providers } from './Providers';
import { queryClient } from './queryClient';
import { sessionUser } from '../test/fixtures';
import { routes } from './router';

/** A person as the server describes them: admins and root hold every permission (the seeded roles). */
const user = (
  role: SessionUser['role_name'],
  permissions: Permission[] = role === 'user' ? [] : [...PERMISSIONS],
): SessionUser => sessionUser({ role_name: role, permissions });

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
  // The shell refreshes the session user; answer as the server would.
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url.startsWith('/api/user'))
        return new Response(JSON.stringify({ data: getSession()!.user }), { status: 200 });
      if (url.startsWith('/api/insights/users/total'))
        return new Response(JSON.stringify({ data: 3 }), { status: 200 });
      return new Response('{}', { status: 404 });
    }),
  );
});

describe('route guard', () => {
  it('sends visitors of a signed-in page to login', async () => {
    const router = renderAt('/home');
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('sends signed-in people from the welcome screen to home', async () => {
    signIn('token', user('user'));
    const router = renderAt('/');
    expect(await screen.findByRole('tab', { name: 'Feed' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/home');
  });

  it('refuses the admin area to a plain user', async () => {
    signIn('token', user('user'));
    renderAt('/admin');
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
  });

  it('admits admin and root to the admin area', async () => {
    signIn('token', user('root'));
    renderAt('/admin');
    // The dashboard chunk carries the charts: give it time to load in jsdom.
    expect(await screen.findByText('Welcome, Aye Chan', {}, { timeout: 8000 })).toBeInTheDocument();
  });

  it('goes by permissions, not the role name: a role called admin holding none is refused', async () => {
    signIn('token', user('admin', []));
    renderAt('/admin');
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
  });

  it('admits a person of any role who holds an admin permission', async () => {
    signIn('token', user('user', ['insights.view']));
    renderAt('/admin');
    // The dashboard chunk carries the charts: give it time to load in jsdom.
    expect(await screen.findByText('Welcome, Aye Chan', {}, { timeout: 8000 })).toBeInTheDocument();
  });

  it('titles the document from the route', async () => {
    renderAt('/register');
    await screen.findByRole('heading', { name: 'Create your account' });
    expect(document.title).toBe('Register · Inkwell');
  });
});

describe('shell navigation', () => {
  it('shows Admin Panel only to administrators', async () => {
    signIn('token', user('user'));
    renderAt('/home');
    await screen.findByRole('tab', { name: 'Feed' });
    expect(screen.queryAllByRole('link', { name: 'Admin Panel' })).toHaveLength(0);
    expect(screen.getAllByRole('link', { name: /Profile/ }).length).toBeGreaterThan(0);
  });

  it('lists Home, Admin Panel and Profile for an admin', async () => {
    signIn('token', user('admin'));
    renderAt('/home');
    await screen.findByRole('tab', { name: 'Feed' });
    expect(screen.getAllByRole('link', { name: 'Admin Panel' }).length).toBeGreaterThan(0);
    expect(screen.getAllByRole('link', { name: 'Home' }).length).toBeGreaterThan(0);
  });

  it('shows Admin Panel from the permissions the session holds, whatever the role is called', async () => {
    signIn('token', user('admin', []));
    renderAt('/home');
    await screen.findByRole('tab', { name: 'Feed' });
    expect(screen.queryAllByRole('link', { name: 'Admin Panel' })).toHaveLength(0);
  });
});
