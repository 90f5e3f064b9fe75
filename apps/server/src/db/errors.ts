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

/** The statement ran past its `statement_timeout` (`57014`). */
export function isStatementTimeout(err: unknown): boolean {
  return pgError(err)?.code === '57014';
}

/** Which of a person's unique fields (e-mail or username) a unique violation on `users` is about. */
export function uniqueFieldOf(err: unknown): 'email' | 'username' {
  const e = pgError(err);
  const text = e ? constraintText(e) : '';
  return text.includes('email') ? 'email' : 'username';
}

/** Connection-level failures: the database is down, restarting or out of reach (not a fault of the query). */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up)
  '08000', // connection_exception
  '08001', // sqlclient_unable_to_establish_sqlconnection
  '08003', // connection_does_not_exist
  '08006', // connection_failure
]);
const UNAVAILABLE_MESSAGES =
  /connection terminated|timeout exceeded when trying to connect|connection error|not queryable/i;

/** Whether the database could not be reached for this query (a restart, an outage): the caller may try again. */
export function isDatabaseUnavailable(err: unknown): boolean {
  let current: unknown = err;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const e = current as PgErrorFields;
    if (typeof e.code === 'string' && UNAVAILABLE_CODES.has(e.code)) return true;
    if (typeof e.message === 'string' && UNAVAILABLE_MESSAGES.test(e.message)) return true;
    current = e.cause;
  }
  return false;
}
