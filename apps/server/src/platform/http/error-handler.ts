import type { ErrorBody } from '@inkwell/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, RateLimitedError } from '../errors';
import { t, type MessageKey } from '../i18n';
import { RequestValidationError, translateIssues } from './validation';

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

/** The one place errors become HTTP answers: the contract's shape, translated, never a stack trace. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(async (error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) => {
    const locale = request.locale;
    if (error instanceof RequestValidationError) {
      const errors = translateIssues(error.issues, locale);
      return reply.code(422).send({ message: t(locale, 'errors.validation'), errors } satisfies ErrorBody);
    }
    if (error instanceof AppError) {
      if (error instanceof RateLimitedError) reply.header('retry-after', String(error.retryAfterSeconds));
      const body: ErrorBody = { message: t(locale, error.key, error.params) };
      if (error.fields) {
        body.errors = Object.fromEntries(
          Object.entries(error.fields).map(([field, keys]) => [field, keys.map((k) => t(locale, k))]),
        );
      }
      return reply.code(error.status).send(body);
    }
    const status = (error as FastifyError).statusCode;
    if (error instanceof ResponseSerializationError || !status || status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.code(500).send({ message: t(locale, 'errors.internal') } satisfies ErrorBody);
    }
    // Fastify's own 4xx (bad JSON, body too large, wrong content type …).
    const key = statusKeys[status] ?? 'errors.bad_request';
    return reply.code(status).send({ message: t(locale, key, { seconds: 60 }) } satisfies ErrorBody);
  });
}
