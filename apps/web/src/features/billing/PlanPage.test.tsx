import type { Plan, PlansResponse } from '@inkwell/contracts';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../app/Providers';
import { queryClient } from '../../app/queryClient';
import { signIn, signOut } from '../../session/session';
import { sessionUser } from '../../test/fixtures';
import { PlanPage } from './PlanPage';

const creatorPlan: Plan = {
  id: 2,
  slug: 'creator',
  name: 'Creator',
  description: 'For one voice',
  monthly_price: 9000,
  yearly_price: 90000,
  trial_period_days: 14,
  features: '[]',
  currency: 'MMK',
  is_free: false,
  creates_accounts: true,
};

const reader = sessionUser();

function renderPlans(providers: PlansResponse['meta']['payment_providers']) {
  const body: PlansResponse = { data: [creatorPlan], meta: { payment_providers: providers } };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      url.startsWith('/api/plans')
        ? new Response(JSON.stringify(body), { status: 200 })
        : new Response('{}', { status: 404 }),
    ),
  );
  render(
    <Providers>
      <MemoryRouter>
        <PlanPage />
      </MemoryRouter>
    </Providers>,
  );
}

beforeEach(() => {
  queryClient.clear();
  signIn('token', reader);
});
afterEach(() => {
  // Unmount before signing out: the page reads the session while it is on screen.
  cleanup();
  vi.unstubAllGlobals();
  signOut();
});

describe('plan screen', () => {
  it('offers only the wallets the server takes payments with', async () => {
    renderPlans(['wavepay']);
    await userEvent.click(await screen.findByRole('button', { name: 'Subscribe' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('WavePay')).toBeInTheDocument();
    expect(within(dialog).queryByText('KBZPay')).not.toBeInTheDocument();
    expect(within(dialog).queryByText('AYA Pay')).not.toBeInTheDocument();
  });

  it('with no wallet configured offers the free trial only', async () => {
    renderPlans([]);
    expect(await screen.findByRole('button', { name: 'Start free trial' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Subscribe' })).not.toBeInTheDocument();
  });
});
