import { createHmac } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { safeEqual } from '../../platform/auth/tokens';
import type { AppContext } from '../../platform/context';
import { DAY, HOUR, failureCounter } from '../../platform/rate-limit';

/**
 * Brute-force protection for password sign-in, after Ghost's brute-force middleware (failures per
 * address + e-mail) and Mastodon's rack-attack throttles (per address, per e-mail):
 *
 * 1. Every attempt counts per client address: 25 per 5 minutes (`login-ip`, a route limit), which bounds
 *    password spraying across many e-mails and the hashing work one address can cause.
 * 2. Wrong passwords count per (e-mail, address) pair: after 10 in an hour, that address may not try that
 *    e-mail again until the hour ends — whatever the password, so a refusal never tells a right guess.
 *    One address cannot lock the owner out: its failures stay on its own pair.
 * 3. Wrong passwords count per e-mail from anywhere: after 25 in an hour the e-mail is in back-off, and only
 *    a *known device* may try it. Many addresses together can lock out strangers, never the owner's
 *    known device.
 * 4. A known device is a browser that has signed in (or reset the password) for this person before: the
 *    answer then set a signed, HttpOnly cookie (`inkwell_device`, sent to the sign-in route only) with the
 *    person's id and the time. A browser presenting a valid one for the person passes checks 2 and 3 and
 *    is limited by its own failures instead (10 an hour, `login-fail-device`), so a stolen cookie is no
 *    bigger hole than one address. The cookie carries no credential: it only admits a password check. It
 *    lasts a year (as long as a token may), and keeps the proofs of the 5 people who signed in last on it.
 *
 * Failures are counted in the rate-limit store (memory, or Redis across processes); a success clears
 * nothing (the store has no delete), it simply stops adding.
 */
export const LOGIN_FAILURES = {
  pair: { name: 'login-fail-pair', max: 10, windowMs: HOUR, message: 'auth.login_locked' },
  email: { name: 'login-fail-email', max: 25, windowMs: HOUR, message: 'auth.login_locked' },
  device: { name: 'login-fail-device', max: 10, windowMs: HOUR, message: 'auth.login_locked' },
} as const;

export const KNOWN_DEVICE_COOKIE = 'inkwell_device';
const COOKIE_PATH = '/api/login';
const PROOF_MAX_AGE_MS = 365 * DAY;
const PROOFS_KEPT = 5;

/** What the sign-in service asks about one attempt; bound to one request. */
export interface LoginGate {
  /** Before the password is checked: refuses (429) a locked pair or e-mail, unless the device is known. */
  admit(userId: number | undefined): Promise<void>;
  /** After a wrong password (or an unknown e-mail). */
  failed(): Promise<void>;
  /** After a right password: this browser becomes a known device of the person. */
  succeeded(userId: number): void;
}

export interface LoginGuard {
  gate(request: FastifyRequest, reply: FastifyReply, email: string): LoginGate;
  /** Marks this browser a known device of the person (sign-in, password reset). */
  remember(request: FastifyRequest, reply: FastifyReply, userId: number): void;
}

interface Proof {
  userId: number;
  issuedAt: number;
  raw: string;
}

export function createLoginGuard(app: FastifyInstance, ctx: AppContext): LoginGuard {
  const scale = ctx.config.rateLimitScale;
  const pair = failureCounter(app, LOGIN_FAILURES.pair, scale);
  const email = failureCounter(app, LOGIN_FAILURES.email, scale);
  const device = failureCounter(app, LOGIN_FAILURES.device, scale);
  const secure = ctx.config.publicUrl.startsWith('https:');

  const sign = (userId: number, issuedAt: number): string =>
    createHmac('sha256', ctx.appSecret).update(`inkwell-known-device\n${userId}\n${issuedAt}`).digest('base64url');

  const proofs = (request: FastifyRequest): Proof[] => {
    const value = readCookie(request.headers.cookie, KNOWN_DEVICE_COOKIE);
    if (!value) return [];
    return value
      .split('~')
      .slice(0, PROOFS_KEPT)
      .flatMap((raw) => {
        const match = /^(\d{1,10})\.(\d{1,15})\.([\w-]{43})$/.exec(raw);
        if (!match) return [];
        const userId = Number(match[1]);
        const issuedAt = Number(match[2]);
        const fresh = issuedAt <= Date.now() + 60_000 && Date.now() - issuedAt < PROOF_MAX_AGE_MS;
        return fresh && safeEqual(match[3]!, sign(userId, issuedAt)) ? [{ userId, issuedAt, raw }] : [];
      });
  };

  const remember = (request: FastifyRequest, reply: FastifyReply, userId: number): void => {
    const issuedAt = Date.now();
    const others = proofs(request)
      .filter((p) => p.userId !== userId)
      .slice(0, PROOFS_KEPT - 1)
      .map((p) => p.raw);
    const value = [`${userId}.${issuedAt}.${sign(userId, issuedAt)}`, ...others].join('~');
    const attributes = [
      `Path=${COOKIE_PATH}`,
      `Max-Age=${Math.floor(PROOF_MAX_AGE_MS / 1000)}`,
      'HttpOnly',
      'SameSite=Strict',
      ...(secure ? ['Secure'] : []),
    ];
    reply.header('set-cookie', `${KNOWN_DEVICE_COOKIE}=${value}; ${attributes.join('; ')}`);
  };

  return {
    remember,
    gate(request, reply, address) {
      const pairKey = `${address}\n${request.ip}`;
      let deviceKey: string | undefined;
      return {
        async admit(userId) {
          const proof = userId === undefined ? undefined : proofs(request).find((p) => p.userId === userId);
          deviceKey = proof && `${proof.userId}.${proof.issuedAt}`;
          if (deviceKey) {
            await device.assertOpen(request, deviceKey);
            return;
          }
          await pair.assertOpen(request, pairKey);
          await email.assertOpen(request, address);
        },
        async failed() {
          await pair.fail(request, pairKey);
          await email.fail(request, address);
          if (deviceKey) await device.fail(request, deviceKey);
        },
        succeeded(userId) {
          remember(request, reply, userId);
        },
      };
    },
  };
}

/** One cookie's value from a `Cookie` header (no cookie plugin for a single cookie). */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}
