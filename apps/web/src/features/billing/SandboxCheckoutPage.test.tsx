import type { Payment } from '@inkwell/contracts';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../app/Providers';
import { queryClient } from '../../app/queryClient';
import { signIn, signOut } from '../../session/session';
import { payment, sessionUser } from '../../test/fixtures';
import { answerAs, writes } from '../../test/testServer';
import { SandboxCheckoutPage } from './SandboxCheckoutPage';

/** Approves the payment in the sandbox checkout opened at `path`; answers where the page went. */
async function approve(path: string, pending: Payment) {
  const sent = answerAs({
    'GET /api/payments/99': [200, { data: pending }],
    'POST /api/payments/99/sandbox': [200, { data: { ...pending, status: 'paid' } }],
  });
  const router = createMemoryRouter(
    [
      { path: '/checkout/sandbox/:id', element: <SandboxCheckoutPage /> },
      { path: '*', element: <p>Elsewhere</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: /^Approve/ }));
  await waitFor(() => expect(writes(sent)).toEqual([['POST /api/payments/99/sandbox', { decision: 'approve' }]]));
  await waitFor(() => expect(router.state.location.pathname).not.toMatch(/^\/checkout/));
  return router.state.location.pathname + router.state.location.search;
}

beforeEach(() => {
  signOut();
  queryClient.clear();
  signIn('tok', sessionUser());
});
afterEach(() => vi.unstubAllGlobals());

describe('the sandbox checkout', () => {
  it('after a plan, goes to the plan’s purchased page', async () => {
    const plan = payment({ purpose: 'plan', plan: { id: 2, slug: 'creator', name: 'Creator' }, tier_id: null });
    expect(await approve('/checkout/sandbox/99', plan)).toBe('/profile/plan/purchased?payment=99');
  });

  it('after a membership, goes to My memberships', async () => {
    expect(await approve('/checkout/sandbox/99', payment())).toBe('/profile/memberships?payment=99');
  });

  it('after a tip, goes back to the account’s page', async () => {
    const tip = payment({ purpose: 'tip', tier_id: null, membership_id: null });
    expect(await approve('/checkout/sandbox/99?back=%2Fa%2Fharbour', tip)).toBe('/a/harbour?payment=99');
  });

  it('never leaves the site for another one named in the address', async () => {
    const tip = payment({ purpose: 'tip', tier_id: null, membership_id: null });
    expect(await approve('/checkout/sandbox/99?back=%2F%2Fevil.example', tip)).toBe('/profile/memberships?payment=99');
  });

  it('shows the amount in the payment’s currency', async () => {
    answerAs({ 'GET /api/payments/99': [200, { data: payment({ amount: 150, currency: 'THB' }) }] });
    render(
      <Providers>
        <RouterProvider
          router={createMemoryRouter([{ path: '/checkout/sandbox/:id', element: <SandboxCheckoutPage /> }], {
            initialEntries: ['/checkout/sandbox/99'],
          })}
        />
      </Providers>,
    );
    expect(await screen.findByRole('button', { name: /^Approve THB\s150$/ })).toBeVisible();
  });
});
