import { PAYMENT_PROVIDERS, type NotifyProvider, type PaymentProvider } from '@inkwell/contracts';
import type { Config } from '../../../config';
import { ayapayGateway } from './ayapay';
import type { PaymentGateway } from './gateway';
import { kbzpayGateway } from './kbzpay';
import { sandboxGateway } from './sandbox';
import { wavepayGateway } from './wavepay';

export interface Gateways {
  /** Providers a payer may choose: the configured ones, or all of them while the sandbox stands in. */
  available: PaymentProvider[];
  /** Whether the sandbox checkout (and its decision route) exists at all. */
  sandbox: boolean;
  /** The gateway that takes a new payment for this provider: the real one, the sandbox, or none. */
  forPayment(provider: PaymentProvider): PaymentGateway | undefined;
  /** The gateway whose callbacks arrive at `/payments/<name>/notify`, if it is configured. */
  forCallback(name: NotifyProvider): PaymentGateway | undefined;
}

export function createGateways(config: Config, appSecret: string): Gateways {
  const p = config.payments;
  const sandbox = p.sandbox ? sandboxGateway(appSecret) : undefined;
  const real: Partial<Record<PaymentProvider, PaymentGateway>> = {
    kbzpay: p.kbzpay && kbzpayGateway(p.kbzpay),
    wavepay: p.wavepay && wavepayGateway(p.wavepay),
    ayapay: p.ayapay && ayapayGateway(p.ayapay),
  };
  return {
    available: PAYMENT_PROVIDERS.filter((provider) => real[provider] ?? sandbox),
    sandbox: Boolean(sandbox),
    forPayment: (provider) => real[provider] ?? sandbox,
    forCallback: (name) => (name === 'sandbox' ? sandbox : real[name]),
  };
}
