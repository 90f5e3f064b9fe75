import type { AdminPayment, Permission } from '@inkwell/contracts';
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
import { answerAs, writes, type Sent } from '../../test/testServer';

const meta = (total: number) => ({ current_page: 1, last_page: 1, per_page: 20, total, links: [] });
const DAY = 24 * 60 * 60 * 1000;

/** Kyaw Zin's month of Harbour Sketches' Friend tier, paid with WavePay two days ago. */
const payment = (over: Partial<AdminPayment> = {}): AdminPayment => ({
  id: 51,
  order_id: 'INK-M-7781',
  purpose: 'membership',
  status: 'paid',
  provider: 'wavepay',
  amount: 3000,
  currency: 'MMK',
  user: { id: 9, name: 'Kyaw Zin', username: 'kyawzin' },
  account: { id: 3, name: 'Harbour Sketches', username: 'harbour', profile_url: null },
  tier: { id: 11, name: 'Friend' },
  message: null,
  created_at: new Date(Date.now() - 2 * DAY).toISOString(),
  paid_at: new Date(Date.now() - 2 * DAY).toISOString(),
  ...over,
});

const tip = payment({
  id: 52,
  order_id: 'INK-T-1200',
  purpose: 'tip',
  provider: 'kbzpay',
  amount: 5000,
  user: { id: 10, name: 'Hnin Wai', username: 'hninwai' },
  tier: null,
  message: 'For the river drawings',
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

const listed = (sent: Sent[]) => sent.filter((s) => s.url.startsWith('/api/payments')).map((s) => s.url);

beforeEach(() => {
  signOut();
  queryClient.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clean();
});

describe('admin payments', () => {
  it('lists members’ and tippers’ payments, and filters them by type, status and an exact search', async () => {
    const sent = answerAs({
      'GET /api/user': () => [200, { data: getSession()!.user }],
      'GET /api/payments': (all) => {
        const url = all.at(-1)!.url;
        if (url.includes('q=')) return [200, { data: [], meta: meta(0) }];
        if (url.includes('status=refunded'))
          return [200, { data: [payment({ id: 40, status: 'refunded' })], meta: meta(1) }];
        if (url.includes('purpose=tip')) return [200, { data: [tip], meta: meta(1) }];
        return [200, { data: [payment(), tip], meta: meta(2) }];
      },
    });
    as(['payments.refund']);
    const user = userEvent.setup();
    const router = renderAt('/admin/payments');

    const nav = await screen.findByRole('navigation', { name: 'Administration' });
    expect(within(nav).getByRole('link', { name: 'Payments' })).toHaveAttribute('aria-current', 'page');
    const table = await screen.findByRole('table', { name: 'Payments' });
    expect(screen.getByText('2 payments')).toBeInTheDocument();
    const [, membership, tipRow] = within(table).getAllByRole('row');
    expect(membership).toHaveTextContent('Kyaw Zin');
    expect(membership).toHaveTextContent('@kyawzin');
    expect(membership).toHaveTextContent('Harbour Sketches');
    expect(membership).toHaveTextContent('Friend');
    expect(membership).toHaveTextContent(/MMK\s3,000/);
    expect(membership).toHaveTextContent('WavePay');
    expect(membership).toHaveTextContent('INK-M-7781');
    expect(within(membership!).getByText('Paid')).toBeInTheDocument();
    expect(within(membership!).getByRole('button', { name: /^Refund MMK\s3,000 paid by Kyaw Zin$/ })).toBeVisible();
    expect(tipRow).toHaveTextContent('Tip');
    expect(tipRow).toHaveTextContent('Message: “For the river drawings”');
    expect(tipRow).toHaveTextContent('KBZPay');
    expect(listed(sent)).toEqual(['/api/payments?page=1']);

    await user.click(screen.getByRole('radio', { name: 'Tips' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    expect(listed(sent).at(-1)).toBe('/api/payments?purpose=tip&page=1');

    await user.click(screen.getByRole('radio', { name: 'Refunded' }));
    expect(await within(table).findByText('Refunded')).toBeInTheDocument();
    expect(listed(sent).at(-1)).toBe('/api/payments?purpose=tip&status=refunded&page=1');
    // A refunded payment is not refunded twice.
    expect(screen.queryByRole('button', { name: /^Refund / })).toBeNull();

    const search = within(screen.getByRole('search')).getByRole('searchbox', { name: 'Order ID, username or e-mail' });
    await user.type(search, 'someone@example.test{Enter}');
    expect(await screen.findByRole('heading', { name: 'No payments match' })).toBeInTheDocument();
    expect(listed(sent).at(-1)).toBe('/api/payments?purpose=tip&status=refunded&q=someone%40example.test&page=1');

    await user.click(screen.getByRole('button', { name: 'Show all payments' }));
    expect(within(await screen.findByRole('table', { name: 'Payments' })).getAllByRole('row')).toHaveLength(3);
    expect(router.state.location.search).toBe('');
    expect(search).toHaveValue('');
  });

  it('refunds a paid payment with a reason, after saying what a refund undoes', async () => {
    const sent = answerAs({
      'GET /api/user': () => [200, { data: getSession()!.user }],
      'GET /api/payments': [200, { data: [payment(), tip], meta: meta(2) }],
      'POST /api/payments/51/refund': [200, { data: payment({ status: 'refunded' }) }],
    });
    as(['payments.refund']);
    const user = userEvent.setup();
    renderAt('/admin/payments?status=paid');

    const table = await screen.findByRole('table', { name: 'Payments' });
    const row = () => within(table).getAllByRole('row')[1]!;
    await user.click(within(row()).getByRole('button', { name: /^Refund MMK\s3,000 paid by Kyaw Zin$/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund this payment' });
    expect(dialog).toHaveTextContent('A refund cannot be undone');
    expect(dialog).toHaveTextContent("The creator's share of this payment is reversed in the ledger.");
    expect(dialog).toHaveTextContent('The Friend membership it paid for ends now.');
    expect(dialog).toHaveTextContent(/return MMK\s3,000 to the payer yourself in the WavePay merchant portal/);

    // The reason is required: nothing is sent without it (spaces are no reason).
    const reason = within(dialog).getByRole('textbox', { name: /Reason/ });
    await user.type(reason, '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(reason).toHaveAccessibleDescription(/Enter the reason for the refund\./);
    expect(writes(sent)).toEqual([]);

    await user.clear(reason);
    await user.type(reason, 'Charged twice');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(writes(sent)).toEqual([['POST /api/payments/51/refund', { reason: 'Charged twice' }]]);
    expect(await screen.findByText(/^MMK\s3,000 paid by Kyaw Zin was refunded\.$/)).toBeInTheDocument();
    // Under the Paid filter still: the row says what became of it, in place.
    expect(within(row()).getByText('Refunded')).toBeInTheDocument();
    expect(within(row()).queryByRole('button', { name: /^Refund / })).toBeNull();
    expect(within(table).getAllByRole('row')).toHaveLength(3);
  });

  it('says so in the dialog when another admin refunded it first', async () => {
    let refunded = false;
    answerAs({
      'GET /api/user': () => [200, { data: getSession()!.user }],
      'GET /api/payments': () => [200, { data: [payment({ status: refunded ? 'refunded' : 'paid' })], meta: meta(1) }],
      'POST /api/payments/51/refund': () => {
        refunded = true;
        return [409, { message: 'This payment is not paid: nothing to refund.', code: 'payments.not_paid' }];
      },
    });
    as(['payments.refund']);
    const user = userEvent.setup();
    renderAt('/admin/payments');
    await user.click(await screen.findByRole('button', { name: /^Refund MMK\s3,000 paid by Kyaw Zin$/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund this payment' });
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Asked by the reader');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This payment is not paid: nothing to refund.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(await within(screen.getByRole('table', { name: 'Payments' })).findByText('Refunded')).toBeInTheDocument();
  });

  it('sends a role without payments.refund to Access Denied', async () => {
    answerAs({ 'GET /api/user': () => [200, { data: getSession()!.user }] });
    as(['payouts.manage']);
    renderAt('/admin/payments');
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
  });
});
