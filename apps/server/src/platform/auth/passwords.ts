import { hash, verify } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';
import type { FieldErrors } from '../errors';

/** Argon2id (the library's `Algorithm.Argon2id` is a const enum) with OWASP's parameters. */
const ARGON2 = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => hash(password, ARGON2);

export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  // Hash anyway when there is no stored hash, so the answer takes as long for unknown e-mails.
  if (!stored) {
    await hash(password, ARGON2);
    return false;
  }
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/** The 10,000 most common passwords (zxcvbn's frequency-ordered list). */
const common: ReadonlySet<string> = new Set(
  ((dictionary as Record<string, string[]>)['passwords-common'] ?? []).slice(0, 10_000),
);

export const isCommonPassword = (password: string): boolean => common.has(password.toLowerCase());

/** The rules a new password must meet, as field errors (none: it may be used). */
export function passwordProblems(password: string): FieldErrors {
  return isCommonPassword(password) ? { password: ['validation.password_common'] } : {};
}
