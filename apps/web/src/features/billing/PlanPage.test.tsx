import type { Plan, PlansResponse } from '@inkwell/contracts';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
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

const studioPlan: Plan = { ...creatorPlan, id: 3, slug: 'studio', name: 'Studio', monthly_price: 15000 };

function renderPlans(providers: PlansResponse['meta']['payment_providers'], onSubscribe?: (body: unknown) => void) {
  const body: PlansResponse = { data: [creatorPlan, studioPlan], meta: { payment_providers: providers } };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url.startsWith('/api/plans')) return new Response(JSON.stringify(body), { status: 200 });
      if (url === '/api/subscribe') {
        onSubscribe?.(JSON.parse(String(init?.body)));
        return new Response(JSON.stringify({ message: 'ok' }), { status: 200 });
      }
      return new Response('{}', { status: 404 });
    }),
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
    const creator = await screen.findByRole('article', { name: 'Creator' });
    await userEvent.click(within(creator).getByRole('button', { name: 'Subscribe' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('WavePay')).toBeInTheDocument();
    expect(within(dialog).queryByText('KBZPay')).not.toBeInTheDocument();
    expect(within(dialog).queryByText('AYA Pay')).not.toBeInTheDocument();
  });

  it('with no wallet configured offers the free trial only', async () => {
    renderPlans([]);
    const creator = await screen.findByRole('article', { name: 'Creator' });
    expect(within(creator).getByRole('button', { name: 'Start free trial' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Subscribe' })).not.toBeInTheDocument();
  });

  it('shows the trial’s length and end date before starting it, and starts it only on confirm', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-24T10:00:00Z'));
    const started: unknown[] = [];
    renderPlans(['kbzpay'], (body) => started.push(body));
    const creator = await screen.findByRole('article', { name: 'Creator' });
    await userEvent.click(within(creator).getByRole('button', { name: 'Start free trial' }));
    const dialog = await screen.findByRole('dialog', { name: 'Start a free trial of Creator?' });
    expect(within(dialog).getByText('Free for 14 days')).toBeInTheDocument();
    expect(within(dialog).getByText('Ends on December 8, 2026')).toBeInTheDocument();
    expect(
      within(dialog).getByText(
        'A free trial is offered once per person: after it, other plans can be bought but not tried.',
      ),
    ).toBeInTheDocument();
    expect(started).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Start free trial' }));
    await waitFor(() => expect(started).toHaveLength(1));
    expect(started[0]).toMatchObject({ plan_id: 2, trial: true, payment_provider: 'free_trial' });
    vi.useRealTimers();
  });

  it('on a paid plan: the current card offers nothing, another plan says what happens, no trial', async () => {
    const live = {
      id: 4,
      plan_id: 3,
      plan: { id: 3, slug: 'studio', name: 'Studio' },
      billing_cycle: 'monthly' as const,
      status: 'active' as const,
      provider: 'kbzpay' as const,
      trial_ends_at: null,
      started_at: '2026-11-01T00:00:00Z',
      expires_at: '2026-12-01T00:00:00Z',
    };
    signIn('token', sessionUser({ active_subscription: live, subscriptions: [live] }));
    renderPlans(['kbzpay']);
    const creator = await screen.findByRole('article', { name: 'Creator' });
    expect(within(creator).getByRole('button', { name: 'Switch to this plan' })).toBeInTheDocument();
    expect(
      within(creator).getByText('Your Studio plan stops when this one starts; the days left on it are not refunded.'),
    ).toBeInTheDocument();
    expect(within(creator).queryByRole('button', { name: 'Start free trial' })).not.toBeInTheDocument();
    const studio = screen.getByRole('article', { name: 'Studio' });
    expect(within(studio).queryByRole('button')).not.toBeInTheDocument();
    expect(within(studio).getByText('Current plan')).toBeInTheDocument();
  });

  it('after a trial of one plan (even ended), no plan offers a trial: no button, no trial badge', async () => {
    const ended = {
      id: 5,
      plan_id: 2,
      plan: { id: 2, slug: 'creator', name: 'Creator' },
      billing_cycle: 'monthly' as const,
      status: 'expired' as const,
      provider: 'free_trial' as const,
      trial_ends_at: '2026-11-15T00:00:00Z',
      started_at: '2026-11-01T00:00:00Z',
      expires_at: '2026-11-15T00:00:00Z',
    };
    signIn('token', sessionUser({ active_subscription: null, subscriptions: [ended] }));
    renderPlans(['kbzpay']);
    for (const name of ['Creator', 'Studio']) {
      const card = await screen.findByRole('article', { name });
      expect(within(card).getByRole('button', { name: 'Subscribe' })).toBeInTheDocument();
      expect(within(card).queryByRole('button', { name: 'Start free trial' })).not.toBeInTheDocument();
      expect(within(card).queryByText('14-day free trial')).not.toBeInTheDocument();
    }
  });
});
