import type { ErrorCode } from '@inkwell/contracts';
import type { MessageKey } from './i18n';

export type FieldErrors = Record<string, MessageKey[]>;

/**
 * The stable machine code of an error answer, from its message key: a generic `errors.*` key gives the
 * plain word (`errors.forbidden` → `forbidden`, `errors.validation` → `validation_failed`), any other key
 * is its own code (`auth.not_activated`). The unit test holds every `errors.*` key to `ERROR_CODES`.
 */
export function errorCode(key: MessageKey): ErrorCode {
  if (key === 'errors.validation') return 'validation_failed';
  return (key.startsWith('errors.') ? key.slice('errors.'.length) : key) as ErrorCode;
}

/**
 * An error a person should see. It carries a message key (translated per request by the error handler),
 * an HTTP status and, for validation, message keys per field.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly key: MessageKey,
    readonly params?: Record<string, string | number>,
    readonly fields?: FieldErrors,
  ) {
    super(key);
    this.name = 'AppError';
  }
}

export class ValidationError extends AppError {
  constructor(fields: FieldErrors, key: MessageKey = 'errors.validation') {
    super(422, key, undefined, fields);
  }
}

/** Throws when any field has collected an error; lets a service gather every problem before answering. */
export function throwIfFieldErrors(fields: FieldErrors): void {
  if (Object.keys(fields).length > 0) throw new ValidationError(fields);
}

export const unauthenticated = () => new AppError(401, 'errors.unauthenticated');
export const forbidden = (key: MessageKey = 'errors.forbidden') => new AppError(403, key);
export const notFound = () => new AppError(404, 'errors.not_found');
export const conflict = (key: MessageKey = 'errors.conflict') => new AppError(409, key);
export const tooLarge = () => new AppError(413, 'errors.payload_too_large');
export const unsupportedMedia = () => new AppError(415, 'errors.unsupported_media_type');

export class RateLimitedError extends AppError {
  constructor(
    readonly retryAfterSeconds: number,
    key: MessageKey = 'errors.rate_limited',
  ) {
    super(429, key, { seconds: retryAfterSeconds });
  }
}
