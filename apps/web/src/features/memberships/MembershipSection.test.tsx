import type { Account } from '@inkwell/contracts';
import { notifications } from '@mantine/notifications';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../app/Providers';
import { queryClient } from '../../app/queryClient';
import { signIn, signOut } from '../../session/session';
import { account, payment, sessionUser } from '../../test/fixtures';
import { answerAs, writes } from '../../test/testServer';
import { MembershipPart } from './membershipParts';
import { membership, plans, tier } from './testData';

const patron = tier({ id: 12, name: 'Patron', monthly_price: 10000, yearly_price: null, benefits: [] });

/** The section on `harbour`'s page; any other address is a page of its own (the router says which). */
function renderSection(
  path = '/a/harbour',
  { own = false, over = {} }: { own?: boolean; over?: Partial<Account> } = {},
) {
  const router = createMemoryRouter(
    [
      { path: '/a/:username', element: <MembershipPart part="section" account={account(over)} own={own} /> },
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

const where = (router: ReturnType<typeof renderSection>) =>
  router.state.location.pathname + router.state.location.search;

beforeEach(() => {
  signOut();
  queryClient.clear();
  signIn('tok', sessionUser());
});
afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clean();
});

describe('the tiers on an account page', () => {
  it('shows each tier with its prices, what it is, its benefits and Join', async () => {
    answerAs({
      'GET /api/accounts/3/tiers': [200, { data: [tier(), patron] }],
      'GET /api/user/memberships': [200, { data: [] }],
    });
    renderSection();
    expect(await screen.findByRole('heading', { level: 2, name: 'Memberships' })).toBeVisible();
    const friend = screen.getByRole('article', { name: 'Friend' });
    expect(within(friend).getByText(/^MMK\s3,000$/)).toBeVisible();
    expect(within(friend).getByText('per month')).toBeVisible();
    expect(within(friend).getByText(/^or MMK\s30,000 a year$/)).toBeVisible();
    expect(within(friend).getByText('Sketches from the river, a week early.')).toBeVisible();
    const benefits = within(friend).getByRole('list', { name: 'Benefits of Friend' });
    expect(
      within(benefits)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Early posts', 'A monthly letter']);
    expect(within(friend).getByRole('button', { name: 'Join' })).toBeEnabled();
    const other = screen.getByRole('article', { name: 'Patron' });
    expect(within(other).getByText(/^MMK\s10,000$/)).toBeVisible();
    expect(within(other).queryByText(/a year/)).toBeNull();
    expect(within(other).getByRole('button', { name: 'Join' })).toBeEnabled();
  });

  it('shows nothing for an account without tiers', async () => {
    const sent = answerAs({ 'GET /api/accounts/3/tiers': [200, { data: [] }] });
    renderSection();
    await waitFor(() => expect(sent.map((s) => s.url)).toEqual(['/api/accounts/3/tiers']));
    expect(screen.queryByRole('heading', { name: 'Memberships' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Set up tiers' })).toBeNull();
  });

  it('a guest’s Join asks to sign in, then comes back with that tier’s dialog open', async () => {
    signOut();
    answerAs({ 'GET /api/accounts/3/tiers': [200, { data: [tier(), patron] }] });
    const user = userEvent.setup();
    const guest = renderSection();
    const card = await screen.findByRole('article', { name: 'Patron' });
    await user.click(within(card).getByRole('button', { name: 'Join' }));
    await waitFor(() => expect(where(guest)).toBe('/login'));
    expect(guest.state.location.state).toEqual({ from: '/a/harbour?join=12' });
    expect(JSON.parse(localStorage.getItem('inkwell.return_to')!)).toMatchObject({ path: '/a/harbour?join=12' });

    // Signed in, the login page sends the reader back there.
    guest.dispose();
    signIn('tok', sessionUser());
    queryClient.clear();
    answerAs({
      'GET /api/accounts/3/tiers': [200, { data: [tier(), patron] }],
      'GET /api/user/memberships': [200, { data: [] }],
      'GET /api/plans': plans(),
    });
    const back = renderSection('/a/harbour?join=12');
    expect(await screen.findByRole('dialog', { name: 'Join Patron' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(where(back)).toBe('/a/harbour'));
  });

  it('for a tier without a yearly price offers a month only, and pays with the chosen wallet', async () => {
    const sent = answerAs({
      'GET /api/accounts/3/tiers': [200, { data: [patron] }],
      'GET /api/user/memberships': [200, { data: [] }],
      'GET /api/plans': plans(['kbzpay', 'wavepay']),
      'POST /api/tiers/12/join': [200, { data: { payment: payment({ tier_id: 12, amount: 10000 }) } }],
    });
    const user = userEvent.setup();
    const router = renderSection();
    await user.click(
      within(await screen.findByRole('article', { name: 'Patron' })).getByRole('button', { name: 'Join' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Join Patron' });
    expect(within(dialog).getByText('This tier is paid month by month.')).toBeVisible();
    expect(within(dialog).queryByRole('radio', { name: 'Yearly' })).toBeNull();
    expect(within(dialog).getByText('for one month')).toBeVisible();
    await user.click(await within(dialog).findByRole('radio', { name: /WavePay/ }));
    await user.click(within(dialog).getByRole('button', { name: /^Pay MMK\s10,000$/ }));
    await waitFor(() => expect(where(router)).toBe('/checkout/sandbox/99'));
    expect(writes(sent)).toEqual([
      ['POST /api/tiers/12/join', { billing_cycle: 'monthly', payment_provider: 'wavepay' }],
    ]);
  });

  it('a year says what it saves over twelve months, and is what is paid for', async () => {
    const sent = answerAs({
      'GET /api/accounts/3/tiers': [200, { data: [tier()] }],
      'GET /api/user/memberships': [200, { data: [] }],
      'GET /api/plans': plans(['kbzpay']),
      'POST /api/tiers/11/join': [200, { data: { payment: payment({ billing_cycle: 'yearly', amount: 30000 }) } }],
    });
    const user = userEvent.setup();
    renderSection();
    await user.click(
      within(await screen.findByRole('article', { name: 'Friend' })).getByRole('button', { name: 'Join' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Join Friend' });
    expect(within(dialog).queryByText(/You save/)).toBeNull();
    await user.click(within(dialog).getByRole('radio', { name: 'Yearly' }));
    expect(within(dialog).getByText(/^You save 17% \(MMK\s6,000\) compared with paying monthly\.$/)).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: /^Pay MMK\s30,000$/ }));
    await waitFor(() =>
      expect(writes(sent)).toEqual([
        ['POST /api/tiers/11/join', { billing_cycle: 'yearly', payment_provider: 'kbzpay' }],
      ]),
    );
  });

  it('my own tier says so, with its end and Renew; a tier in another currency says why it cannot be switched to', async () => {
    const sent = answerAs({
      'GET /api/accounts/3/tiers': [200, { data: [tier(), { ...patron, currency: 'THB' }] }],
      'GET /api/user/memberships': [200, { data: [membership()] }],
      'GET /api/plans': plans(['kbzpay']),
      'POST /api/memberships/21/renew': [200, { data: { payment: payment() } }],
    });
    const user = userEvent.setup();
    renderSection();
    const friend = await screen.findByRole('article', { name: 'Friend' });
    expect(await within(friend).findByText('Your tier')).toBeVisible();
    expect(within(friend).getByText(/^Ends on \w+ \d+, \d{4}$/)).toBeVisible();
    expect(within(friend).queryByRole('button', { name: 'Join' })).toBeNull();
    const other = screen.getByRole('article', { name: 'Patron' });
    expect(
      within(other).getByText(
        "You're a member with Friend, which is priced in another currency. You can switch to this tier once your membership ends.",
      ),
    ).toBeVisible();
    expect(within(other).queryByRole('button', { name: 'Join' })).toBeNull();
    expect(within(other).queryByRole('button', { name: 'Switch to this tier' })).toBeNull();

    await user.click(within(friend).getByRole('button', { name: 'Renew' }));
    const dialog = await screen.findByRole('dialog', { name: 'Renew Friend' });
    await user.click(within(dialog).getByRole('button', { name: /^Pay MMK\s3,000$/ }));
    await waitFor(() =>
      expect(writes(sent)).toEqual([
        ['POST /api/memberships/21/renew', { billing_cycle: 'monthly', payment_provider: 'kbzpay' }],
      ]),
    );
  });

  it('switches my pass to a dearer tier for its prorated price, paid with a wallet', async () => {
    const sent = answerAs({
      'GET /api/accounts/3/tiers': [
        200,
        { data: [tier(), { ...patron, yearly_price: 100000, move_price: { monthly: 7500, yearly: 97500 } }] },
      ],
      'GET /api/user/memberships': [200, { data: [membership()] }],
      'GET /api/plans': plans(['kbzpay', 'wavepay']),
      'POST /api/tiers/12/join': [200, { data: { payment: payment({ tier_id: 12, amount: 7500 }) } }],
    });
    const user = userEvent.setup();
    const router = renderSection();
    const other = await screen.findByRole('article', { name: 'Patron' });
    expect(
      await within(other).findByText("You're a member with Friend. The days you have left count towards this tier."),
    ).toBeVisible();
    await user.click(within(other).getByRole('button', { name: 'Switch to this tier' }));

    const dialog = await screen.findByRole('dialog', { name: 'Switch to Patron' });
    expect(within(dialog).getByText('What your days left on Friend are worth counts towards this tier.')).toBeVisible();
    expect(within(dialog).getByText(/^MMK\s7,500 now, credit for your unused days included$/)).toBeVisible();
    expect(within(dialog).getByText('Your membership then runs for a month from the payment.')).toBeVisible();
    await user.click(within(dialog).getByRole('radio', { name: 'Yearly' }));
    expect(within(dialog).getByText(/^MMK\s97,500 now, credit for your unused days included$/)).toBeVisible();
    expect(within(dialog).getByText('Your membership then runs for a year from the payment.')).toBeVisible();
    // A prorated year is not the tier's yearly deal: no saving is claimed.
    expect(within(dialog).queryByText(/You save/)).toBeNull();
    await user.click(await within(dialog).findByRole('radio', { name: /WavePay/ }));
    await user.click(within(dialog).getByRole('button', { name: /^Pay MMK\s97,500$/ }));
    await waitFor(() => expect(where(router)).toBe('/checkout/sandbox/99'));
    expect(writes(sent)).toEqual([
      ['POST /api/tiers/12/join', { billing_cycle: 'yearly', payment_provider: 'wavepay' }],
    ]);
  });

  it('switches at once and for free when my days left cover the tier, keeping the pass’s end', async () => {
    let moved = false;
    const onPatron = membership({ tier: { ...membership().tier, id: 12, name: 'Patron', monthly_price: 10000 } });
    const sent = answerAs({
      'GET /api/accounts/3/tiers': () => [
        200,
        {
          data: moved
            ? [tier(), patron]
            : [tier({ move_price: { monthly: 0, yearly: 4000 } }), { ...patron, move_price: null }],
        },
      ],
      'GET /api/user/memberships': () => [200, { data: [moved ? membership() : onPatron] }],
      'GET /api/plans': plans(['kbzpay']),
      'POST /api/tiers/11/join': () => {
        moved = true;
        return [200, { data: { payment: payment({ amount: 0, status: 'paid', next_step: null }) } }];
      },
    });
    const user = userEvent.setup();
    const router = renderSection();
    const friend = await screen.findByRole('article', { name: 'Friend' });
    await user.click(await within(friend).findByRole('button', { name: 'Switch to this tier' }));

    const dialog = await screen.findByRole('dialog', { name: 'Switch to Friend' });
    expect(within(dialog).getByText('Free — your Patron days cover it; your pass keeps its end date')).toBeVisible();
    expect(within(dialog).getByText(/^Ends on \w+ \d+, \d{4}$/)).toBeVisible();
    // Nothing to pay: no wallet to choose.
    expect(within(dialog).queryByRole('radio', { name: /KBZPay/ })).toBeNull();
    // A year on Friend costs more than the days left: that one is paid, with a wallet.
    await user.click(within(dialog).getByRole('radio', { name: 'Yearly' }));
    expect(within(dialog).getByText(/^MMK\s4,000 now, credit for your unused days included$/)).toBeVisible();
    expect(await within(dialog).findByRole('radio', { name: /KBZPay/ })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: 'Monthly' }));

    await user.click(within(dialog).getByRole('button', { name: 'Switch now' }));
    expect(await screen.findByText("You've switched to Friend.")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(where(router)).toBe('/a/harbour');
    expect(writes(sent)).toEqual([
      ['POST /api/tiers/11/join', { billing_cycle: 'monthly', payment_provider: 'kbzpay' }],
    ]);
    // My memberships and the tiers are asked again: the card is mine now.
    expect(await within(screen.getByRole('article', { name: 'Friend' })).findByText('Your tier')).toBeVisible();
  });

  it('a locked post’s Join to read opens the switch for a member of another tier', async () => {
    answerAs({
      'GET /api/accounts/3/tiers': [
        200,
        { data: [tier(), { ...patron, move_price: { monthly: 7500, yearly: null } }] },
      ],
      'GET /api/user/memberships': [200, { data: [membership()] }],
      'GET /api/plans': plans(['kbzpay']),
    });
    renderSection('/a/harbour?join=12');
    const dialog = await screen.findByRole('dialog', { name: 'Switch to Patron' });
    expect(within(dialog).getByText('This tier is paid month by month.')).toBeVisible();
    expect(within(dialog).getByText(/^MMK\s7,500 now, credit for your unused days included$/)).toBeVisible();
  });

  it('says in the dialog why the server refused a payment', async () => {
    answerAs({
      'GET /api/accounts/3/tiers': [200, { data: [tier()] }],
      'GET /api/user/memberships': [200, { data: [] }],
      'GET /api/plans': plans(['kbzpay']),
      'POST /api/tiers/11/join': [
        403,
        { message: 'You can’t pay an account you run.', code: 'memberships.own_account' },
      ],
    });
    const user = userEvent.setup();
    renderSection();
    await user.click(
      within(await screen.findByRole('article', { name: 'Friend' })).getByRole('button', { name: 'Join' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Join Friend' });
    await user.click(within(dialog).getByRole('button', { name: /^Pay/ }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('You can’t pay an account you run.');
  });

  it('its people see Manage tiers instead of Join, and hidden tiers too', async () => {
    answerAs({
      'GET /api/accounts/3/tiers': [
        200,
        {
          data: [
            tier({ can_modify: true, members_count: 3 }),
            tier({ id: 13, name: 'Old', hidden: true, can_modify: true }),
          ],
        },
      ],
      'GET /api/user/memberships': [200, { data: [] }],
    });
    renderSection('/a/harbour', { own: true, over: { can_modify: true } });
    expect(await screen.findByRole('link', { name: 'Manage tiers' })).toHaveAttribute('href', '/accounts/3/tiers');
    expect(within(screen.getByRole('article', { name: 'Old' })).getByText('Hidden')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Join' })).toBeNull();
  });

  it('invites its people to set up tiers when there are none', async () => {
    answerAs({ 'GET /api/accounts/3/tiers': [200, { data: [] }] });
    renderSection('/a/harbour', { own: true, over: { can_modify: true } });
    expect(await screen.findByRole('link', { name: 'Set up tiers' })).toHaveAttribute('href', '/accounts/3/tiers');
  });

  it('back from a wallet, thanks for a paid tip and takes the payment off the address', async () => {
    answerAs({
      'GET /api/accounts/3/tiers': [200, { data: [] }],
      'GET /api/payments/99': [
        200,
        { data: payment({ purpose: 'tip', tier_id: null, membership_id: null, status: 'paid' }) },
      ],
    });
    const router = renderSection('/a/harbour?payment=99');
    expect(await screen.findByRole('dialog', { name: 'Your payment' })).toBeVisible();
    expect(
      await screen.findByText('Thank you! Your support reached Harbour Sketches.', {}, { timeout: 6000 }),
    ).toBeInTheDocument();
    await waitFor(() => expect(where(router)).toBe('/a/harbour'));
    expect(screen.queryByRole('dialog', { name: 'Your payment' })).toBeNull();
  });

  it('back from a wallet, says a declined payment charged nothing', async () => {
    answerAs({
      'GET /api/accounts/3/tiers': [200, { data: [] }],
      'GET /api/payments/99': [200, { data: payment({ purpose: 'tip', status: 'failed' }) }],
    });
    renderSection('/a/harbour?payment=99');
    const dialog = await screen.findByRole('dialog', { name: 'Your payment' });
    expect(await within(dialog).findByText('The payment did not go through', {}, { timeout: 6000 })).toBeVisible();
    expect(within(dialog).getByText(/Nothing was charged/)).toBeVisible();
  });
});
