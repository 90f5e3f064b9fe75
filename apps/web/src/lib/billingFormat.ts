import type { BillingCycle, Locale, PaymentProvider, Plan } from '@inkwell/contracts';
import { longDate } from './dates';
import { numberFormat } from './numbers';

/** Wallet brand names are the same in every language. */
export const PROVIDER_NAMES: Record<PaymentProvider, string> = {
  kbzpay: 'KBZPay',
  wavepay: 'WavePay',
  ayapay: 'AYA Pay',
};

/** Kyat: "MMK 5,000"; in Burmese the word ကျပ် after Myanmar digits, as prices are written there. */
export const formatPrice = (amount: number, locale: Locale): string =>
  locale === 'my'
    ? `${numberFormat('my').format(amount)} ကျပ်`
    : numberFormat(locale, { style: 'currency', currency: 'MMK', maximumFractionDigits: 0 }).format(amount);

/** The spec shows prices per month for the chosen cycle (a yearly price divided by twelve). */
export const monthlyPrice = (plan: Plan, cycle: BillingCycle): number =>
  cycle === 'yearly' ? Math.round(plan.yearly_price / 12) : plan.monthly_price;

export const cyclePrice = (plan: Plan, cycle: BillingCycle): number =>
  cycle === 'yearly' ? plan.yearly_price : plan.monthly_price;

export const formatDate = (iso: string | null, locale: Locale): string => (iso ? longDate(iso, locale) : '');
