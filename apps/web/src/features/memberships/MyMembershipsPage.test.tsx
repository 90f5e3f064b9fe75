import { notifications } from '@mantine/notifications';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../app/Providers';
import { queryClient } from '../../app/queryClient';
import { signIn, signOut } from '../../session/session';
import { payment, sessionUser } from '../../test/fixtures';
import { answerAs, writes } from '../../test/testServer';
import { MyMembershipsPage } from './MembershipPages';
import { inDays, membership, plans } from './testData';

const river = { id: 4, name: 'River Notes', username: 'river', profile_url: null };
const market = { id: 5, name: 'Night Market', username: 'market', profile_url: null };

function renderPage(path = '/profile/memberships') {
  const router = createMemoryRouter(
    [
      { path: '/profile/memberships', element: <MyMembershipsPage /> },
      { path: '*', element: <p>Elsewhere</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

const row = (name: string) => screen.getByRole('link', { name }).closest('li')!;

beforeEach(() => {
  signOut();
  queryClient.clear();
  signIn('tok', sessionUser());
});
afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clean();
});

describe('My memberships', () => {
  it('lists each membership with its account, tier, state and end', async () => {
    answerAs({
      'GET /api/user/memberships': [
        200,
        {
          data: [
            membership(),
            membership({
              id: 23,
              account: market,
              expires_at: inDays(2),
              billing_cycle: 'yearly',
              tier: { id: 31, name: 'Friend', position: 0, monthly_price: 200, yearly_price: null, currency: 'THB' },
            }),
            membership({ id: 24, account: { ...market, id: 6, name: 'Tea Shop', username: 'tea' }, status: 'grace' }),
            membership({ id: 22, account: river, status: 'expired', expires_at: inDays(-5) }),
          ],
        },
      ],
    });
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'My memberships' })).toBeVisible();
    const list = await screen.findByRole('list', { name: 'Your memberships' });
    expect(await within(list).findAllByRole('listitem')).toHaveLength(4);

    const harbour = row('Harbour Sketches');
    expect(screen.getByRole('link', { name: 'Harbour Sketches' })).toHaveAttribute('href', '/a/harbour');
    expect(harbour).toHaveTextContent('Friend · Monthly');
    expect(within(harbour).getByText('Active')).toBeVisible();
    expect(within(harbour).getByText(/^Ends on /)).toBeVisible();
    // What renewing costs now: a month, and a year when the tier has a yearly price.
    expect(within(harbour).getByText(/^Renewing costs MMK\s3,000 a month or MMK\s30,000 a year\.$/)).toBeVisible();
    expect(within(harbour).getByRole('button', { name: 'Renew Harbour Sketches' })).toBeVisible();
    expect(within(harbour).getByRole('button', { name: 'Stop reminders for Harbour Sketches' })).toBeVisible();

    expect(within(row('Night Market')).getByText('Ending soon')).toBeVisible();
    expect(row('Night Market')).toHaveTextContent('Friend · Yearly');
    expect(within(row('Night Market')).getByText(/^Renewing costs THB\s200 a month\.$/)).toBeVisible();
    expect(within(row('Tea Shop')).getByText('Grace period')).toBeVisible();
    expect(within(row('Tea Shop')).getByText(/Renew in the next few days/)).toBeVisible();

    const ended = row('River Notes');
    expect(within(ended).getByText('Expired')).toBeVisible();
    expect(within(ended).getByText(/^Ended on /)).toBeVisible();
    expect(within(ended).getByRole('button', { name: 'Renew River Notes' })).toBeVisible();
    expect(within(ended).queryByRole('button', { name: /Stop reminders/ })).toBeNull();
  });

  it('renews with a cycle and a wallet, at the tier’s price', async () => {
    const sent = answerAs({
      // The membership carries its tier's prices: the account's tiers are not asked for.
      'GET /api/user/memberships': [200, { data: [membership()] }],
      'GET /api/plans': plans(['kbzpay', 'ayapay']),
      'POST /api/memberships/21/renew': [200, { data: { payment: payment({ billing_cycle: 'yearly' }) } }],
    });
    const user = userEvent.setup();
    const router = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Renew Harbour Sketches' }));
    const dialog = await screen.findByRole('dialog', { name: 'Renew Friend' });
    expect(await within(dialog).findByText(/^MMK\s3,000$/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: 'Yearly' }));
    await user.click(await within(dialog).findByRole('radio', { name: /AYA Pay/ }));
    await user.click(within(dialog).getByRole('button', { name: /^Pay MMK\s30,000$/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout/sandbox/99'));
    expect(writes(sent)).toEqual([
      ['POST /api/memberships/21/renew', { billing_cycle: 'yearly', payment_provider: 'ayapay' }],
    ]);
    expect(sent.some((s) => s.url.startsWith('/api/accounts/'))).toBe(false);
  });

  it('stops the reminders after asking; the pass runs to its end', async () => {
    const sent = answerAs({
      'GET /api/user/memberships': [200, { data: [membership()] }],
      'DELETE /api/memberships/21': [200, { data: membership({ status: 'stopped', stopped: true }) }],
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Stop reminders for Harbour Sketches' }));
    const dialog = await screen.findByRole('dialog', { name: 'Stop reminders for Harbour Sketches?' });
    expect(within(dialog).getByText(/stays active until .* and then ends/)).toBeInTheDocument();
    expect(writes(sent)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Stop reminders' }));
    expect(
      await screen.findByText(/^Reminders stopped\. Your membership of Harbour Sketches ends on /),
    ).toBeInTheDocument();
    expect(await within(row('Harbour Sketches')).findByText('Reminders off')).toBeVisible();
    expect(within(row('Harbour Sketches')).getByText(/without a reminder/)).toBeVisible();
    expect(within(row('Harbour Sketches')).queryByRole('button', { name: /Stop reminders/ })).toBeNull();
    expect(writes(sent)).toEqual(['DELETE /api/memberships/21']);
  });

  it('explains memberships when there are none, and leads to Explore', async () => {
    answerAs({ 'GET /api/user/memberships': [200, { data: [] }] });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'No memberships yet' })).toBeVisible();
    expect(screen.getByText(/Join a tier on a creator's page/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Explore creators' })).toHaveAttribute('href', '/explore');
  });

  it('back from a wallet, waits for the payment and says what it bought', async () => {
    let asked = 0;
    answerAs({
      'GET /api/user/memberships': [200, { data: [membership()] }],
      'GET /api/payments/99': () => [200, { data: payment({ status: asked++ > 0 ? 'paid' : 'pending' }) }],
    });
    renderPage('/profile/memberships?payment=99');
    expect(await screen.findByRole('heading', { level: 2, name: 'Awaiting payment confirmation' })).toBeVisible();
    expect(
      await screen.findByText(/^Your Friend membership of Harbour Sketches is active until /, {}, { timeout: 8000 }),
    ).toBeVisible();
    expect(screen.getByText('Your membership is active.')).toBeInTheDocument();
  }, 15_000);

  it('back from a wallet, says an expired payment charged nothing', async () => {
    answerAs({
      'GET /api/user/memberships': [200, { data: [membership()] }],
      'GET /api/payments/99': [200, { data: payment({ status: 'expired' }) }],
    });
    const user = userEvent.setup();
    const router = renderPage('/profile/memberships?payment=99');
    expect(await screen.findByText('The payment expired', {}, { timeout: 6000 })).toBeVisible();
    expect(screen.getByText(/Nothing was charged/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });
});
