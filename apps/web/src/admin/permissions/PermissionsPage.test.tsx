import type { PermissionItem } from '@inkwell/contracts';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../i18n';
import { Providers } from '../../app/Providers';
import { queryClient } from '../../app/queryClient';
import { PermissionsPage } from './PermissionsPage';

const meta = { current_page: 1, last_page: 1, per_page: 20, total: 2, links: [] };
const rows: PermissionItem[] = [
  { id: 1, name: 'audit.view', system: true, roles_count: 2 },
  { id: 40, name: 'reports.export', system: false, roles_count: 1 },
];

let sent: { method: string; url: string; body?: unknown }[];

beforeEach(() => {
  queryClient.clear();
  sent = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      sent.push({ method, url, body });
      if (method === 'GET') return new Response(JSON.stringify({ data: rows, meta }), { status: 200 });
      if (method === 'DELETE') return new Response(null, { status: 204 });
      if (method === 'PUT' && body.name === 'Bad Name')
        return new Response(
          JSON.stringify({ code: 'validation_failed', message: 'Check', errors: { name: ['Use lowercase letters.'] } }),
          { status: 422 },
        );
      return new Response(JSON.stringify({ data: { ...rows[1], name: body.name } }), {
        status: method === 'POST' ? 201 : 200,
      });
    }),
  );
  render(
    <Providers>
      <MemoryRouter>
        <PermissionsPage />
      </MemoryRouter>
    </Providers>,
  );
});
afterEach(() => vi.unstubAllGlobals());

const writes = () => sent.filter((r) => r.method !== 'GET');

describe('permissions screen', () => {
  it('marks built-in permissions and offers them no rename or delete', async () => {
    const table = await screen.findByRole('table', { name: 'Permissions' });
    const builtIn = within(table).getByText('audit.view').closest('tr')!;
    expect(within(builtIn).getByText('Built-in')).toBeInTheDocument();
    expect(within(builtIn).queryByRole('button')).toBeNull();
    const custom = within(table).getByText('reports.export').closest('tr')!;
    expect(within(custom).getByRole('button', { name: 'Edit reports.export' })).toBeInTheDocument();
    expect(within(custom).getByRole('button', { name: 'Delete reports.export' })).toBeInTheDocument();
  });

  it('renames inline: Escape cancels, Enter saves, a refusal shows under the input', async () => {
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit reports.export' }));
    const input = screen.getByRole('textbox', { name: 'New name for reports.export' });
    await user.type(input, '_x{Escape}');
    expect(screen.queryByRole('textbox', { name: 'New name for reports.export' })).toBeNull();
    expect(writes()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Edit reports.export' }));
    const again = screen.getByRole('textbox', { name: 'New name for reports.export' });
    await user.clear(again);
    await user.type(again, 'Bad Name{Enter}');
    expect(await screen.findByText('Use lowercase letters.')).toBeInTheDocument();
    await user.clear(again);
    await user.type(again, 'reports.download{Enter}');
    await waitFor(() => expect(writes().at(-1)).toMatchObject({ method: 'PUT', body: { name: 'reports.download' } }));
    expect(writes().at(-1)!.url).toBe('/api/permissions/40');
    expect(await screen.findByText('The permission has been renamed.')).toBeInTheDocument();
  });

  it('deletes through the confirmation dialog, in the spec’s words', async () => {
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete reports.export' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm deletion' });
    expect(within(dialog).getByText('Are you sure you want to delete reports.export permission?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(writes()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Delete reports.export' }));
    const second = await screen.findByRole('dialog', { name: 'Confirm deletion' });
    await user.click(within(second).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(writes()).toEqual([{ method: 'DELETE', url: '/api/permissions/40', body: undefined }]));
  });

  it('adds a permission and says so as the spec writes it', async () => {
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Permission name' }), 'reports.view{Enter}');
    await waitFor(() =>
      expect(writes()).toEqual([{ method: 'POST', url: '/api/permissions', body: { name: 'reports.view' } }]),
    );
    expect(await screen.findByText('a new permission has been added.')).toBeInTheDocument();
  });

  it('searches when Enter is pressed', async () => {
    const user = userEvent.setup();
    await user.type(await screen.findByRole('searchbox', { name: 'Search permissions' }), 'reports{Enter}');
    await waitFor(() => expect(sent.some((r) => r.url === '/api/permissions?page=1&search=reports')).toBe(true));
  });
});
