import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const sha256Hex = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');
export const hmacHex = (secret: string, text: string): string =>
  createHmac('sha256', secret).update(text, 'utf8').digest('hex');

/** Constant-time comparison of two hex or text signatures (case-insensitive for hex). */
export function sameSignature(expected: string, given: unknown): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(expected.toLowerCase());
  const b = Buffer.from(given.toLowerCase());
  return a.length === b.length && timingSafeEqual(a, b);
}

export const nonce = (length = 32): string => randomBytes(length).toString('hex').slice(0, length);

/** Order ids gateways accept: letters, digits and `_`, at most 40. */
export function newOrderId(now = new Date()): string {
  const day = now.toISOString().slice(0, 10).replace(/-/g, '');
  return `INK${day}_${randomBytes(10).toString('hex')}`;
}

export async function postJson(url: string, body: unknown, timeoutMs = 15_000): Promise<unknown> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${url} answered ${res.status}: ${text.slice(0, 200)}`);
  return text ? JSON.parse(text) : {};
}

export async function postForm(url: string, fields: Record<string, string>, timeoutMs = 15_000): Promise<unknown> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams(fields).toString(),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${url} answered ${res.status}: ${text.slice(0, 200)}`);
  return text ? JSON.parse(text) : {};
}
