import type { Plan } from '@inkwell/contracts';
import { describe, expect, it } from 'vitest';
import { formatPrice, monthlyPrice } from './billingFormat';

const plan = { monthly_price: 5000, yearly_price: 50000 } as Plan;

describe('plan prices', () => {
  it('are shown per month for the chosen cycle', () => {
    expect(monthlyPrice(plan, 'monthly')).toBe(5000);
    expect(monthlyPrice(plan, 'yearly')).toBe(4167);
  });
  it('are formatted in kyat in each language', () => {
    expect(formatPrice(5000, 'en')).toMatch(/MMK\s?5,000|K\s?5,000/);
    expect(formatPrice(5000, 'my')).toBe('၅,၀၀၀ ကျပ်');
    expect(formatPrice(5000, 'th')).toContain('5,000');
  });
  it('are formatted in baht for a creator paid in Thailand', () => {
    expect(formatPrice(5000, 'en', 'THB')).toMatch(/THB\s?5,000|฿\s?5,000/);
    expect(formatPrice(5000, 'my', 'THB')).toBe('၅,၀၀၀ ဘတ်');
    expect(formatPrice(5000, 'th', 'THB')).toMatch(/฿\s?5,000/);
  });
});
