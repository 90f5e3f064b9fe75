import type { PaymentStatus } from '@inkwell/contracts';
import { InvalidSignature, type PaymentGateway } from './gateway';
import { hmacHex, sameSignature } from './signing';

export interface SandboxCallback {
  order_id: string;
  status: PaymentStatus;
  amount: number;
  currency: string;
  signature: string;
}

const signed = (secret: string, c: Omit<SandboxCallback, 'signature'>) =>
  hmacHex(secret, `sandbox|${c.order_id}|${c.status}|${c.amount}|${c.currency}`);

/** The payer's approval or refusal in the sandbox checkout, as the callback a gateway would send. */
export function sandboxCallback(secret: string, c: Omit<SandboxCallback, 'signature'>): SandboxCallback {
  return { ...c, signature: signed(secret, c) };
}

/**
 * Stands in for a provider without merchant keys: the checkout page is ours, and its decision reaches the
 * same notify endpoint, signed with APP_SECRET, as a real gateway's callback would.
 */
export function sandboxGateway(secret: string): PaymentGateway {
  return {
    name: 'sandbox',
    async create() {
      return { nextStep: { type: 'sandbox' } };
    },
    parseCallback(body) {
      const c = (body ?? {}) as Partial<SandboxCallback>;
      const fields = {
        order_id: String(c.order_id ?? ''),
        status: c.status as PaymentStatus,
        amount: Number(c.amount),
        currency: String(c.currency ?? ''),
      };
      if (!sameSignature(signed(secret, fields), c.signature)) throw new InvalidSignature();
      return { orderId: fields.order_id, status: fields.status, amount: fields.amount, currency: fields.currency };
    },
    acknowledge: (accepted) => ({ contentType: 'application/json', body: JSON.stringify({ accepted }) }),
  };
}
