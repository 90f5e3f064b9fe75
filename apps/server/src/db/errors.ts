import type { FieldErrors } from '../platform/errors';

/*
 * What PostgreSQL (and PGlite) errors say, read the same way everywhere. Drizzle wraps the driver's error,
 * so the SQLSTATE code can sit on the error or on one of its causes.
 */

interface PgErrorFields {
  code?: unknown;
  constraint?: unknown;
  message?: unknown;
  cause?: unknown;
}

/** The first error along the cause chain that carries a SQLSTATE `code`. */
function pgError(err: unknown): PgErrorFields | undefined {
  let current: unknown = err;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const e = current as PgErrorFields;
    if (typeof e.code === 'string') return e;
    current = e.cause;
  }
  return undefined;
}

/** The constraint (and the message naming it) of a violated index or key, for telling which one refused. */
function constraintText(e: PgErrorFields): string {
  return `${String(e.constraint ?? '')} ${String(e.message ?? '')}`;
}

/** A unique index refused the write (`23505`); with `constraint`, only that index. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = pgError(err);
  if (e?.code !== '23505') return false;
  return constraint === undefined || constraintText(e).includes(constraint);
}

/** A foreign key refused the write (`23503`): the row it points at went away meanwhile. */
export function isForeignKeyViolation(err: unknown): boolean {
  return pgError(err)?.code === '23503';
}

/** Which of a person's unique fields (e-mail or username) a unique violation on `users` is about. */
export function uniqueFieldOf(err: unknown): FieldErrors {
  const e = pgError(err);
  const text = e ? constraintText(e) : '';
  return text.includes('email') ? { email: ['validation.email_taken'] } : { username: ['validation.username_taken'] };
}
