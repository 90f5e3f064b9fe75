import type { FastifyInstance, FastifyRequest } from 'fastify';
import { RateLimitedError } from './errors';

export interface RateRule {
  /** Namespaces the counter, e.g. `login-ip`. */
  name: string;
  max: number;
  windowMs: number;
  /** The thing being limited (an IP, an e-mail); `undefined` skips the rule for this request. */
  key: (request: FastifyRequest) => string | undefined;
}

export type RateCheck = (request: FastifyRequest) => Promise<void>;

/**
 * Builds a check on @fastify/rate-limit's store (memory, or Redis with `REDIS_URL`). `scale` multiplies
 * `max` (RATE_LIMIT_SCALE); 0 turns limits off.
 */
export function rateLimit(app: FastifyInstance, rule: RateRule, scale: number): RateCheck {
  if (scale === 0) return async () => undefined;
  const check = app.createRateLimit({
    max: Math.max(1, Math.round(rule.max * scale)),
    timeWindow: rule.windowMs,
    keyGenerator: (request) => `${rule.name}:${rule.key(request) ?? ''}`,
  });
  return async (request) => {
    if (rule.key(request) === undefined) return;
    const result = await check(request);
    if (!result.isAllowed && result.isExceeded) throw new RateLimitedError(Math.max(1, result.ttlInSeconds));
  };
}

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
