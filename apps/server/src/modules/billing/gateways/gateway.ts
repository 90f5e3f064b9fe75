import type { NextStep, NotifyProvider, PaymentCurrency, PaymentStatus } from '@inkwell/contracts';

export interface CreatePaymentInput {
  orderId: string;
  merchantReferenceId: string;
  amount: number;
  currency: PaymentCurrency;
  title: string;
  notifyUrl: string;
  returnUrl: string;
  timeoutMinutes: number;
}

export interface CreatedPayment {
  nextStep: NextStep;
  providerTransactionId?: string;
}

/** What a verified callback says. Either id may be missing (WavePay may send only the reference id). */
export interface CallbackReport {
  orderId?: string;
  merchantReferenceId?: string;
  status: PaymentStatus;
  amount: number;
  currency: string;
  transactionId?: string;
}

/** The answer a gateway expects to a callback it sent. */
export interface Acknowledgement {
  contentType: string;
  body: string;
}

/** Thrown when a callback's signature does not verify: nothing else in it may be trusted. */
export class InvalidSignature extends Error {
  constructor(message = 'invalid signature') {
    super(message);
    this.name = 'InvalidSignature';
  }
}

export class GatewayError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GatewayError';
  }
}

/** One payment gateway: start a payment, verify and read its callbacks, and ask for a status if it can. */
export interface PaymentGateway {
  readonly name: NotifyProvider;
  create(input: CreatePaymentInput): Promise<CreatedPayment>;
  parseCallback(body: unknown): CallbackReport;
  acknowledge(accepted: boolean): Acknowledgement;
  queryStatus?(orderId: string): Promise<PaymentStatus>;
}
