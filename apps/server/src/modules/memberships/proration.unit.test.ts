import { describe, expect, it } from 'vitest';
import { creditOf, cyclePrice, tierChange } from './proration';

const now = new Date('2026-11-01T00:00:00Z');
const inDays = (days: number) => new Date(now.getTime() + days * 86_400_000);

describe('moving a pass between tiers', () => {
  it('values the days left at the pass tier’s price per day of its cycle, rounded down', () => {
    const tier = { monthly_price: 3000, yearly_price: 30000 };
    expect(creditOf({ expires_at: inDays(15), billing_cycle: 'monthly' }, tier, now)).toBe(1500);
    expect(creditOf({ expires_at: inDays(10), billing_cycle: 'monthly' }, tier, now)).toBe(1000);
    expect(creditOf({ expires_at: inDays(1 / 3), billing_cycle: 'monthly' }, tier, now)).toBe(33);
    expect(creditOf({ expires_at: inDays(73), billing_cycle: 'yearly' }, tier, now)).toBe(6000);
    // Past its end (grace): nothing left. More than a cycle left (renewed early): one cycle at most.
    expect(creditOf({ expires_at: inDays(-2), billing_cycle: 'monthly' }, tier, now)).toBe(0);
    expect(creditOf({ expires_at: inDays(45), billing_cycle: 'monthly' }, tier, now)).toBe(3000);
  });

  it('an upgrade pays the difference; a move the credit covers is free and keeps the end', () => {
    expect(tierChange(1500, 9000)).toEqual({ amount: 7500, keepsEnd: false });
    expect(tierChange(1500, 1000)).toEqual({ amount: 0, keepsEnd: true });
    expect(tierChange(1500, 1500)).toEqual({ amount: 0, keepsEnd: true });
  });

  it('a yearly pass on a tier without a yearly price counts twelve months', () => {
    expect(cyclePrice({ monthly_price: 2000, yearly_price: null }, 'yearly')).toBe(24000);
    expect(cyclePrice({ monthly_price: 2000, yearly_price: 20000 }, 'yearly')).toBe(20000);
  });
});
