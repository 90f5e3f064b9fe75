import type { AdminSubscriptionRow } from '@inkwell/contracts';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../i18n';
import { Providers } from '../../app/Providers';
import { queryClient } from '../../app/queryClient';
import { signIn, signOut } from '../../session/session';
import { sessionUser } from '../../test/fixtures';
import { SubscriptionsPage } from './SubscriptionsPage';

// jsdom does not scroll; Mantine's combobox scrolls the chosen option into view.
Element.prototype.scrollIntoView ??= () => undefined;

const row: AdminSubscriptionRow = {
  id: 31,
  status: 'trialing',
  provider: 'free_trial',
  billing_cycle: 'monthly',
  trial_ends_at: '2026-12-01T00:00:00Z',
  started_at: '2026-11-17T00:00:00Z',
  expires_at: '2026-12-01T00:00:00Z',
  user: { id: 9, name: 'Thida Aung', username: 'thida', email: 'thida@example.test' },
  plan: { id: 2, slug: 'creator', name: 'Creator' },
};

let urls: string[];
const page = (data: AdminSubscriptionRow[]) =>
  new Response(
    JSON.stringify({ data, meta: { current_page: 1, last_page: 1, per_page: 20, total: data.length, links: [] } }),
    { status: 200 },
  );

beforeEach(() => {
  queryClient.clear();
  urls = [];
  signIn('token', sessionUser({ role_name: 'admin', permissions: ['subscriptions.view', 'users.view'] }));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      urls.push(url);
      return page(url.includes('status=expired') ? [] : [row]);
    }),
  );
  render(
    <Providers>
      <MemoryRouter initialEntries={['/admin/subscriptions']}>
        <SubscriptionsPage />
      </MemoryRouter>
    </Providers>,
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  signOut();
});

describe('subscriptions screen', () => {
  it('lists each subscription with its person (linked), plan, status and dates', async () => {
    const person = await screen.findByRole('link', { name: 'Thida Aung' });
    expect(person).toHaveAttribute('href', '/admin/users/9/edit');
    const tr = person.closest('tr')!;
    expect(within(tr).getByText('Creator')).toBeInTheDocument();
    expect(within(tr).getByText('Trial')).toBeInTheDocument();
    expect(within(tr).getByText('Free trial')).toBeInTheDocument();
    expect(within(tr).getByText('thida@example.test')).toBeInTheDocument();
    // Without plans.manage the plan is plain text, not a link to a screen it may not open.
    expect(within(tr).queryByRole('link', { name: 'Creator' })).toBeNull();
  });

  it('filters by status on the server and says what to do when nothing matches', async () => {
    const user = userEvent.setup();
    await screen.findByText('Thida Aung');
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    // The dropdown's transition never ends in jsdom: the option is there but counts as hidden.
    await user.click(await screen.findByRole('option', { name: 'Expired', hidden: true }));
    await waitFor(() => expect(urls.at(-1)).toBe('/api/subscriptions?page=1&status=expired'));
    expect(await screen.findByText('No subscriptions with this status')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show all subscriptions' }));
    expect(await screen.findByText('Thida Aung')).toBeInTheDocument();
  }, 30_000);
});
