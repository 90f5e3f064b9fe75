import { createHash, createHmac } from 'node:crypto';
import http from 'node:http';

/**
 * Small fake KBZPay, WavePay and AYA Pay gateways on loopback, for tests only. They implement the documented
 * signatures on their own (not with the app's code), check what the app sends, and sign what they send back.
 */
export const FAKE = {
  kbz: { appId: 'kp1234567890', merchCode: '200123', appKey: 'kbz-app-key-for-tests' },
  wave: { merchantId: 'wave-merchant-1', secretKey: 'wave-secret-for-tests' },
  aya: { appKey: 'aya-app-key', appSecret: 'aya-secret-for-tests' },
};

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const hmac = (key: string, s: string) => createHmac('sha256', key).update(s).digest('hex');

export function kbzSignature(fields: Record<string, unknown>): string {
  const text = Object.keys(fields)
    .filter(
      (k) =>
        !['sign', 'sign_type'].includes(k) && fields[k] !== '' && fields[k] != null && typeof fields[k] !== 'object',
    )
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join('&');
  return sha256(`${text}&key=${FAKE.kbz.appKey}`).toUpperCase();
}

export const waveRequestHash = (f: Record<string, string>) =>
  hmac(
    FAKE.wave.secretKey,
    f.time_to_live_in_seconds! +
      f.merchant_id! +
      f.order_id! +
      f.amount! +
      f.backend_result_url! +
      f.merchant_reference_id!,
  );

export const ayaChecksum = (values: string[]) => hmac(FAKE.aya.appSecret, values.join(':'));

export interface Recorded {
  path: string;
  body: any;
  signatureOk: boolean;
}

async function readBody(req: http.IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of req) text += chunk;
  return text;
}

export async function startFakeGateways() {
  const received: Recorded[] = [];
  let down = false;
  /** What each gateway's status query answers for an order; unknown orders are still waiting. */
  const statuses = new Map<string, string>();
  const server = http.createServer((req, res) => {
    void (async () => {
      const text = await readBody(req);
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (down) return send(503, { message: 'maintenance' });
      if (req.url === '/kbz/precreate' || req.url === '/kbz/queryorder') {
        const request = JSON.parse(text).Request;
        const flat = { ...request, ...request.biz_content };
        delete flat.biz_content;
        const signatureOk = request.sign === kbzSignature(flat);
        received.push({ path: req.url, body: request, signatureOk });
        if (!signatureOk)
          return send(200, { Response: { result: 'FAIL', code: 'AUTHENTICATION_FAIL', msg: 'bad sign' } });
        const answer: Record<string, unknown> =
          req.url === '/kbz/precreate'
            ? {
                result: 'SUCCESS',
                code: '0',
                msg: 'success',
                merch_order_id: flat.merch_order_id,
                prepay_id: `prepay_${flat.merch_order_id}`,
                qrCode: `kbzpay://pay?prepay=${flat.merch_order_id}`,
                nonce_str: 'abc123',
              }
            : {
                result: 'SUCCESS',
                code: '0',
                trade_status: statuses.get(String(flat.merch_order_id)) ?? 'WAIT_PAY',
                merch_order_id: flat.merch_order_id,
                nonce_str: 'n',
              };
        answer.sign_type = 'SHA256';
        answer.sign = kbzSignature(answer);
        return send(200, { Response: answer });
      }
      if (req.url === '/wave/payment') {
        const form = Object.fromEntries(new URLSearchParams(text));
        const signatureOk = form.hash === waveRequestHash(form);
        received.push({ path: req.url, body: form, signatureOk });
        if (!signatureOk) return send(400, { message: 'hash mismatch' });
        return send(200, { message: 'success', transaction_id: `wtx_${form.order_id}` });
      }
      if (req.url === '/aya/v1/payment/enquiry') {
        const body = JSON.parse(text) as Record<string, string>;
        const signatureOk =
          body.appKey === FAKE.aya.appKey &&
          body.checkSum === ayaChecksum([body.merchOrderId!, body.appKey, body.timestamp!]);
        received.push({ path: req.url, body, signatureOk });
        if (!signatureOk) return send(401, { message: 'bad checksum' });
        const payload = Buffer.from(
          JSON.stringify({ merchOrderId: body.merchOrderId, status: statuses.get(body.merchOrderId!) ?? '01' }),
        ).toString('base64');
        return send(200, { payload, checkSum: hmac(FAKE.aya.appSecret, payload) });
      }
      send(404, { message: 'no such fake endpoint' });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;

  return {
    base,
    received,
    setDown(value: boolean) {
      down = value;
    },
    /** The gateway's own status code for an order, as its status query will report it. */
    setStatus(orderId: string, status: string) {
      statuses.set(orderId, status);
    },
    /** Configuration for the app under test: every gateway points at these fakes. */
    env(tradeType: 'PWAAPP' | 'PAY_BY_QRCODE' = 'PWAAPP'): Record<string, string> {
      return {
        KBZPAY_BASE_URL: `${base}/kbz`,
        KBZPAY_APP_ID: FAKE.kbz.appId,
        KBZPAY_MERCH_CODE: FAKE.kbz.merchCode,
        KBZPAY_APP_KEY: FAKE.kbz.appKey,
        KBZPAY_TRADE_TYPE: tradeType,
        KBZPAY_PWA_URL: `${base}/kbz/pwa`,
        WAVEPAY_BASE_URL: `${base}/wave`,
        WAVEPAY_MERCHANT_ID: FAKE.wave.merchantId,
        WAVEPAY_SECRET_KEY: FAKE.wave.secretKey,
        AYAPAY_BASE_URL: `${base}/aya`,
        AYAPAY_APP_KEY: FAKE.aya.appKey,
        AYAPAY_APP_SECRET: FAKE.aya.appSecret,
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Callbacks as each gateway sends them, correctly signed unless `forge` is set. */
export const callbacks = {
  kbz(p: { order_id: string; amount: number }, status = 'PAY_SUCCESS', forge = false) {
    const request: Record<string, unknown> = {
      notify_time: String(Math.floor(Date.now() / 1000)),
      merch_code: FAKE.kbz.merchCode,
      merch_order_id: p.order_id,
      mm_order_id: `mm${Date.now()}`,
      trans_currency: 'MMK',
      total_amount: String(p.amount),
      trade_status: status,
      trans_end_time: String(Math.floor(Date.now() / 1000)),
      appid: FAKE.kbz.appId,
      nonce_str: 'callbacknonce',
      sign_type: 'SHA256',
    };
    request.sign = forge ? 'F'.repeat(64) : kbzSignature(request);
    return { Request: request };
  },
  wave(
    p: { merchant_reference_id: string; amount: number; order_id?: string },
    status = 'PAYMENT_CONFIRMED',
    forge = false,
  ) {
    const b: Record<string, string> = {
      status,
      merchantId: FAKE.wave.merchantId,
      ...(p.order_id ? { orderId: p.order_id } : {}),
      merchantReferenceId: p.merchant_reference_id,
      frontendResultUrl: 'http://inkwell.test/x',
      backendResultUrl: 'http://inkwell.test/api/payments/wavepay/notify',
      initiatorMsisdn: '09123456789',
      amount: String(p.amount),
      timeToLiveSeconds: '1800',
      paymentDescription: 'Inkwell',
      currency: 'MMK',
      transactionId: `wtx_${Date.now()}`,
      paymentRequestId: `prq_${Date.now()}`,
      requestTime: new Date().toISOString(),
    };
    const text = [
      b.status,
      b.timeToLiveSeconds,
      b.merchantId,
      b.orderId ?? '',
      b.amount,
      b.backendResultUrl,
      b.merchantReferenceId,
      b.initiatorMsisdn,
      b.transactionId,
      b.paymentRequestId,
      b.requestTime,
    ].join('');
    b.hashValue = forge ? 'deadbeef'.repeat(8) : hmac(FAKE.wave.secretKey, text);
    return b;
  },
  aya(p: { order_id: string; amount: number }, status = '00', forge = false) {
    const payload = Buffer.from(
      JSON.stringify({
        merchOrderId: p.order_id,
        amount: String(p.amount),
        currencyCode: '104',
        status,
        tranId: `aya${Date.now()}`,
      }),
    ).toString('base64');
    return { payload, checkSum: forge ? hmac('wrong-secret', payload) : hmac(FAKE.aya.appSecret, payload) };
  },
};
