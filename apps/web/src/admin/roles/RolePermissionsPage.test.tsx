import type { PermissionItem, RoleWithPermissions } from '@inkwell/contracts';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../i18n';
import { Providers } from '../../app/Providers';
import { queryClient } from '../../app/queryClient';
import { RolePermissionsPage } from './RolePermissionsPage';

const all: PermissionItem[] = [
  { id: 1, name: 'posts.view', system: true, roles_count: 2 },
  { id: 2, name: 'users.edit', system: true, roles_count: 2 },
  { id: 3, name: 'users.view', system: true, roles_count: 3 },
];

let posted: unknown[];

function renderRole(role: RoleWithPermissions) {
  posted = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url.startsWith('/api/permissions'))
        return new Response(
          JSON.stringify({ data: all, meta: { current_page: 1, last_page: 1, per_page: 500, total: 3, links: [] } }),
        );
      if (init?.method === 'POST') {
        const body = JSON.parse(String(init.body)) as { permissions: number[] };
        posted.push(body);
        const permissions = all.filter((p) => body.permissions.includes(p.id)).map(({ id, name }) => ({ id, name }));
        return new Response(JSON.stringify({ data: { ...role, permissions } }));
      }
      return new Response(JSON.stringify({ data: role }));
    }),
  );
  render(
    <Providers>
      <MemoryRouter initialEntries={[`/admin/roles/${role.id}/permissions`]}>
        <Routes>
          <Route path="/admin/roles/:id/permissions" element={<RolePermissionsPage />} />
        </Routes>
      </MemoryRouter>
    </Providers>,
  );
}

beforeEach(() => queryClient.clear());
afterEach(() => vi.unstubAllGlobals());

describe('role permissions screen', () => {
  it('shows root read-only, holding everything, with the reason', async () => {
    renderRole({ id: 3, name: 'root', system: true, editable: false, permissions: [], grantable: [1, 2, 3] });
    expect(
      await screen.findByText('Root always holds every permission, so its permissions cannot be changed here.'),
    ).toBeInTheDocument();
    for (const name of ['posts.view', 'users.edit', 'users.view']) {
      const box = screen.getByRole('checkbox', { name });
      expect(box).toBeChecked();
      expect(box).toBeDisabled();
    }
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });

  it('greys out what the session cannot grant, keeps what it may take away, and saves the id list', async () => {
    const user = userEvent.setup();
    renderRole({
      id: 9,
      name: 'editor',
      system: false,
      editable: true,
      permissions: [{ id: 2, name: 'users.edit' }],
      grantable: [3],
    });
    const postsView = await screen.findByRole('checkbox', { name: 'posts.view' });
    expect(postsView).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'users.edit' })).toBeEnabled();
    expect(screen.getByText(/You can only grant permissions that you hold yourself/)).toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'users.edit' }));
    await user.click(screen.getByRole('checkbox', { name: 'users.view' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posted).toEqual([{ permissions: [3] }]));
    expect(await screen.findByText('Permissions have been saved!')).toBeInTheDocument();
  });
});
