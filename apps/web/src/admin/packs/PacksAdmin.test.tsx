import type { Account, Permission } from '@inkwell/contracts';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import '../../i18n';
import { Providers } from '../../app/Providers';
import { queryClient } from '../../app/queryClient';
import { routes } from '../../app/router';
import { getSession, signIn, signOut } from '../../session/session';
import { account as readerAccount, sessionUser } from '../../test/fixtures';
import { pack, paged } from '../../test/packFixtures';

let calls: { method: string; url: string; body: unknown }[] = [];

const account: Account & { featured: boolean } = { ...readerAccount({ id: 12, name: 'Bago Daily' }), featured: false };

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

beforeEach(() => {
  signOut();
  queryClient.clear();
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      calls.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
      if (url.startsWith('/api/user')) return json({ data: getSession()!.user });
      if (method === 'PUT' && url.endsWith('/featured')) return new Response(null, { status: 204 });
      if (url.startsWith('/api/packs'))
        return json(paged([pack(), pack({ id: 6, name: 'Thai kitchens', featured: true })]));
      if (url === '/api/accounts/12/edit') return json({ data: account });
      if (url === '/api/accounts/12/organization') return json({ data: null });
      return json(paged([]));
    }),
  );
});

function renderAt(path: string, permissions: Permission[]) {
  signIn('token', sessionUser({ role_name: 'moderator', permissions }));
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

const writes = () => calls.filter((c) => c.method !== 'GET').map((c) => [`${c.method} ${c.url}`, c.body]);

describe('admin starter packs', { timeout: 30_000 }, () => {
  it('lists the packs, features one with its switch, and is in the menu', async () => {
    const user = userEvent.setup();
    renderAt('/admin/starter-packs', ['discovery.manage']);
    const table = await screen.findByRole('table', { name: 'Starter packs' }, { timeout: 10_000 });
    expect(within(table).getByRole('link', { name: 'Yangon food writers' })).toHaveAttribute('href', '/packs/5');
    expect(within(table).getByRole('switch', { name: 'Feature Thai kitchens' })).toBeChecked();
    const feature = within(table).getByRole('switch', { name: 'Feature Yangon food writers' });
    expect(feature).not.toBeChecked();
    await user.click(feature);
    await vi.waitFor(() => expect(writes()).toEqual([['PUT /api/packs/5/featured', { featured: true }]]));
    const nav = screen.getByRole('navigation', { name: 'Administration' });
    expect(within(nav).getByRole('link', { name: 'Starter packs' })).toHaveAttribute('href', '/admin/starter-packs');
  });

  it('is closed to a role without discovery.manage', async () => {
    const router = renderAt('/admin/starter-packs', ['accounts.view']);
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/accessDenied'), { timeout: 10_000 });
  });
});

describe('featuring an account', { timeout: 30_000 }, () => {
  it('switches Featured on the account edit screen', async () => {
    const user = userEvent.setup();
    renderAt('/admin/accounts/12/edit', ['accounts.view', 'discovery.manage']);
    const featured = await screen.findByRole('switch', { name: /^Featured in Explore/ }, { timeout: 10_000 });
    expect(featured).not.toBeChecked();
    await user.click(featured);
    await vi.waitFor(() => expect(writes()).toEqual([['PUT /api/accounts/12/featured', { featured: true }]]));
    expect(await screen.findByRole('switch', { name: /^Featured in Explore/ })).toBeChecked();
  });

  it('hides the switch from a role without discovery.manage', async () => {
    renderAt('/admin/accounts/12/edit', ['accounts.view']);
    expect(await screen.findByRole('heading', { name: 'Bago Daily' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByRole('switch', { name: /^Featured in Explore/ })).not.toBeInTheDocument();
  });
});
