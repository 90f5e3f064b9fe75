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
    renderRole({
      id: 3,
      name: 'root',
      system: true,
      editable: false,
      locked_reason: 'roles.root_locked',
      permissions: [],
      grantable: [1, 2, 3],
    });
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

  it.each([
    ['roles.system_root_only', 'admin', 'Only root can change the permissions of the built-in user and admin roles'],
    ['roles.own_role', 'keeper', 'This is your own role, so you cannot change its permissions.'],
    ['roles.outranked', 'senior', 'This role holds permissions that you do not have'],
  ] as const)(
    'shows a role locked by %s read-only, with what it holds and why, and no Save',
    async (reason, name, why) => {
      renderRole({
        id: 2,
        name,
        system: reason === 'roles.system_root_only',
        editable: false,
        locked_reason: reason,
        permissions: [{ id: 2, name: 'users.edit' }],
        grantable: [2, 3],
      });
      expect(await screen.findByText(new RegExp(why))).toBeInTheDocument();
      expect(screen.getByRole('checkbox', { name: 'users.edit' })).toBeChecked();
      for (const name of ['posts.view', 'users.view']) expect(screen.getByRole('checkbox', { name })).not.toBeChecked();
      for (const box of screen.getAllByRole('checkbox')) expect(box).toBeDisabled();
      expect(screen.getByText('1 of 3 permissions chosen')).toBeInTheDocument();
      expect(screen.queryByText(/You can only grant or take away permissions/)).toBeNull();
      expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    },
  );

  it('greys out what the session does not hold, lets it take away what it holds, and saves the id list', async () => {
    const user = userEvent.setup();
    renderRole({
      id: 9,
      name: 'editor',
      system: false,
      editable: true,
      locked_reason: null,
      permissions: [{ id: 2, name: 'users.edit' }],
      grantable: [2, 3],
    });
    const postsView = await screen.findByRole('checkbox', { name: 'posts.view' });
    expect(postsView).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'users.edit' })).toBeEnabled();
    expect(screen.getByText(/You can only grant or take away permissions that you hold yourself/)).toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'users.edit' }));
    await user.click(screen.getByRole('checkbox', { name: 'users.view' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posted).toEqual([{ permissions: [3] }]));
    expect(await screen.findByText('Permissions have been saved!')).toBeInTheDocument();
  });
});
