import QRCode from 'qrcode';
import type { PaymentStatus } from '@inkwell/contracts';
import type { PaymentsConfig } from '../../../config';
import { GatewayError, InvalidSignature, type PaymentGateway } from './gateway';
import { nonce, postJson, sameSignature, sha256Hex } from './signing';

type KbzConfig = NonNullable<PaymentsConfig['kbzpay']>;
type Fields = Record<string, unknown>;

/**
 * KBZPay's signature: every non-empty scalar field except `sign` and `sign_type` (biz_content flattened in),
 * sorted by key as `k=v` joined by `&`, then `&key=<appKey>`, SHA-256, upper-case hex.
 */
export function kbzSign(fields: Fields, appKey: string): string {
  const pairs = Object.entries(fields)
    .filter(
      ([k, v]) =>
        k !== 'sign' && k !== 'sign_type' && v !== undefined && v !== null && v !== '' && typeof v !== 'object',
    )
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}=${String(v)}`);
  return sha256Hex(`${pairs.join('&')}&key=${appKey}`).toUpperCase();
}

const flatten = (request: Fields): Fields => {
  const { biz_content, ...rest } = request;
  return { ...rest, ...((biz_content as Fields | undefined) ?? {}) };
};

const timestamp = () => String(Math.floor(Date.now() / 1000));

function signedRequest(config: KbzConfig, method: string, version: string, biz: Fields, extra: Fields = {}) {
  const request: Fields = {
    timestamp: timestamp(),
    method,
    nonce_str: nonce(32),
    sign_type: 'SHA256',
    version,
    ...extra,
    biz_content: biz,
  };
  request.sign = kbzSign(flatten(request), config.appKey);
  return { Request: request };
}

const TRADE_STATUS: Record<string, PaymentStatus> = {
  PAY_SUCCESS: 'paid',
  PAY_FAILED: 'failed',
  ORDER_CLOSED: 'failed',
  ORDER_EXPIRED: 'expired',
  WAIT_PAY: 'pending',
  PAYING: 'pending',
};

export function kbzpayGateway(config: KbzConfig): PaymentGateway {
  return {
    name: 'kbzpay',

    async create(input) {
      const biz = {
        appid: config.appId,
        merch_code: config.merchCode,
        merch_order_id: input.orderId,
        trade_type: config.tradeType,
        total_amount: String(input.amount),
        trans_currency: input.currency,
        title: input.title.slice(0, 64),
        timeout_express: `${input.timeoutMinutes}m`,
      };
      const body = signedRequest(config, 'kbz.payment.precreate', '1.0', biz, { notify_url: input.notifyUrl });
      const answer = ((await postJson(`${config.baseUrl}/precreate`, body)) as { Response?: Fields }).Response;
      if (!answer || answer.result !== 'SUCCESS' || typeof answer.prepay_id !== 'string') {
        throw new GatewayError(`KBZPay precreate failed: ${String(answer?.code)} ${String(answer?.msg)}`);
      }
      if (typeof answer.sign === 'string' && !sameSignature(kbzSign(answer, config.appKey), answer.sign)) {
        throw new GatewayError('KBZPay precreate answer has a bad signature');
      }
      if (config.tradeType === 'PAY_BY_QRCODE') {
        const qr = String(answer.qrCode ?? '');
        if (!qr) throw new GatewayError('KBZPay precreate answer has no QR code');
        return {
          nextStep: { type: 'qr', qr_code: qr, qr_image: await QRCode.toDataURL(qr, { margin: 1, width: 280 }) },
          providerTransactionId: answer.prepay_id,
        };
      }
      // The PWA checkout page takes its own signed query.
      const page: Fields = {
        appid: config.appId,
        merch_code: config.merchCode,
        nonce_str: nonce(32),
        prepay_id: answer.prepay_id,
        timestamp: timestamp(),
      };
      const query = new URLSearchParams({ ...(page as Record<string, string>), sign: kbzSign(page, config.appKey) });
      return {
        nextStep: { type: 'redirect', url: `${config.pwaUrl}?${query}` },
        providerTransactionId: answer.prepay_id,
      };
    },

    parseCallback(body) {
      const request = (body as { Request?: Fields } | undefined)?.Request;
      if (!request || !sameSignature(kbzSign(request, config.appKey), request.sign)) throw new InvalidSignature();
      return {
        orderId: String(request.merch_order_id ?? ''),
        status: TRADE_STATUS[String(request.trade_status)] ?? 'pending',
        amount: Number(request.total_amount),
        currency: String(request.trans_currency ?? ''),
        transactionId: request.mm_order_id ? String(request.mm_order_id) : undefined,
      };
    },

    acknowledge: (accepted) => ({ contentType: 'text/plain', body: accepted ? 'success' : 'fail' }),

    async queryStatus(orderId) {
      const biz = { appid: config.appId, merch_code: config.merchCode, merch_order_id: orderId };
      const answer = (
        (await postJson(
          `${config.baseUrl}/queryorder`,
          signedRequest(config, 'kbz.payment.queryorder', '3.0', biz),
        )) as {
          Response?: Fields;
        }
      ).Response;
      return TRADE_STATUS[String(answer?.trade_status)] ?? 'pending';
    },
  };
}
