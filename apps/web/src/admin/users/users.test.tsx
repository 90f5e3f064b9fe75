import { PERMISSIONS, type AdminUser, type Permission, type UserListItem } from '@inkwell/contracts';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import '../../i18n';
import { Providers } from '../../app/Providers';
import { queryClient } from '../../app/queryClient';
import { routes } from '../../app/router';
import { getSession, signIn, signOut } from '../../session/session';
import { sessionUser } from '../../test/fixtures';

const meta = (total: number) => ({
  current_page: 1,
  last_page: 1,
  per_page: 20,
  total,
  links: [],
});

const rows: UserListItem[] = [
  {
    id: 5,
    name: 'Maya Chen',
    username: 'maya',
    profile_url: null,
    email: 'maya@demo.test',
    role_name: 'user',
    suspended_at: '2026-02-01T00:00:00Z',
    created_at: '2026-01-01T00:00:00Z',
  },
  {
    id: 6,
    name: 'Nok Srisuk',
    username: 'nok_srisuk',
    profile_url: null,
    email: 'nok@demo.test',
    role_name: 'admin',
    suspended_at: null,
    created_at: '2026-01-02T00:00:00Z',
  },
];

const person = (over: Partial<AdminUser> = {}): AdminUser => ({
  id: 5,
  name: 'Maya Chen',
  username: 'maya',
  email: 'maya@demo.test',
  dob: '1990-04-17',
  role_id: 1,
  role_name: 'user',
  profile_url: null,
  email_verified_at: '2026-01-01T00:00:00Z',
  suspended_at: null,
  created_at: '2026-01-01T00:00:00Z',
  can_modify: true,
  can_modify_admin_fields: true,
  can_change_role: true,
  can_suspend: true,
  ...over,
});

let requests: { method: string; url: string; body?: unknown }[] = [];
let shown: AdminUser = person();

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

const as = (permissions: Permission[]) => signIn('token', sessionUser({ id: 1, role_name: 'editor', permissions }));
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

beforeEach(() => {
  // jsdom has no layout: Mantine's dropdown scrolls the chosen option into view.
  Element.prototype.scrollIntoView ??= () => undefined;
  signOut();
  queryClient.clear();
  requests = [];
  shown = person();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      requests.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (url.startsWith('/api/user?') || url === '/api/user') return json({ data: getSession()!.user });
      if (url.startsWith('/api/users?') || url === '/api/users') return json({ data: rows, meta: meta(rows.length) });
      if (url === '/api/roles')
        return json({
          data: [
            { id: 1, name: 'user', permissions_count: 0, users_count: 3, system: true },
            { id: 2, name: 'admin', permissions_count: 16, users_count: 1, system: true },
          ],
        });
      if (url === '/api/users/5/edit') return json({ data: shown });
      if (url === '/api/users/5' && method === 'PUT')
        return json({ message: 'The user has been updated.', data: sessionUser({ id: 5 }) });
      if (url === '/api/users/5/suspend') {
        shown = { ...shown, suspended_at: '2026-03-01T00:00:00Z' };
        return json({ message: 'The account has been suspended.', data: shown });
      }
      if (url === '/api/users/5/role') {
        shown = { ...shown, role_id: 2, role_name: 'admin' };
        return json({ message: 'The role has been changed.', data: shown });
      }
      return json({ message: 'Not here' }, 404);
    }),
  );
});

// The first render loads the admin chunk and its messages: slower than the default 5 s on a busy machine.
describe('users list', { timeout: 20_000 }, () => {
  it('shows the spec columns, a suspended badge and an edit link per row, from the search in the URL', async () => {
    as(['users.view']);
    renderAt('/admin/users?q=ma');
    const table = await screen.findByRole('table', {}, { timeout: 5000 });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['ID', 'Name', 'E-mail', 'Username', 'Role', 'Actions']);
    const maya = within(table).getByText('Maya Chen').closest('tr')!;
    expect(within(maya).getByText('Suspended')).toBeInTheDocument();
    expect(within(maya).getByRole('link', { name: 'Edit Maya Chen' })).toHaveAttribute('href', '/admin/users/5/edit');
    expect(screen.getByLabelText('Search users')).toHaveValue('ma');
    expect(requests.some((r) => r.url === '/api/users?q=ma&page=1')).toBe(true);
  });

  it('runs a search on Enter and keeps it in the URL, back on page 1', async () => {
    as(['users.view']);
    const router = renderAt('/admin/users?page=3');
    const box = await screen.findByLabelText('Search users', {}, { timeout: 5000 });
    await userEvent.type(box, 'nok');
    expect(router.state.location.search).toBe('?page=3');
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(router.state.location.search).toBe('?q=nok'));
    await waitFor(() => expect(requests.some((r) => r.url === '/api/users?q=nok&page=1')).toBe(true));
  });

  it('says what to do when a search finds no one', async () => {
    as(['users.view']);
    vi.mocked(fetch).mockImplementation(async (url) =>
      String(url).startsWith('/api/users') ? json({ data: [], meta: meta(0) }) : json({ data: getSession()!.user }),
    );
    renderAt('/admin/users?q=zzz');
    expect(await screen.findByText('No one matches “zzz”', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show everyone' })).toBeInTheDocument();
  });
});

describe('user edit', { timeout: 20_000 }, () => {
  it('offers nothing but the details to a role that may only view', async () => {
    as(['users.view']);
    shown = person({ can_modify: false, can_modify_admin_fields: false, can_change_role: false, can_suspend: false });
    renderAt('/admin/users/5/edit');
    expect(await screen.findByDisplayValue('maya@demo.test', {}, { timeout: 5000 })).toHaveAttribute('readonly');
    expect(screen.getByText("You can see this person's details but not change them.")).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Update' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Suspend' })).not.toBeInTheDocument();
    expect(requests.some((r) => r.url === '/api/roles')).toBe(false);
  });

  it('hides the role dropdown from a session without users.role, whatever the flag says', async () => {
    as(PERMISSIONS.filter((p) => p !== 'users.role'));
    renderAt('/admin/users/5/edit');
    await screen.findByDisplayValue('maya@demo.test', {}, { timeout: 5000 });
    expect(screen.getByLabelText('Role')).toHaveAttribute('readonly');
    expect(requests.some((r) => r.url === '/api/roles')).toBe(false);
    expect(screen.getByRole('button', { name: 'Suspend' })).toBeInTheDocument();
  });

  it('saves the profile, then the new role through the role endpoint', async () => {
    as([...PERMISSIONS]);
    renderAt('/admin/users/5/edit');
    const name = await screen.findByLabelText('Name', {}, { timeout: 5000 });
    await userEvent.clear(name);
    await userEvent.type(name, 'Maya C.');
    expect(screen.getByLabelText('Date of birth')).toHaveValue('1990-04-17');
    await waitFor(() => expect(requests.some((r) => r.url === '/api/roles')).toBe(true));
    await userEvent.click(screen.getAllByLabelText('Role').find((el) => el.tagName === 'INPUT')!);
    // The dropdown's transition never ends in jsdom: the option is there but counts as hidden.
    await userEvent.click(await screen.findByRole('option', { name: 'admin', hidden: true }));
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(requests.some((r) => r.url === '/api/users/5/role')).toBe(true));
    const put = requests.find((r) => r.method === 'PUT' && r.url === '/api/users/5')!;
    expect(put.body).toEqual({
      name: 'Maya C.',
      username: 'maya',
      profile_url: null,
      email: 'maya@demo.test',
      dob: '1990-04-17',
    });
    expect(requests.find((r) => r.url === '/api/users/5/role')!.body).toEqual({ role_id: 2 });
  });

  it('suspends only after the confirmation', async () => {
    as([...PERMISSIONS]);
    renderAt('/admin/users/5/edit');
    await userEvent.click(await screen.findByRole('button', { name: 'Suspend' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Suspend Maya Chen?' });
    expect(requests.some((r) => r.url.endsWith('/suspend'))).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    await waitFor(() =>
      expect(requests.some((r) => r.method === 'POST' && r.url === '/api/users/5/suspend')).toBe(true),
    );
    expect(await screen.findByRole('button', { name: 'Reinstate' })).toBeInTheDocument();
  });
});
