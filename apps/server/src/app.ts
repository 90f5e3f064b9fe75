import { randomUUID } from 'node:crypto';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import rateLimitPlugin from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import type { Config } from './config';
import { accountsRoutes } from './modules/accounts/accounts.routes';
import { billingRoutes } from './modules/billing/billing.routes';
import { commentsRoutes } from './modules/comments/comments.routes';
import { followsRoutes } from './modules/follows/follows.routes';
import { identityRoutes } from './modules/identity/identity.routes';
import { likesRoutes } from './modules/likes/likes.routes';
import { mediaRoutes } from './modules/media/media.routes';
import { insightsRoutes } from './modules/insights/insights.routes';
import { organizationsRoutes } from './modules/organizations/organizations.routes';
import { createGateways } from './modules/payments/gateways';
import { paymentsRoutes } from './modules/payments/payments.routes';
import { postsRoutes } from './modules/posts/posts.routes';
import { searchRoutes } from './modules/search/search.routes';
import { systemRoutes } from './modules/system/system.routes';
import { usersRoutes } from './modules/users/users.routes';
import type { AppContext } from './platform/context';
import { closeContext, createContext, type ContextOptions } from './platform/create-context';
import { installErrorHandler } from './platform/http/error-handler';
import { decorateRequests } from './platform/http/request';
import { validatorCompiler } from './platform/http/validation';
import { jobHandlers } from './platform/jobs/handlers';
import { installMetrics } from './platform/metrics';
import { installOpenApi } from './platform/openapi';
import { installSecurity } from './platform/security';
import { installStatic } from './platform/static';

export interface BuildOptions extends ContextOptions {
  /** Keeps rate-limit counters of parallel test servers apart in a shared Redis. */
  rateLimitNamespace?: string;
  logger?: boolean;
}

export interface App {
  app: FastifyInstance;
  ctx: AppContext;
}

const MAX_JSON_BODY = 1024 * 1024;

/** The composition root: every plugin, module and job handler is wired here, and nowhere else. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<App> {
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.authorization', 'req.headers.cookie'],
          },
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    requestIdHeader: false,
    trustProxy: config.trustProxy as boolean | string,
    bodyLimit: MAX_JSON_BODY,
    forceCloseConnections: 'idle',
    return503OnClosing: true,
  });
  app.setValidatorCompiler(validatorCompiler);
  // Answers are checked against the contract in development and tests; production trusts the checked code.
  app.setSerializerCompiler(config.isProduction ? () => (data) => JSON.stringify(data) : serializerCompiler);
  decorateRequests(app);
  installErrorHandler(app);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  const ctx = await createContext(config, app.log, options);
  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2 }) : undefined;

  await installSecurity(app, config);
  // Some payment gateways post their callbacks as forms.
  await app.register(formbody);
  // Uploads: each route sets its own size cap; files stream, they are not buffered by the parser.
  await app.register(multipart, { limits: { fileSize: config.media.maxVideoBytes, files: 1, fields: 10 } });
  await app.register(rateLimitPlugin, {
    global: false,
    redis,
    nameSpace: options.rateLimitNamespace ?? 'inkwell-rl-',
    skipOnError: true,
  });
  await installOpenApi(app, config);
  installMetrics(app, config);

  const gateways = createGateways(config, ctx.appSecret);
  systemRoutes(app, ctx);
  identityRoutes(app, ctx);
  usersRoutes(app, ctx);
  searchRoutes(app, ctx);
  insightsRoutes(app, ctx);
  organizationsRoutes(app, ctx);
  accountsRoutes(app, ctx);
  billingRoutes(app, ctx, gateways);
  paymentsRoutes(app, ctx, gateways);
  mediaRoutes(app, ctx);
  postsRoutes(app, ctx);
  commentsRoutes(app, ctx);
  likesRoutes(app, ctx);
  followsRoutes(app, ctx);

  await installStatic(app, config);

  if (config.jobs === 'inline') await ctx.jobs.work(jobHandlers(ctx));

  app.addHook('onClose', async () => {
    await closeContext(ctx);
    redis?.disconnect();
  });
  return { app, ctx };
}
