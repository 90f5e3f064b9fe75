import type { Membership, PaymentProvider, PlansResponse, Tier } from '@inkwell/contracts';

/** The demo account `harbour`'s first tier as a reader sees it, with whatever a test changes on top. */
export const tier = (over: Partial<Tier> = {}): Tier => ({
  id: 11,
  account_id: 3,
  name: 'Friend',
  description: 'Sketches from the river, a week early.',
  benefits: ['Early posts', 'A monthly letter'],
  monthly_price: 3000,
  yearly_price: 30000,
  currency: 'MMK',
  position: 0,
  hidden: false,
  can_modify: false,
  members_count: null,
  move_price: null,
  ...over,
});

const DAY = 24 * 60 * 60 * 1000;
export const inDays = (n: number) => new Date(Date.now() + n * DAY).toISOString();

/** My pass of `harbour`'s Friend tier, active for three more weeks. */
export const membership = (over: Partial<Membership> = {}): Membership => ({
  id: 21,
  tier: { id: 11, name: 'Friend', position: 0, monthly_price: 3000, yearly_price: 30000, currency: 'MMK' },
  account: { id: 3, name: 'Harbour Sketches', username: 'harbour', profile_url: null },
  status: 'active',
  billing_cycle: 'monthly',
  started_at: inDays(-9),
  expires_at: inDays(21),
  stopped: false,
  ...over,
});

/** `GET /api/plans` as the dialogs read it: only the wallets that take payments. */
export const plans = (providers: PaymentProvider[] = ['kbzpay', 'wavepay']): readonly [number, PlansResponse] => [
  200,
  { data: [], meta: { payment_providers: providers } },
];
