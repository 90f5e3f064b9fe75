import type { Earnings, Payout } from '@inkwell/contracts';
import { notifications } from '@mantine/notifications';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../i18n';
import { Providers } from '../../app/Providers';
import { queryClient } from '../../app/queryClient';
import { signIn, signOut } from '../../session/session';
import { account, sessionUser } from '../../test/fixtures';
import { answerAs, writes } from '../../test/testServer';
import { EarningsPage } from './EarningsPage';

const earnings = (over: Partial<Earnings> = {}): Earnings => ({
  month: '2026-11',
  this_month: [{ currency: 'MMK', gross: 100_000, fee: 5_000, net: 95_000, memberships: 80_000, tips: 20_000 }],
  last_month: [{ currency: 'MMK', gross: 40_000, fee: 2_000, net: 38_000, memberships: 40_000, tips: 0 }],
  days: [
    { date: '2026-11-03', currency: 'MMK', net: 45_000 },
    { date: '2026-11-10', currency: 'MMK', net: 50_000 },
  ],
  members_by_tier: [
    { tier_id: 1, name: 'Friend', members: 7 },
    { tier_id: 2, name: 'Patron', members: 2 },
  ],
  new_members: 4,
  lost_members: 1,
  balances: [{ currency: 'MMK', available: 60_000, pending: 35_000 }],
  ...over,
});

const payout = (over: Partial<Payout> = {}): Payout => ({
  id: 5,
  account: null,
  amount: 20_000,
  currency: 'MMK',
  provider: 'wavepay',
  wallet_number: '09123456789',
  status: 'paid',
  reference: 'TX-881',
  reason: null,
  requested_at: '2026-10-02T03:00:00Z',
  decided_at: '2026-10-03T03:00:00Z',
  ...over,
});

const meta = (total: number) => ({ current_page: 1, last_page: 1, per_page: 20, total, links: [] });
const mine = [account({ id: 12, name: 'Maya Sketches', can_view_insights: true, time_zone: 'Asia/Yangon' })];

function renderPage() {
  render(
    <Providers>
      <MemoryRouter initialEntries={['/accounts/12/earnings']}>
        <Routes>
          <Route path="/accounts/:id/earnings" element={<EarningsPage />} />
        </Routes>
      </MemoryRouter>
    </Providers>,
  );
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-20T05:00:00Z'));
  Element.prototype.scrollIntoView ??= () => undefined;
  queryClient.clear();
  signIn('token', sessionUser({ name: 'Maya Chen', username: 'maya' }));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  notifications.clean();
  signOut();
});

describe('earnings page', () => {
  it('shows this and last month’s totals, the chart, members and the balance with the payout history', async () => {
    const sent = answerAs({
      'GET /api/user/accounts': [200, { data: mine }],
      'GET /api/accounts/12/earnings': [200, { data: earnings() }],
      'GET /api/accounts/12/payouts': [200, { data: [payout()], meta: meta(1) }],
    });
    renderPage();
    const thisMonth = await screen.findByRole('region', { name: 'Earned in November 2026' });
    expect(within(thisMonth).getByText('Your share').nextSibling).toHaveTextContent('MMK 95,000');
    expect(within(thisMonth).getByText('Paid by readers').nextSibling).toHaveTextContent('MMK 100,000');
    expect(within(thisMonth).getByText('Platform fee').nextSibling).toHaveTextContent('MMK 5,000');
    expect(within(thisMonth).getByText('Tips').nextSibling).toHaveTextContent('MMK 20,000');
    const lastMonth = screen.getByRole('region', { name: 'Earned in October 2026' });
    expect(within(lastMonth).getByText('Your share').nextSibling).toHaveTextContent('MMK 38,000');

    const chart = screen.getByRole('region', { name: 'Your share by day' });
    expect(chart.querySelector('.recharts-responsive-container')).not.toBeNull();
    expect(within(chart).getAllByRole('row')).toHaveLength(2);

    const members = screen.getByRole('region', { name: 'Members by tier' });
    expect(within(members).getByRole('row', { name: 'Friend 7' })).toBeInTheDocument();
    expect(within(members).getByTestId('new-members')).toHaveTextContent('4');
    expect(within(members).getByTestId('lost-members')).toHaveTextContent('1');

    const balance = screen.getByRole('region', { name: 'Balance' });
    expect(within(balance).getByText('Available').nextSibling).toHaveTextContent('MMK 60,000');
    expect(within(balance).getByText('Held').nextSibling).toHaveTextContent('MMK 35,000');
    expect(await within(balance).findByRole('button', { name: 'Request payout' })).toBeInTheDocument();

    const history = screen.getByRole('region', { name: 'Payouts' });
    expect(within(history).getByText('Paid')).toBeInTheDocument();
    expect(within(history).getByText('Reference: TX-881')).toBeInTheDocument();
    expect(sent.some((s) => s.url === '/api/accounts/12/earnings?month=2026-11')).toBe(true);
  });

  it('leaves out the payout button and history for an editor (the payouts answer 403)', async () => {
    answerAs({
      'GET /api/accounts/12/earnings': [200, { data: earnings() }],
      'GET /api/accounts/12/payouts': [403, { message: 'Forbidden.', code: 'forbidden' }],
    });
    renderPage();
    const balance = await screen.findByRole('region', { name: 'Balance' });
    await waitFor(() => expect(screen.queryByTestId('payouts')).not.toBeInTheDocument());
    expect(within(balance).queryByRole('button', { name: 'Request payout' })).not.toBeInTheDocument();
  });

  it('says earnings are for owners when the server answers 403', async () => {
    answerAs({ 'GET /api/accounts/12/earnings': [403, { message: 'Forbidden.', code: 'forbidden' }] });
    renderPage();
    expect(await screen.findByRole('heading', { name: "Earnings are for the account's owners" })).toBeInTheDocument();
  });

  it('asks for a payout with the available amount, and shows the server’s 422 under the wallet number', async () => {
    const sent = answerAs({
      'GET /api/user/accounts': [200, { data: mine }],
      'GET /api/accounts/12/earnings': [200, { data: earnings() }],
      'GET /api/accounts/12/payouts': [200, { data: [], meta: meta(0) }],
      'POST /api/accounts/12/payouts': (all) =>
        (all.at(-1)!.body as { wallet_number: string }).wallet_number === '12345'
          ? [
              422,
              {
                message: 'The wallet number is not valid.',
                code: 'validation',
                errors: { wallet_number: ['Enter a wallet number starting with 09.'] },
              },
            ]
          : [201, { data: payout({ status: 'requested', amount: 60_000, reference: null }) }],
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Request payout' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request a payout' });
    expect(within(dialog).getByLabelText('Amount')).toHaveValue('60,000');

    await user.click(within(dialog).getByRole('radio', { name: 'WavePay' }));
    await user.type(within(dialog).getByLabelText('Wallet number'), '12345');
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    const number = within(dialog).getByLabelText('Wallet number');
    await waitFor(() => expect(number).toHaveAccessibleDescription(/Enter a wallet number starting with 09\./));
    expect(number).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByLabelText('Amount')).not.toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).queryByRole('alert', { name: /not valid/ })).not.toBeInTheDocument();

    await user.clear(number);
    await user.type(number, '၀၉၁၂၃၄၅၆၇၈၉');
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Payout of MMK 60,000 requested. It will be sent to your wallet.')).toBeVisible();
    expect(writes(sent)).toEqual([
      ['POST /api/accounts/12/payouts', { amount: 60_000, provider: 'wavepay', wallet_number: '12345' }],
      ['POST /api/accounts/12/payouts', { amount: 60_000, provider: 'wavepay', wallet_number: '၀၉၁၂၃၄၅၆၇၈၉' }],
    ]);
  });
});
