import type { NotifyProvider, PaymentProvider } from '@inkwell/contracts';
import type { Config } from '../../../config';
import { ayapayGateway } from './ayapay';
import type { PaymentGateway } from './gateway';
import { kbzpayGateway } from './kbzpay';
import { sandboxGateway } from './sandbox';
import { wavepayGateway } from './wavepay';

export interface Gateways {
  /** The gateway that takes a new payment for this provider: the real one, or the sandbox without keys. */
  forPayment(provider: PaymentProvider): PaymentGateway;
  /** The gateway whose callbacks arrive at `/payments/<name>/notify`, if it is configured. */
  forCallback(name: NotifyProvider): PaymentGateway | undefined;
}

export function createGateways(config: Config, appSecret: string): Gateways {
  const sandbox = sandboxGateway(appSecret);
  const p = config.payments;
  const real: Partial<Record<PaymentProvider, PaymentGateway>> = {
    kbzpay: p.kbzpay && kbzpayGateway(p.kbzpay),
    wavepay: p.wavepay && wavepayGateway(p.wavepay),
    ayapay: p.ayapay && ayapayGateway(p.ayapay),
  };
  return {
    forPayment: (provider) => real[provider] ?? sandbox,
    forCallback: (name) => (name === 'sandbox' ? sandbox : real[name]),
  };
}
