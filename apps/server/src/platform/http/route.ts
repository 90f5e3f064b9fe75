import type {
  EndpointDef,
  ParsedBody,
  ParsedParams,
  ParsedQuery,
  Permission,
  EndpointResponse,
  Locale,
} from '@inkwell/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import { authenticate, requirePermission, type AuthContext } from '../auth/authenticate';
import type { AppContext } from '../context';
import { unauthenticated } from '../errors';
import { rateLimit, type RateRule } from '../rate-limit';
import { normalizeTexts, reportNormalization } from './text-input';
import { rejectUnsafeInput } from './validation';

type AuthMode = 'required' | 'optional' | 'none';

export interface RouteOptions<A extends AuthMode> {
  /** Defaults to `required`. */
  auth?: A;
  /** An administrative permission the caller's role must hold. */
  permission?: Permission;
  limits?: RateRule[];
}

export interface Handled<E extends EndpointDef, A extends AuthMode> {
  request: FastifyRequest;
  reply: FastifyReply;
  body: ParsedBody<E>;
  query: ParsedQuery<E>;
  params: ParsedParams<E>;
  locale: Locale;
  auth: A extends 'required' ? AuthContext : AuthContext | null;
  /** Answers 200 instead of 201: the thing asked to be made existed already (endpoints with `answersExisting`). */
  existed: () => void;
}

/**
 * Registers one contract endpoint: its schemas (validation, OpenAPI), rate limits, authentication and
 * permission, then the handler. Routes stay one call each.
 */
export function route<E extends EndpointDef, A extends AuthMode = 'required'>(
  app: FastifyInstance,
  ctx: AppContext,
  endpoint: E,
  options: RouteOptions<A>,
  handler: (input: Handled<E, A>) => Promise<EndpointResponse<E>>,
): void {
  const mode: AuthMode = options.auth ?? 'required';
  const permission = endpoint.permission ?? options.permission;
  if (permission && mode !== 'required') throw new Error(`${endpoint.path}: a permission needs a signed-in caller`);
  const checks = (options.limits ?? []).map((rule) => rateLimit(app, rule, ctx.config.rateLimitScale));
  const status = endpoint.status ?? 200;
  const schema: FastifySchema & { summary: string; tags: readonly string[]; security?: unknown } = {
    summary: endpoint.summary,
    ...(permission ? { description: `Requires the permission \`${permission}\`.` } : {}),
    tags: endpoint.tags,
    ...(mode !== 'none' ? { security: [{ bearer: [] }] } : {}),
    ...(endpoint.params ? { params: endpoint.params } : {}),
    ...(endpoint.query ? { querystring: endpoint.query } : {}),
    ...(endpoint.body && !endpoint.multipart ? { body: endpoint.body } : {}),
    ...(endpoint.response
      ? { response: { [status]: endpoint.response, ...(endpoint.answersExisting ? { 200: endpoint.response } : {}) } }
      : {}),
  };

  app.route({
    method: endpoint.method,
    url: `/api${endpoint.path}`,
    schema,
    // Who is asking is settled before the body is read: 401/403 come before 422.
    onRequest: async (request) => {
      const auth = mode === 'none' ? null : await authenticate(ctx, request);
      if (mode === 'required' && !auth) throw unauthenticated();
      request.auth = auth;
      if (permission) requirePermission(auth!, permission);
    },
    // No NUL character reaches the database, whatever the part and whether or not it has a schema. Then the
    // text a schema reads is made NFC Unicode (Zawgyi converted) before it is measured; a part without a schema
    // (a gateway's signed callback) is left exactly as sent.
    preValidation: async (request) => {
      rejectUnsafeInput(request);
      const query = endpoint.query ? normalizeTexts(request.query) : false;
      const body = endpoint.body && !endpoint.multipart ? normalizeTexts(request.body) : false;
      if (query || body) request.normalized = ['zawgyi'];
    },
    onSend: async (request, _reply, payload) => reportNormalization(request, payload),
    // Limits keyed by a body field (an e-mail) need the parsed body.
    preHandler: async (request) => {
      for (const check of checks) await check(request);
    },
    handler: async (request, reply) => {
      let answer = status;
      const result = await handler({
        request,
        reply,
        body: request.body as ParsedBody<E>,
        query: request.query as ParsedQuery<E>,
        params: request.params as ParsedParams<E>,
        locale: request.locale,
        auth: request.auth as Handled<E, A>['auth'],
        existed: () => {
          if (endpoint.answersExisting) answer = 200;
        },
      });
      // A handler that answered in its own format (a gateway's plain `success`) has sent already.
      if (reply.sent) return reply;
      reply.code(answer);
      return answer === 204 ? reply.send() : result;
    },
  });
}
