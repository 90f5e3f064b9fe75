import type { PaymentStatus } from '@inkwell/contracts';
import type { PaymentsConfig } from '../../../config';
import { InvalidSignature, type PaymentGateway } from './gateway';
import { hmacHex, postJson, sameSignature } from './signing';

type AyaConfig = NonNullable<PaymentsConfig['ayapay']>;

/** Myanmar kyat, ISO 4217 numeric. */
const MMK_NUMERIC = '104';

/** The order of the values in the request checksum (HMAC-SHA256 over them joined by `:`). */
export const AYA_REQUEST_FIELDS = [
  'merchOrderId',
  'amount',
  'appKey',
  'timestamp',
  'userRef1',
  'userRef2',
  'userRef3',
  'userRef4',
  'userRef5',
  'description',
  'currencyCode',
  'channel',
  'method',
] as const;

export const ayaChecksum = (secret: string, values: string[]): string => hmacHex(secret, values.join(':'));

const STATUS: Record<string, PaymentStatus> = {
  '00': 'paid',
  '01': 'pending',
  '02': 'failed',
  '03': 'failed',
  '04': 'expired',
};

function readPayload(secret: string, body: unknown) {
  const b = (body ?? {}) as Record<string, unknown>;
  const payload = typeof b.payload === 'string' ? b.payload : '';
  if (!payload || !sameSignature(hmacHex(secret, payload), b.checkSum)) throw new InvalidSignature();
  try {
    return JSON.parse(Buffer.from(payload, 'base64').toString('utf8')) as Record<string, unknown>;
  } catch {
    throw new InvalidSignature('payload is not base64 JSON');
  }
}

export function ayapayGateway(config: AyaConfig): PaymentGateway {
  return {
    name: 'ayapay',

    // The payer's browser posts this form to the gateway's payment page.
    async create(input) {
      const fields: Record<string, string> = {
        merchOrderId: input.orderId,
        amount: String(input.amount),
        appKey: config.appKey,
        timestamp: String(Date.now()),
        userRef1: input.merchantReferenceId,
        userRef2: '',
        userRef3: '',
        userRef4: '',
        userRef5: '',
        description: input.title.slice(0, 100),
        currencyCode: MMK_NUMERIC,
        channel: config.channel,
        method: config.method,
      };
      fields.checkSum = ayaChecksum(
        config.appSecret,
        AYA_REQUEST_FIELDS.map((k) => fields[k]!),
      );
      return { nextStep: { type: 'form', action: `${config.baseUrl}/v1/payment/request`, fields } };
    },

    parseCallback(body) {
      const p = readPayload(config.appSecret, body);
      return {
        orderId: String(p.merchOrderId ?? ''),
        status: STATUS[String(p.status)] ?? 'pending',
        amount: Number(p.amount),
        currency: String(p.currencyCode) === MMK_NUMERIC ? 'MMK' : String(p.currencyCode),
        transactionId: p.tranId ? String(p.tranId) : undefined,
      };
    },

    acknowledge: (accepted) => ({
      contentType: 'application/json',
      body: JSON.stringify({ status: accepted ? 'success' : 'rejected' }),
    }),

    async queryStatus(orderId) {
      const timestamp = String(Date.now());
      const answer = await postJson(`${config.baseUrl}/v1/payment/enquiry`, {
        merchOrderId: orderId,
        appKey: config.appKey,
        timestamp,
        checkSum: ayaChecksum(config.appSecret, [orderId, config.appKey, timestamp]),
      });
      return STATUS[String(readPayload(config.appSecret, answer).status)] ?? 'pending';
    },
  };
}
