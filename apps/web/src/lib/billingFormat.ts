import type { BillingCycle, Locale, PaymentCurrency, PaymentProvider, Plan } from '@inkwell/contracts';
import { longDate } from './dates';
import { numberFormat } from './numbers';

/** Wallet brand names are the same in every language. */
export const PROVIDER_NAMES: Record<PaymentProvider, string> = {
  kbzpay: 'KBZPay',
  wavepay: 'WavePay',
  ayapay: 'AYA Pay',
};

/** The currency's word in Burmese, written after the amount as prices are there. */
const BURMESE_UNITS: Record<PaymentCurrency, string> = { MMK: 'ကျပ်', THB: 'ဘတ်' };

/**
 * Kyat by default: "MMK 5,000"; a creator's tiers may be in baht ("THB 5,000", "฿5,000" in Thai). In Burmese the
 * word ကျပ် (or ဘတ်) after Myanmar digits, as prices are written there.
 */
export const formatPrice = (amount: number, locale: Locale, currency: PaymentCurrency = 'MMK'): string =>
  locale === 'my'
    ? `${numberFormat('my').format(amount)} ${BURMESE_UNITS[currency]}`
    : numberFormat(locale, { style: 'currency', currency, maximumFractionDigits: 0 }).format(amount);

/** The spec shows prices per month for the chosen cycle (a yearly price divided by twelve). */
export const monthlyPrice = (plan: Plan, cycle: BillingCycle): number =>
  cycle === 'yearly' ? Math.round(plan.yearly_price / 12) : plan.monthly_price;

export const cyclePrice = (plan: Plan, cycle: BillingCycle): number =>
  cycle === 'yearly' ? plan.yearly_price : plan.monthly_price;

export const formatDate = (iso: string | null, locale: Locale): string => (iso ? longDate(iso, locale) : '');
