import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { DEFAULT_LOCALE, type ErrorBody } from '@inkwell/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../../db/errors';
import { AppError, RateLimitedError, errorCode } from '../errors';
import { negotiateLocale, t, type MessageKey } from '../i18n';
import { RequestValidationError, translateIssues } from './validation';

/** What a client is told to wait while the database is out of reach (a restart takes a few seconds). */
const DATABASE_RETRY_AFTER_SECONDS = 5;

const statusKeys: Record<number, MessageKey> = {
  400: 'errors.bad_request',
  401: 'errors.unauthenticated',
  403: 'errors.forbidden',
  404: 'errors.not_found',
  409: 'errors.conflict',
  413: 'errors.payload_too_large',
  415: 'errors.unsupported_media_type',
  429: 'errors.rate_limited',
  503: 'errors.unavailable',
};

/**
 * SQLSTATEs that only the input causes (an id past the integer columns, a NUL byte, an impossible date, a
 * value too long for its column, a duplicate sent twice at once). The schemas should stop such input before
 * the database sees it; this is the safety net, so the client gets a 4xx and the log a warning to fix the
 * schema that let it through.
 */
const inputSqlStates: Record<string, { status: number; key: MessageKey }> = {
  '22001': { status: 422, key: 'errors.invalid_input' }, // string_data_right_truncation
  '22003': { status: 422, key: 'errors.invalid_input' }, // numeric_value_out_of_range
  '22007': { status: 422, key: 'errors.invalid_input' }, // invalid_datetime_format
  '22008': { status: 422, key: 'errors.invalid_input' }, // datetime_field_overflow
  '22021': { status: 422, key: 'errors.invalid_input' }, // character_not_in_repertoire (bad encoding, NUL)
  '22P02': { status: 422, key: 'errors.invalid_input' }, // invalid_text_representation
  '22P05': { status: 422, key: 'errors.invalid_input' }, // untranslatable_character (NUL in JSON)
  '2201B': { status: 422, key: 'errors.invalid_input' }, // invalid_regular_expression
  '22025': { status: 422, key: 'errors.invalid_input' }, // invalid_escape_sequence (LIKE patterns)
  '54000': { status: 422, key: 'errors.invalid_input' }, // program_limit_exceeded (index row too large)
  '23505': { status: 409, key: 'errors.conflict' }, // unique_violation (a race between two requests)
  '23503': { status: 409, key: 'errors.conflict' }, // foreign_key_violation (the row went away meanwhile)
};

/** The SQLSTATE of a database error, also when the query builder wrapped it (`cause`). */
export function sqlState(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && code in inputSqlStates) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * Errors Fastify raises before a route is found (a malformed percent-encoding, an overlong path parameter):
 * the same translated `{ message }` as every other error, not Fastify's own shape.
 */
export function frameworkErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const locale = negotiateLocale(request.headers['accept-language']);
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  const key = statusKeys[status] ?? 'errors.bad_request';
  void reply.code(status).send({ code: errorCode(key), message: t(locale, key, { seconds: 60 }) } satisfies ErrorBody);
}

/**
 * Requests Node refuses before Fastify sees them (headers too large, a header timeout, unreadable HTTP):
 * the contract's `{ code, message }` as well (in the default language: no header was read), not Fastify's
 * own shape.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status = error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  const body = JSON.stringify({
    code: errorCode('errors.bad_request'),
    message: t(DEFAULT_LOCALE, 'errors.bad_request'),
  } satisfies ErrorBody);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/** The one place errors become HTTP answers: the contract's shape, translated, never a stack trace. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(async (error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) => {
    const locale = request.locale;
    if (error instanceof RequestValidationError) {
      const errors = translateIssues(error.issues, locale);
      return reply.code(422).send({
        code: errorCode('errors.validation'),
        message: t(locale, 'errors.validation'),
        errors,
      } satisfies ErrorBody);
    }
    if (error instanceof AppError) {
      if (error instanceof RateLimitedError) reply.header('retry-after', String(error.retryAfterSeconds));
      const body: ErrorBody = { code: errorCode(error.key), message: t(locale, error.key, error.params) };
      if (error.fields) {
        body.errors = Object.fromEntries(
          Object.entries(error.fields).map(([field, keys]) => [field, keys.map((k) => t(locale, k))]),
        );
      }
      return reply.code(error.status).send(body);
    }
    const state = sqlState(error);
    if (state) {
      const { status, key } = inputSqlStates[state]!;
      request.log.warn({ err: error, sqlState: state }, 'the database refused the input: tighten the schema');
      return reply.code(status).send({ code: errorCode(key), message: t(locale, key) } satisfies ErrorBody);
    }
    if (isDatabaseUnavailable(error)) {
      // The database is restarting or out of reach: nothing was done, and the same request will work again soon.
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .code(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .send({ code: errorCode('errors.unavailable'), message: t(locale, 'errors.unavailable') } satisfies ErrorBody);
    }
    const status = (error as FastifyError).statusCode;
    if (error instanceof ResponseSerializationError || !status || status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply
        .code(500)
        .send({ code: errorCode('errors.internal'), message: t(locale, 'errors.internal') } satisfies ErrorBody);
    }
    // Fastify's own 4xx (bad JSON, body too large, wrong content type …).
    const key = statusKeys[status] ?? 'errors.bad_request';
    return reply
      .code(status)
      .send({ code: errorCode(key), message: t(locale, key, { seconds: 60 }) } satisfies ErrorBody);
  });
}
