import type { Plan, SubscriptionSummary } from '@inkwell/contracts';
import { describe, expect, it } from 'vitest';
import { planOffer, trialEnd } from './offers';

const plan = (id: number, slug: string, monthly: number, trial = 14): Plan => ({
  id,
  slug,
  name: slug,
  description: '',
  monthly_price: monthly,
  yearly_price: monthly * 10,
  trial_period_days: trial,
  features: '[]',
  currency: 'MMK',
  is_free: monthly === 0,
  creates_accounts: monthly > 0,
});
const free = plan(1, 'free', 0, 0);
const creator = plan(2, 'creator', 5000);
const studio = plan(3, 'studio', 15000);
const plans = [free, creator, studio];
const sub = (p: Plan, status: SubscriptionSummary['status']): SubscriptionSummary => ({
  id: 9,
  plan_id: p.id,
  plan: { id: p.id, slug: p.slug, name: p.name },
  billing_cycle: 'monthly',
  status,
  provider: status === 'trialing' ? 'free_trial' : 'kbzpay',
  trial_ends_at: null,
  started_at: '2026-11-01T00:00:00Z',
  expires_at: '2026-12-01T00:00:00Z',
});

describe('planOffer', () => {
  it('with nothing running: subscribe and a trial, replacing nothing', () => {
    expect(planOffer(creator, null, [], plans)).toEqual({
      current: false,
      purchase: 'subscribe',
      trial: true,
      replaces: null,
    });
    expect(planOffer(free, null, [], plans).purchase).toBeNull();
  });

  it('on a paid plan: its card offers nothing, others say upgrade or switch, and never a trial', () => {
    const live = sub(creator, 'active');
    const history = [live];
    expect(planOffer(creator, live, history, plans)).toEqual({
      current: true,
      purchase: null,
      trial: false,
      replaces: null,
    });
    expect(planOffer(studio, live, history, plans)).toEqual({
      current: false,
      purchase: 'upgrade',
      trial: false,
      replaces: 'paid',
    });
    const onStudio = sub(studio, 'active');
    expect(planOffer(creator, onStudio, [onStudio], plans)).toMatchObject({ purchase: 'switch', trial: false });
  });

  it('during a trial: buying that plan ends the trial; no other plan is offered as a trial', () => {
    const live = sub(creator, 'trialing');
    expect(planOffer(creator, live, [live], plans)).toEqual({
      current: true,
      purchase: 'subscribe',
      trial: false,
      replaces: 'trial',
    });
    expect(planOffer(studio, live, [live], plans)).toEqual({
      current: false,
      purchase: 'upgrade',
      trial: false,
      replaces: 'trial',
    });
  });

  it('a plan tried or bought before is not offered as a trial again', () => {
    expect(planOffer(creator, null, [sub(creator, 'expired')], plans).trial).toBe(false);
  });

  it('one trial per person, ever: after any trial (even ended, of another plan) no plan offers one', () => {
    const ended = { ...sub(creator, 'expired'), provider: 'free_trial' as const };
    expect(planOffer(studio, null, [ended], plans)).toEqual({
      current: false,
      purchase: 'subscribe',
      trial: false,
      replaces: null,
    });
    // Having paid for a plan is no trial: another plan may still be tried once nothing paid is running.
    expect(planOffer(studio, null, [sub(creator, 'expired')], plans).trial).toBe(true);
  });
});

describe('trialEnd', () => {
  it('counts the trial days from now, as the server does', () => {
    expect(trialEnd(creator, new Date('2026-11-24T10:00:00Z')).toISOString()).toBe('2026-12-08T10:00:00.000Z');
  });
});
