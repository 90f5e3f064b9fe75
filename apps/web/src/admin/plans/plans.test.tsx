import type { AdminPlan } from '@inkwell/contracts';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../i18n';
import { Providers } from '../../app/Providers';
import { queryClient } from '../../app/queryClient';
import { signIn, signOut } from '../../session/session';
import { sessionUser } from '../../test/fixtures';
import { PlanFormPage } from './PlanFormPage';
import { PlansPage } from './PlansPage';

// jsdom has no font loading; Mantine's autosizing textarea listens to it.
if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } });

const FEATURES = JSON.stringify([
  { icon: 'star', sub_feature_head: 'Extras', items: [{ text: 'Priority support', icon: 'check' }] },
]);

const plan: AdminPlan = {
  id: 5,
  slug: 'team',
  name: 'Team',
  description: 'For newsrooms',
  monthly_price: 9000,
  yearly_price: 90000,
  trial_period_days: 7,
  features: FEATURES,
  currency: 'MMK',
  creates_accounts: true,
  storage_quota_mb: 100,
  video_1080p: false,
  sort_order: 3,
  hidden: true,
  translations: { my: { name: '', description: '', features: '' }, th: { name: '', description: '', features: '' } },
  subscribers_count: 2,
  can_delete: false,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
};

let sent: { method: string; url: string; body?: any }[];
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

function renderAt(path: string) {
  render(
    <Providers>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/admin/plans" element={<PlansPage />} />
          <Route path="/admin/plans/add" element={<PlanFormPage />} />
          <Route path="/admin/plans/:id/edit" element={<PlanFormPage />} />
        </Routes>
      </MemoryRouter>
    </Providers>,
  );
}

beforeEach(() => {
  queryClient.clear();
  sent = [];
  signIn('token', sessionUser({ role_name: 'admin', permissions: ['plans.manage'] }));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      sent.push({ method, url, body });
      if (url.startsWith('/api/plans/manage'))
        return json({ data: [plan], meta: { current_page: 1, last_page: 1, per_page: 20, total: 1, links: [] } });
      if (url === '/api/plans/5/edit') return json({ data: plan });
      if (method === 'POST') return json({ message: 'The plan has been added.', data: { ...plan, ...body } }, 201);
      if (method === 'PUT') return json({ message: 'The plan has been saved.', data: { ...plan, ...body } });
      if (method === 'DELETE')
        return json(
          {
            code: 'billing.plan_in_use',
            message: 'People have subscribed to or paid for this plan, so it cannot be deleted. Hide it instead.',
          },
          409,
        );
      return json({}, 404);
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  signOut();
});

const writes = () => sent.filter((r) => r.method !== 'GET');

describe('plans list', () => {
  it('shows each plan with prices, trial days, subscribers and a hidden badge, and links to add and edit', async () => {
    renderAt('/admin/plans');
    const row = (await screen.findByText('Team')).closest('tr')!;
    expect(within(row).getByText('Hidden')).toBeInTheDocument();
    expect(within(row).getByText('7')).toBeInTheDocument();
    expect(within(row).getByText('2')).toBeInTheDocument();
    expect(within(row).getByText(/9,000/)).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Edit the plan Team' })).toHaveAttribute(
      'href',
      '/admin/plans/5/edit',
    );
    expect(screen.getByRole('link', { name: 'Add plan' })).toHaveAttribute('href', '/admin/plans/add');
  });
});

describe('plan form', () => {
  it('checks the features JSON before sending, previews the card, then adds the plan and returns to the list', async () => {
    const user = userEvent.setup();
    renderAt('/admin/plans/add');
    const fill = async (name: string, text: string) => {
      const input = screen.getByRole('textbox', { name });
      await user.clear(input);
      await user.click(input);
      await user.paste(text);
      return input;
    };
    await fill('Slug', 'team');
    await fill('Name', 'Team');
    await fill('Description', 'For newsrooms');
    const features = await fill('Features (JSON)', '[{"icon": "star",');
    await user.click(screen.getByRole('button', { name: 'Add plan' }));
    expect(
      await screen.findByText('Features must be JSON. Check the brackets, quotation marks and commas.'),
    ).toBeInTheDocument();
    expect(writes()).toEqual([]);

    await user.clear(features);
    await user.click(features);
    await user.paste(FEATURES);
    const preview = screen.getByRole('region', { name: 'Preview' });
    expect(within(preview).getByRole('article', { name: 'Team' })).toBeInTheDocument();
    expect(within(preview).getByText('Priority support')).toBeInTheDocument();

    const hd = screen.getByRole('switch', { name: /Videos also stream in 1080p/ });
    expect(hd).not.toBeChecked();
    await user.click(hd);
    expect(hd).toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Add plan' }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]).toMatchObject({
      method: 'POST',
      url: '/api/plans',
      body: {
        slug: 'team',
        name: 'Team',
        features: FEATURES,
        monthly_price: 0,
        trial_period_days: 0,
        video_1080p: true,
        hidden: false,
      },
    });
    expect(await screen.findByRole('link', { name: 'Edit the plan Team' })).toBeInTheDocument();
  }, 30_000);

  it('shows the plan’s 1080p switch and sends it as set when saving', async () => {
    const user = userEvent.setup();
    renderAt('/admin/plans/5/edit');
    expect(await screen.findByDisplayValue('team')).toBeInTheDocument();
    const hd = screen.getByRole('switch', { name: /Videos also stream in 1080p/ });
    expect(hd).not.toBeChecked();
    await user.click(hd);
    await user.click(screen.getByRole('button', { name: 'Save plan' }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]).toMatchObject({
      method: 'PUT',
      url: '/api/plans/5',
      body: { slug: 'team', storage_quota_mb: 100, video_1080p: true, hidden: true },
    });
  }, 30_000);

  it('asks before deleting and shows the server’s refusal for a plan people are on', async () => {
    const user = userEvent.setup();
    renderAt('/admin/plans/5/edit');
    expect(await screen.findByDisplayValue('team')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: /Hide this plan/ })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Delete plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm deletion' });
    expect(within(dialog).getByText('Are you sure you want to delete the Team plan?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(
      await screen.findByText(
        'People have subscribed to or paid for this plan, so it cannot be deleted. Hide it instead.',
      ),
    ).toBeInTheDocument();
    expect(writes()).toEqual([{ method: 'DELETE', url: '/api/plans/5', body: undefined }]);
  }, 30_000);
});
