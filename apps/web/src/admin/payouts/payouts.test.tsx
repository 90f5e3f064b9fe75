import type { Payout, Permission } from '@inkwell/contracts';
import { notifications } from '@mantine/notifications';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../i18n';
import { Providers } from '../../app/Providers';
import { queryClient } from '../../app/queryClient';
import { routes } from '../../app/router';
import { getSession, signIn, signOut } from '../../session/session';
import { sessionUser } from '../../test/fixtures';
import { answerAs, writes } from '../../test/testServer';

const meta = (total: number) => ({ current_page: 1, last_page: 1, per_page: 20, total, links: [] });
const DAY = 24 * 60 * 60 * 1000;

const payout = (over: Partial<Payout> = {}): Payout => ({
  id: 31,
  account: { id: 12, name: 'Maya Sketches', username: 'maya.sketches', profile_url: null },
  amount: 60_000,
  currency: 'MMK',
  provider: 'wavepay',
  wallet_number: '09123456789',
  status: 'requested',
  reference: null,
  reason: null,
  requested_at: new Date(Date.now() - 3 * DAY).toISOString(),
  decided_at: null,
  ...over,
});

const as = (permissions: Permission[]) => signIn('token', sessionUser({ id: 1, role_name: 'editor', permissions }));

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
});
afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clean();
});

describe('admin payouts', () => {
  it('lists waiting payouts and marks one paid with the transfer reference', async () => {
    let queue = [payout(), payout({ id: 32, amount: 15_000, wallet_number: '09987654321', provider: 'kbzpay' })];
    const sent = answerAs({
      'GET /api/user': () => [200, { data: getSession()!.user }],
      'GET /api/payouts': () => [200, { data: queue, meta: meta(queue.length) }],
      'POST /api/payouts/31/paid': (all) => {
        const { reference } = all.at(-1)!.body as { reference: string };
        queue = queue.filter((p) => p.id !== 31);
        return [200, { data: payout({ status: 'paid', reference, decided_at: new Date().toISOString() }) }];
      },
    });
    as(['payouts.manage']);
    const user = userEvent.setup();
    renderAt('/admin/payouts');

    const table = await screen.findByRole('table', { name: 'Payouts' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    const first = within(table).getAllByRole('row')[1]!;
    expect(first).toHaveTextContent('Maya Sketches');
    expect(first).toHaveTextContent('MMK 60,000');
    expect(first).toHaveTextContent('WavePay');
    expect(within(first).getByRole('button', { name: 'Copy the number 09123456789' })).toBeInTheDocument();
    expect(sent.find((s) => s.url.startsWith('/api/payouts'))!.url).toBe('/api/payouts?status=requested&page=1');

    await user.click(within(first).getByRole('button', { name: 'Mark the payout to Maya Sketches paid' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark the payout paid' });
    // The reference is required: nothing is sent without it.
    await user.click(within(dialog).getByRole('button', { name: 'Mark paid' }));
    expect(within(dialog).getByLabelText(/Transfer reference/)).toHaveAccessibleDescription(
      "Enter the wallet transfer's reference.",
    );
    expect(writes(sent)).toEqual([]);

    await user.type(within(dialog).getByLabelText(/Transfer reference/), 'WP-7781');
    await user.click(within(dialog).getByRole('button', { name: 'Mark paid' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('MMK 60,000 to Maya Sketches marked paid.')).toBeInTheDocument();
    expect(writes(sent)).toEqual([['POST /api/payouts/31/paid', { reference: 'WP-7781' }]]);
    await waitFor(() =>
      expect(within(screen.getByRole('table', { name: 'Payouts' })).getAllByRole('row')).toHaveLength(2),
    );
  });

  it('rejects with a reason and shows the paid ones under their filter', async () => {
    const sent = answerAs({
      'GET /api/user': () => [200, { data: getSession()!.user }],
      'GET /api/payouts': (all) =>
        all.at(-1)!.url.includes('status=paid')
          ? [200, { data: [payout({ id: 40, status: 'paid', reference: 'KBZ-1' })], meta: meta(1) }]
          : [200, { data: [payout()], meta: meta(1) }],
      'POST /api/payouts/31/reject': [200, { data: payout({ status: 'rejected', reason: 'Wrong number' }) }],
    });
    as(['payouts.manage']);
    const user = userEvent.setup();
    renderAt('/admin/payouts');
    await user.click(await screen.findByRole('button', { name: 'Reject the payout to Maya Sketches' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject the payout' });
    await user.type(within(dialog).getByLabelText(/Reason/), 'Wrong number');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(writes(sent)).toEqual([['POST /api/payouts/31/reject', { reason: 'Wrong number' }]]);

    await user.click(screen.getByRole('radio', { name: 'Paid' }));
    expect(await screen.findByText('Reference: KBZ-1')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Mark the payout/ })).not.toBeInTheDocument();
  });

  it('sends a role without payouts.manage to Access Denied', async () => {
    answerAs({ 'GET /api/user': () => [200, { data: getSession()!.user }] });
    as(['reports.manage']);
    renderAt('/admin/payouts');
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
  });
});
