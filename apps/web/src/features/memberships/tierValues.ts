/** The tier form's values and how they map to and from the contract's tier. */
import type { Tier, TierBody, TierCurrency } from '@inkwell/contracts';

export type TierValues = {
  name: string;
  description: string;
  /** One benefit a line, as the creator types them. */
  benefits: string;
  monthly_price: number | string;
  /** Empty: the tier is offered monthly only. */
  yearly_price: number | string;
  currency: TierCurrency;
  position: number | string;
  hidden: boolean;
};

/** A new tier: kyat, after the account's other tiers. */
export const newTier = (position: number): TierValues => ({
  name: '',
  description: '',
  benefits: '',
  monthly_price: '',
  yearly_price: '',
  currency: 'MMK',
  position,
  hidden: false,
});

export const valuesOf = (tier: Tier): TierValues => ({
  name: tier.name,
  description: tier.description,
  benefits: tier.benefits.join('\n'),
  monthly_price: tier.monthly_price,
  yearly_price: tier.yearly_price ?? '',
  currency: tier.currency,
  position: tier.position,
  hidden: tier.hidden,
});

/** The whole tier, as create and update take it; the server says what is wrong (an empty price among it). */
export const bodyOf = (v: TierValues): TierBody => ({
  name: v.name,
  description: v.description,
  benefits: v.benefits.split('\n').filter((line) => line.trim() !== ''),
  monthly_price: Number(v.monthly_price),
  yearly_price: v.yearly_price === '' ? null : Number(v.yearly_price),
  currency: v.currency,
  position: Number(v.position) || 0,
  hidden: v.hidden,
});

/** A tier as it is, but hidden: what a tier with members becomes instead of being deleted. */
export const hiddenBody = (tier: Tier): TierBody => ({ ...bodyOf(valuesOf(tier)), hidden: true });
