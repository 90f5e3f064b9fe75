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
import { plans } from './testData';

const tipPayment = payment({ purpose: 'tip', tier_id: null, membership_id: null });

function renderTip() {
  const onClose = vi.fn();
  const router = createMemoryRouter(
    [
      { path: '/a/:username', element: <MembershipPart part="tip" account={account()} onClose={onClose} /> },
      { path: '*', element: <p>Elsewhere</p> },
    ],
    { initialEntries: ['/a/harbour'] },
  );
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { router, onClose };
}

beforeEach(() => {
  signOut();
  queryClient.clear();
  signIn('tok', sessionUser());
});
afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clean();
});

describe('the Support dialog', () => {
  it('sends an offered amount with a message, then goes on to pay and back to the account', async () => {
    const sent = answerAs({
      'GET /api/plans': plans(['kbzpay']),
      'POST /api/tips': [201, { data: { payment: tipPayment } }],
    });
    const user = userEvent.setup();
    const { router } = renderTip();
    const dialog = await screen.findByRole('dialog', { name: 'Support Harbour Sketches' });
    const amounts = within(dialog).getByRole('group', { name: 'Amount' });
    expect(
      within(amounts)
        .getAllByRole('button')
        .map((b) => b.textContent?.replace(/\s/g, ' ')),
    ).toEqual(['MMK 1,000', 'MMK 3,000', 'MMK 5,000', 'Other amount']);
    await user.click(within(amounts).getByRole('button', { name: /MMK\s3,000/ }));
    expect(within(amounts).getByRole('button', { name: /MMK\s3,000/ })).toHaveAttribute('aria-pressed', 'true');
    await user.type(within(dialog).getByLabelText('Message (optional)'), 'Keep drawing the river!');
    expect(within(dialog).getByText('477 characters left')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: /^Send MMK\s3,000$/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout/sandbox/99'));
    // The sandbox returns to the account's page, as the wallet would.
    expect(router.state.location.search).toBe('?back=%2Fa%2Fharbour');
    expect(writes(sent)).toEqual([
      [
        'POST /api/tips',
        { account_id: 3, post_id: null, amount: 3000, message: 'Keep drawing the river!', payment_provider: 'kbzpay' },
      ],
    ]);
  });

  it('takes another amount only within the limits', async () => {
    const sent = answerAs({
      'GET /api/plans': plans(['kbzpay']),
      'POST /api/tips': [201, { data: { payment: tipPayment } }],
    });
    const user = userEvent.setup();
    renderTip();
    const dialog = await screen.findByRole('dialog', { name: 'Support Harbour Sketches' });
    await user.click(within(dialog).getByRole('button', { name: 'Other amount' }));
    const input = within(dialog).getByRole('textbox', { name: 'Your amount in kyat' });
    expect(input).toHaveAccessibleDescription(/From MMK\s100 to MMK\s1,000,000, in whole kyat\./);

    await user.type(input, '50');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText(/^Enter an amount from MMK\s100 to MMK\s1,000,000\.$/)).toBeVisible();
    expect(input).toHaveAttribute('aria-invalid', 'true');

    await user.clear(input);
    await user.type(input, '1000001');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(within(dialog).getByText(/^Enter an amount from/)).toBeVisible();
    expect(writes(sent)).toEqual([]);

    await user.clear(input);
    await user.type(input, '2500');
    expect(within(dialog).queryByText(/^Enter an amount from/)).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: /^Send MMK\s2,500$/ }));
    await waitFor(() => expect(writes(sent)).toHaveLength(1));
    expect(writes(sent)[0]).toEqual(['POST /api/tips', expect.objectContaining({ amount: 2500, message: '' })]);
  });

  it('shows the server’s refusal of the message under it', async () => {
    answerAs({
      'GET /api/plans': plans(['kbzpay']),
      'POST /api/tips': [
        422,
        { message: 'The given data was invalid.', errors: { message: ['Too long.'] }, code: 'validation_failed' },
      ],
    });
    const user = userEvent.setup();
    renderTip();
    const dialog = await screen.findByRole('dialog', { name: 'Support Harbour Sketches' });
    const message = within(dialog).getByLabelText('Message (optional)');
    await user.type(message, 'Hello');
    await user.click(within(dialog).getByRole('button', { name: /^Send MMK\s1,000$/ }));
    await waitFor(() => expect(message).toHaveAttribute('aria-invalid', 'true'));
    expect(within(dialog).getByText('Too long.')).toBeVisible();
  });

  it('says when no wallet takes payments, and sends nothing', async () => {
    answerAs({ 'GET /api/plans': plans([]) });
    renderTip();
    const dialog = await screen.findByRole('dialog', { name: 'Support Harbour Sketches' });
    expect(
      await within(dialog).findByText('No wallet takes payments right now. Please try again later.'),
    ).toBeVisible();
    expect(within(dialog).getByRole('button', { name: /^Send/ })).toBeDisabled();
  });
});
