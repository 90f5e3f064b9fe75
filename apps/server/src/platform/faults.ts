import { isDatabaseUnavailable } from '../db/errors';

/** What a lost Redis connection rejects with (ioredis); the network's own codes are the database check's too. */
const REDIS_GONE = /MaxRetriesPerRequestError|Connection is closed|Stream isn't writeable|enableOfflineQueue/;

/**
 * An error that says a dependency (PostgreSQL, Redis, the network to them) is away for now, not that the code is
 * wrong: a rejection nobody awaited with such an error is logged and the process goes on (it recovers when the
 * dependency returns); any other unhandled rejection still ends it, for the supervisor to restart.
 */
export function isTransientFault(err: unknown): boolean {
  if (isDatabaseUnavailable(err)) return true;
  let current: unknown = err;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const e = current as { name?: unknown; message?: unknown; cause?: unknown };
    if (typeof e.name === 'string' && REDIS_GONE.test(e.name)) return true;
    if (typeof e.message === 'string' && REDIS_GONE.test(e.message)) return true;
    current = e.cause;
  }
  return false;
}

/** Installs the rule above for this process (serve, worker); `log` hears both kinds. */
export function onUnhandledRejection(log: {
  warn: (o: object, m: string) => void;
  fatal: (o: object, m: string) => void;
}) {
  process.on('unhandledRejection', (reason) => {
    if (isTransientFault(reason)) {
      log.warn({ err: reason }, 'a dependency is away (unhandled, not fatal); the process goes on');
      return;
    }
    log.fatal({ err: reason }, 'unhandled rejection');
    process.exit(1);
  });
}
