import type { Account, AccountPerson, AdminAccountRow, Organization, Permission } from '@inkwell/contracts';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import '../../i18n';
import { Providers } from '../../app/Providers';
import { queryClient } from '../../app/queryClient';
import { routes } from '../../app/router';
import { getSession, signIn, signOut } from '../../session/session';
import { sessionUser } from '../../test/fixtures';

// Mantine's dropdowns scroll the selected option into view; jsdom lays nothing out.
Element.prototype.scrollIntoView ??= () => undefined;

const meta = (total: number) => ({ current_page: 1, last_page: 1, per_page: 20, total, links: [] });

const row = (over: Partial<AdminAccountRow> = {}): AdminAccountRow => ({
  id: 12,
  name: 'Bago Daily',
  username: 'bago.daily',
  profile_url: null,
  approved_status: 'pending',
  published_status: 'published',
  organization_id: 5,
  created_at: '2026-05-01T00:00:00Z',
  ...over,
});

const account: Account = {
  id: 12,
  name: 'Bago Daily',
  username: 'bago.daily',
  description: 'A picture a day',
  url: null,
  contact: null,
  profile_url: null,
  banner_url: null,
  organization_id: 5,
  organization: { id: 5, name: 'Bago Studio', username: 'bago.studio' },
  approved_status: 'pending',
  published_status: 'published',
  followers_count: 0,
  is_followed: false,
  bell: false,
  is_blocked: false,
  is_muted: false,
  featured: false,
  can_modify: true,
  can_delete: true,
  can_view_insights: true,
  time_zone: 'Asia/Yangon',
  created_at: '2026-05-01T00:00:00Z',
};

const organization: Organization = {
  id: 5,
  name: 'Bago Studio',
  username: 'bago.studio',
  description: 'Photo essays',
  url: null,
  profile_url: null,
  user_id: 30,
  approved_status: 'approved',
  published_status: 'published',
  can_modify: true,
  created_at: '2026-05-01T00:00:00Z',
};

const people: AccountPerson[] = [
  { id: 30, name: 'Thiri Aung', username: 'thiri', profile_url: null, pivot: { user_id: 30, role: 'owner' } },
  { id: 31, name: 'Ko Zaw', username: 'kozaw', profile_url: null, pivot: { user_id: 31, role: 'editor' } },
];

let calls: { method: string; url: string; body: unknown }[] = [];
let listRows: AdminAccountRow[] = [];

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

beforeEach(() => {
  signOut();
  queryClient.clear();
  calls = [];
  listRows = [row(), row({ id: 11, name: 'Inle Weekly', username: 'inle', approved_status: 'approved' })];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      calls.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
      if (url.startsWith('/api/user')) return json({ data: getSession()!.user });
      if (url.startsWith('/api/accounts?') || url === '/api/accounts') {
        const status = new URL(url, 'http://x').searchParams.get('status');
        const rows = status ? listRows.filter((r) => r.approved_status === status) : listRows;
        return json({ data: rows, meta: meta(rows.length) });
      }
      if (url === '/api/accounts/12/edit') return json({ data: account });
      if (url === '/api/accounts/12/organization') return json({ data: organization });
      if (url.startsWith('/api/accounts/12/users')) return json({ data: people, meta: meta(2) });
      if (url === '/api/accounts/12' && method === 'PUT') {
        const body = JSON.parse(String(init.body)) as Partial<Account>;
        return json({ message: 'The account has been updated.', data: { ...account, ...body } });
      }
      return json({ data: [], meta: meta(0) });
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

const listCalls = () => calls.filter((c) => c.url.startsWith('/api/accounts?') || c.url === '/api/accounts');

describe('admin accounts table', { timeout: 30_000 }, () => {
  it('shows id, name, username, approval and publication, with the pending filter and the search in the address', async () => {
    const user = userEvent.setup();
    const router = renderAt('/admin/accounts', ['accounts.view']);
    // The screen is its own lazy chunk: the first render waits for it.
    const table = await screen.findByRole('table', { name: 'Accounts' }, { timeout: 10_000 });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['ID', 'Name', 'Username', 'Approved', 'Published', 'Actions']);
    const first = within(table).getAllByRole('row')[1]!;
    expect(within(first).getByText('Pending approval')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'Edit Bago Daily' })).toHaveAttribute(
      'href',
      '/admin/accounts/12/edit',
    );

    await user.click(screen.getByRole('radio', { name: 'Pending' }));
    await vi.waitFor(() => expect(router.state.location.search).toBe('?status=pending'));
    await vi.waitFor(() => expect(listCalls().at(-1)?.url).toBe('/api/accounts?page=1&status=pending'));
    expect(await screen.findByRole('link', { name: 'Edit Bago Daily' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit Inle Weekly' })).not.toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Search accounts' }), 'bago{Enter}');
    await vi.waitFor(() => expect(listCalls().at(-1)?.url).toBe('/api/accounts?page=1&status=pending&q=bago'));
    expect(router.state.location.search).toBe('?status=pending&q=bago');
  });

  it('says what to do when nothing waits for approval', async () => {
    listRows = [row({ approved_status: 'approved' })];
    const user = userEvent.setup();
    renderAt('/admin/accounts?status=pending', ['accounts.view']);
    expect(await screen.findByRole('heading', { name: 'Nothing is waiting for approval' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show all' }));
    expect(await screen.findByRole('link', { name: 'Edit Bago Daily' })).toBeInTheDocument();
  });
});

describe('admin account edit', { timeout: 30_000 }, () => {
  it('approves the account, shows the server message, and links its organization and people', async () => {
    const user = userEvent.setup();
    renderAt('/admin/accounts/12/edit', ['accounts.view', 'accounts.edit', 'organizations.view', 'users.view']);
    expect(await screen.findByRole('heading', { name: 'Bago Daily' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Bago Studio' })).toHaveAttribute(
      'href',
      '/admin/organizations/5/edit',
    );
    const peopleTable = await screen.findByRole('table', { name: 'People' });
    expect(within(peopleTable).getByRole('link', { name: 'Thiri Aung' })).toHaveAttribute(
      'href',
      '/admin/users/30/edit',
    );
    expect(within(peopleTable).getByText('Owner')).toBeInTheDocument();
    expect(within(peopleTable).getByText('Editor')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Approved status' }));
    // jsdom runs no transitions: the dropdown stays "hidden" to the accessibility tree while it opens.
    await user.click(await screen.findByRole('option', { name: 'Approved', hidden: true }));
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByRole('status')).toHaveTextContent('The account has been updated.');
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.url).toBe('/api/accounts/12');
    expect(put.body).toMatchObject({
      name: 'Bago Daily',
      username: 'bago.daily',
      approved_status: 'approved',
      published_status: 'published',
      url: null,
      contact: null,
    });
  });

  it('is read only for a role without accounts.edit, and names people without links when users may not be opened', async () => {
    renderAt('/admin/accounts/12/edit', ['accounts.view']);
    expect(
      await screen.findByText('You can look at this account, but your role may not change it.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Update' })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Name' })).toBeDisabled();
    const peopleTable = await screen.findByRole('table', { name: 'People' });
    expect(within(peopleTable).getByText('Thiri Aung')).toBeInTheDocument();
    expect(within(peopleTable).queryByRole('link')).not.toBeInTheDocument();
    expect(await screen.findByText('Bago Studio')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Bago Studio' })).not.toBeInTheDocument();
  });
});
