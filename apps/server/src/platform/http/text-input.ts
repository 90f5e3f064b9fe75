import type { FastifyRequest } from 'fastify';
import { toUnicode } from '../text/zawgyi';
import { MAX_INPUT_DEPTH } from './validation';

/*
 * Every text the server accepts is stored as NFC Unicode: Burmese typed in Zawgyi is converted here, at the
 * boundary, before the schemas measure it, so no feature has to remember to. Secrets are never touched: a
 * password converted or recomposed would no longer match the one typed at sign-up on another keyboard.
 */

/** Values under these keys are taken byte for byte. */
const VERBATIM = /password|token|secret|signature|^code$|^state$|^code_verifier$/;

/** What converting changed in a request, which the answer then reports (`normalized`). */
export type Normalization = 'zawgyi';

/** Converts in place the strings of a parsed JSON part; answers whether any was Zawgyi. */
export function normalizeTexts(part: unknown): boolean {
  let zawgyi = false;
  const stack: { holder: Record<string, unknown> | unknown[]; depth: number }[] = [];
  if (part !== null && typeof part === 'object') stack.push({ holder: part as Record<string, unknown>, depth: 0 });
  while (stack.length) {
    const { holder, depth } = stack.pop()!;
    if (depth > MAX_INPUT_DEPTH) continue;
    for (const [key, value] of Object.entries(holder)) {
      if (typeof value === 'string') {
        if (!Array.isArray(holder) && VERBATIM.test(key)) continue;
        const converted = toUnicode(value);
        if (converted.text !== value) (holder as Record<string, unknown>)[key] = converted.text;
        zawgyi ||= converted.zawgyi;
      } else if (value !== null && typeof value === 'object') {
        if (!Array.isArray(holder) && VERBATIM.test(key)) continue;
        stack.push({ holder: value as Record<string, unknown>, depth: depth + 1 });
      }
    }
  }
  return zawgyi;
}

/**
 * Adds `normalized` to a JSON object answer when the request's text was converted, so the writer's page can say
 * so once. Only then is the payload parsed again: the common answer passes untouched.
 */
export function reportNormalization(request: FastifyRequest, payload: unknown): unknown {
  if (!request.normalized?.length || typeof payload !== 'string' || !payload.startsWith('{')) return payload;
  try {
    return JSON.stringify({ ...(JSON.parse(payload) as object), normalized: request.normalized });
  } catch {
    return payload;
  }
}
