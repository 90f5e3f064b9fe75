import type { FastifyInstance } from 'fastify';
import { Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Config } from '../config';
import { safeEqual, bearerToken } from './auth/tokens';
import { forbidden } from './errors';

/** Prometheus metrics at `/metrics`; in production only from loopback or with `METRICS_TOKEN`. */
export function installMetrics(app: FastifyInstance, config: Config): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by route',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    const routeUrl = request.routeOptions.url;
    if (!routeUrl || routeUrl === '/metrics') return;
    duration.observe(
      { method: request.method, route: routeUrl, status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (config.isProduction) {
      const token = bearerToken(request.headers.authorization);
      const allowed = config.metricsToken
        ? token !== undefined && safeEqual(token, config.metricsToken)
        : ['127.0.0.1', '::1', '::ffff:127.0.0.1'].includes(request.socket.remoteAddress ?? '');
      if (!allowed) throw forbidden();
    }
    reply.type(registry.contentType);
    return registry.metrics();
  });
  return registry;
}
