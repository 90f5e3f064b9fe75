import type { PaymentStatus } from '@inkwell/contracts';
import type { PaymentsConfig } from '../../../config';
import { GatewayError, InvalidSignature, type PaymentGateway } from './gateway';
import { hmacHex, postForm, sameSignature } from './signing';

type WaveConfig = NonNullable<PaymentsConfig['wavepay']>;
type Fields = Record<string, unknown>;

const s = (v: unknown) => (v === undefined || v === null ? '' : String(v));

/** The request hash: HMAC-SHA256 over ttl, merchant, order, amount, backend URL and reference, concatenated. */
export function waveRequestHash(secret: string, f: Record<string, string>): string {
  return hmacHex(
    secret,
    f.time_to_live_in_seconds! +
      f.merchant_id! +
      f.order_id! +
      f.amount! +
      f.backend_result_url! +
      f.merchant_reference_id!,
  );
}

/** The callback's `hashValue`, over its fields in the documented order. */
export function waveCallbackHash(secret: string, b: Fields): string {
  return hmacHex(
    secret,
    [
      b.status,
      b.timeToLiveSeconds,
      b.merchantId,
      b.orderId,
      b.amount,
      b.backendResultUrl,
      b.merchantReferenceId,
      b.initiatorMsisdn,
      b.transactionId,
      b.paymentRequestId,
      b.requestTime,
    ]
      .map(s)
      .join(''),
  );
}

export function wavepayGateway(config: WaveConfig): PaymentGateway {
  return {
    name: 'wavepay',

    async create(input) {
      const fields: Record<string, string> = {
        time_to_live_in_seconds: String(input.timeoutMinutes * 60),
        merchant_id: config.merchantId,
        order_id: input.orderId,
        merchant_reference_id: input.merchantReferenceId,
        frontend_result_url: input.returnUrl,
        backend_result_url: input.notifyUrl,
        amount: String(input.amount),
        payment_description: input.title.slice(0, 100),
        merchant_name: config.merchantName,
        items: JSON.stringify([{ name: input.title.slice(0, 100), amount: input.amount }]),
      };
      fields.hash = waveRequestHash(config.secretKey, fields);
      const answer = (await postForm(`${config.baseUrl}/payment`, fields)) as Fields;
      const transactionId = answer.transaction_id;
      if (typeof transactionId !== 'string' || !transactionId) {
        throw new GatewayError(`WavePay payment request failed: ${s(answer.message)}`);
      }
      return {
        nextStep: {
          type: 'redirect',
          url: `${config.baseUrl}/authenticate?transaction_id=${encodeURIComponent(transactionId)}`,
        },
        providerTransactionId: transactionId,
      };
    },

    parseCallback(body) {
      const b = (body ?? {}) as Fields;
      if (!sameSignature(waveCallbackHash(config.secretKey, b), b.hashValue)) throw new InvalidSignature();
      const status: PaymentStatus =
        b.status === 'PAYMENT_CONFIRMED' ? 'paid' : b.status === 'TRANSACTION_TIMED_OUT' ? 'expired' : 'failed';
      return {
        orderId: b.orderId ? s(b.orderId) : undefined,
        merchantReferenceId: s(b.merchantReferenceId),
        status,
        amount: Number(b.amount),
        currency: s(b.currency || 'MMK'),
        transactionId: b.transactionId ? s(b.transactionId) : undefined,
      };
    },

    acknowledge: (accepted) => ({
      contentType: 'application/json',
      body: JSON.stringify({ message: accepted ? 'success' : 'rejected' }),
    }),
  };
}
