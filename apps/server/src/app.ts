import { randomUUID } from 'node:crypto';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import rateLimitPlugin from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { trustProxyOption, type Config } from './config';
import { socketAccess } from './modules/realtime';
import { installCompression } from './platform/compression';
import type { AppContext } from './platform/context';
import { closeContext, createContext, startEventRelay, type ContextOptions } from './platform/create-context';
import { watchBacklog } from './platform/jobs/health';
import { clientErrorHandler, frameworkErrorHandler, installErrorHandler } from './platform/http/error-handler';
import { decorateRequests } from './platform/http/request';
import { responseSerializerCompiler } from './platform/http/serializer';
import { validatorCompiler } from './platform/http/validation';
import { installMetrics } from './platform/metrics';
import { installOpenApi } from './platform/openapi';
import { installHostGuard } from './platform/http/hosts';
import { installSecurity } from './platform/security';
import { installStatic } from './platform/static';
import { eventSubscribers, jobHandlers, moduleRoutes, registrations } from './registrations';

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

/** The composition root: every plugin is wired here, and every module listed in registrations.ts. */
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
    // Proxy addresses or a hop count, never every hop (parseTrustProxy); the cast only settles the overload.
    trustProxy: trustProxyOption(config.trustProxy) as string,
    bodyLimit: MAX_JSON_BODY,
    forceCloseConnections: 'idle',
    return503OnClosing: true,
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
  });
  app.setValidatorCompiler(validatorCompiler);
  // One serializer everywhere, compiled from the contract: production writes what the tests saw, never a
  // column the contract does not list. Outside production each answer is also checked against its schema.
  app.setSerializerCompiler(responseSerializerCompiler({ check: !config.isProduction }));
  decorateRequests(app);
  installErrorHandler(app);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  const ctx = await createContext(config, app.log, registrations, options);
  ctx.events.register(eventSubscribers(ctx));
  startEventRelay(ctx);
  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2 }) : undefined;
  // A Redis outage must not end the process: the rate-limit store skips a failed count (skipOnError) and the
  // client reconnects by itself.
  redis?.on('error', (err) => app.log.warn({ err }, 'rate-limit redis error'));

  installHostGuard(app, config);
  // Before any route: it hooks each route as it is added.
  await installCompression(app);
  await installSecurity(app, config);
  // Some payment gateways post their callbacks as forms.
  await app.register(formbody);
  // Uploads: each route sets its own size cap; files stream, they are not buffered by the parser.
  await app.register(multipart, { limits: { fileSize: config.media.maxVideoBytes, files: 1, fields: 10 } });
  await app.register(rateLimitPlugin, {
    global: false,
    redis,
    nameSpace: `${config.redisPrefix}${options.rateLimitNamespace ?? 'rl:'}`,
    skipOnError: true,
  });
  await installOpenApi(app, config);
  installMetrics(app, config, () => ctx.jobs.backlog());

  moduleRoutes(app, ctx);

  await installStatic(app, config);

  if (config.jobs === 'inline') {
    await ctx.jobs.work(jobHandlers(ctx));
    const stopWatching = watchBacklog(ctx);
    app.addHook('onClose', async () => stopWatching());
  }

  // Sockets share the HTTP server; they are let go before it closes (an open WebSocket would hold it).
  ctx.realtime.attach(app.server, socketAccess(ctx));
  app.addHook('preClose', async () => {
    // Requests still running when the grace is over (waiting on a database that stopped answering) are cut, so
    // a stop always ends; those that finish in time are answered as usual.
    const cut = setTimeout(() => app.server.closeAllConnections(), config.shutdownTimeoutMs);
    cut.unref();
    app.server.once('close', () => clearTimeout(cut));
    await ctx.realtime.close();
  });

  app.addHook('onClose', async () => {
    await closeContext(ctx);
    redis?.disconnect();
  });
  return { app, ctx };
}
