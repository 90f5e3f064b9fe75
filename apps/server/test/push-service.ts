import { createECDH, createPublicKey, randomBytes, verify, type ECDH } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { decrypt } from 'http_ece';

/** What a browser holds for one push subscription: its key pair and auth secret. */
export interface TestBrowser {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  ecdh: ECDH;
}

export interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  /** The payload decrypted with the browser's keys (RFC 8291, aes128gcm). */
  payload: Record<string, unknown>;
  /** The VAPID JWT's claims, after checking its ES256 signature against the `k` key of the header. */
  claims: { aud: string; exp: number; sub: string };
  vapidKey: string;
}

const b64url = (buf: Buffer) => buf.toString('base64url');

/** Checks `vapid t=<jwt>, k=<key>` (RFC 8292): the signature with key k, and answers the claims. */
function checkVapid(header: string | undefined): { claims: Received['claims']; key: string } {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+),\s*k=([\w-]+)$/.exec(header ?? '');
  if (!match) throw new Error(`not a VAPID authorization: ${header}`);
  const [, jwt, key] = match as unknown as [string, string, string];
  const [head, body, signature] = jwt.split('.') as [string, string, string];
  const raw = Buffer.from(key, 'base64url');
  const publicKey = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64url(raw.subarray(1, 33)), y: b64url(raw.subarray(33, 65)) },
    format: 'jwk',
  });
  const valid = verify(
    'sha256',
    Buffer.from(`${head}.${body}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!valid) throw new Error('VAPID signature does not verify');
  if (JSON.parse(Buffer.from(head, 'base64url').toString()).alg !== 'ES256') throw new Error('VAPID alg is not ES256');
  return { claims: JSON.parse(Buffer.from(body, 'base64url').toString()), key };
}

/**
 * A push service on loopback, as the browsers' are: it takes encrypted pushes for the subscriptions it made,
 * checks the VAPID signature, decrypts with the browser's keys, and answers what the test says (201 by default;
 * 410 for a gone subscription, 503 for a busy service).
 */
export async function startPushService() {
  const received: Received[] = [];
  const answers = new Map<string, number[]>();
  const browsers = new Map<string, TestBrowser>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '';
      const planned = answers.get(path);
      const status = planned?.length ? planned.shift()! : 201;
      if (status === 201) {
        try {
          const browser = browsers.get(path);
          if (!browser) throw new Error(`no subscription at ${path}`);
          const { claims, key } = checkVapid(req.headers.authorization);
          const payload = JSON.parse(
            decrypt(Buffer.concat(chunks), {
              version: 'aes128gcm',
              privateKey: browser.ecdh,
              authSecret: browser.keys.auth,
            }).toString('utf8'),
          ) as Record<string, unknown>;
          received.push({ path, headers: req.headers, payload, claims, vapidKey: key });
        } catch (err) {
          res.writeHead(400).end(String(err));
          return;
        }
      }
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    received,
    /** A new browser subscription at this service. */
    browser(): TestBrowser {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const path = `/push/${randomBytes(8).toString('hex')}`;
      const browser = {
        endpoint: `${origin}${path}`,
        keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(randomBytes(16)) },
        ecdh,
      };
      browsers.set(path, browser);
      return browser;
    },
    /** The next answers for a subscription, in order (then 201 again). */
    answer(browser: TestBrowser, ...statuses: number[]) {
      answers.set(new URL(browser.endpoint).pathname, statuses);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
