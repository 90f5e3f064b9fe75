import type { FastifyInstance, FastifyRequest } from 'fastify';
import { RateLimitedError } from './errors';
import type { MessageKey } from './i18n';

export interface RateRule {
  /** Namespaces the counter, e.g. `login-ip`. */
  name: string;
  max: number;
  windowMs: number;
  /** The thing being limited (an IP, an e-mail); `undefined` skips the rule for this request. */
  key: (request: FastifyRequest) => string | undefined;
}

export type RateCheck = (request: FastifyRequest) => Promise<void>;

/** The limit a rule has under RATE_LIMIT_SCALE (at least 1). */
export const scaledMax = (max: number, scale: number): number => Math.max(1, Math.round(max * scale));

/** The signed-in person (rules on routes that require a sign-in). */
export const byUser = (request: FastifyRequest): string | undefined =>
  request.auth ? `u${request.auth.user.id}` : undefined;

/** The signed-in person, or the client address for a guest. */
export const byUserOrIp = (request: FastifyRequest): string => byUser(request) ?? `ip${request.ip}`;

/** A guest's client address; signed-in people are not counted (rules on reads open to guests). */
export const byGuestIp = (request: FastifyRequest): string | undefined =>
  request.auth ? undefined : `ip${request.ip}`;

/**
 * One check per rule and app: a rule object shared by several routes (follow and unfollow) counts once for
 * all of them, in memory as in Redis (@fastify/rate-limit gives every limiter its own in-memory store).
 */
const checks = new WeakMap<FastifyInstance, WeakMap<RateRule, RateCheck>>();

/**
 * Builds a check on @fastify/rate-limit's store (memory, or Redis with `REDIS_URL`). `scale` multiplies
 * `max` (RATE_LIMIT_SCALE); 0 turns limits off. Every request counts.
 */
export function rateLimit(app: FastifyInstance, rule: RateRule, scale: number): RateCheck {
  if (scale === 0) return async () => undefined;
  let ofApp = checks.get(app);
  if (!ofApp) checks.set(app, (ofApp = new WeakMap()));
  const known = ofApp.get(rule);
  if (known) return known;
  const check = app.createRateLimit({
    max: scaledMax(rule.max, scale),
    timeWindow: rule.windowMs,
    keyGenerator: (request) => `${rule.name}:${rule.key(request) ?? ''}`,
  });
  const run: RateCheck = async (request) => {
    if (rule.key(request) === undefined) return;
    const result = await check(request);
    if (!result.isAllowed && result.isExceeded) throw new RateLimitedError(Math.max(1, result.ttlInSeconds));
  };
  ofApp.set(rule, run);
  return run;
}

export interface FailureRule {
  name: string;
  /** Failures allowed per window; the next attempt is refused until the window ends. */
  max: number;
  windowMs: number;
  /** The message of the refusal (defaults to `errors.rate_limited`). */
  message?: MessageKey;
}

/**
 * Counts failures only (wrong passwords), on the same store as `rateLimit`: `assertOpen` refuses once a
 * key has had `max` failures in its window (without counting the attempt), `fail` records one. Callers
 * check before the costly work and record after it, so a success never counts. Concurrent attempts may
 * each pass the check before any records a failure; the per-address limit on the route bounds that.
 */
export interface FailureCounter {
  assertOpen(request: FastifyRequest, key: string): Promise<void>;
  fail(request: FastifyRequest, key: string): Promise<void>;
}

export function failureCounter(app: FastifyInstance, rule: FailureRule, scale: number): FailureCounter {
  if (scale === 0) return { assertOpen: async () => undefined, fail: async () => undefined };
  // The limiter derives its key from the request; the caller's key for this call is handed over here.
  const keys = new WeakMap<FastifyRequest, string>();
  const limiter = app.createRateLimit({
    max: scaledMax(rule.max, scale),
    timeWindow: rule.windowMs,
    keyGenerator: (request) => `${rule.name}:${keys.get(request) ?? ''}`,
  });
  const run = (request: FastifyRequest, key: string, increment: boolean) => {
    keys.set(request, key);
    return limiter(request, { increment });
  };
  return {
    async assertOpen(request, key) {
      const result = await run(request, key, false);
      // `remaining` is max − failures so far; a store error reads as no failures (skipOnError).
      if (!result.isAllowed && result.remaining === 0)
        throw new RateLimitedError(Math.max(1, result.ttlInSeconds), rule.message);
    },
    async fail(request, key) {
      await run(request, key, true);
    },
  };
}

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/**
 * One budget for everything a guest may read (posts, accounts, comments, the pages and sitemap that link to them),
 * per address: enough for many readers behind one carrier-grade NAT, not for scraping at full speed. Shared
 * by the routes, so a guest cannot spread one scrape over several of them.
 */
export const guestReadLimit: RateRule = { name: 'guest-reads', max: 600, windowMs: MINUTE, key: byGuestIp };
