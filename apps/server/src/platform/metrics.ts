import type { FastifyInstance } from 'fastify';
import { Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Config } from '../config';
import { safeEqual, bearerToken } from './auth/tokens';
import { forbidden, notFound } from './errors';
import { fromThisMachine } from './http/loopback';
import type { QueueBacklog } from './jobs/queue';

/**
 * Prometheus metrics at `/metrics`: with `METRICS_TOKEN` as a bearer token; without one, from this machine
 * only and never in production (a reverse proxy on the same host makes every request look local).
 */
export function installMetrics(
  app: FastifyInstance,
  config: Config,
  backlog?: () => Promise<QueueBacklog[]>,
): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  if (backlog) {
    // Read at each scrape: an alert on the oldest job's age finds a hung or missing worker.
    const read = () => backlog().catch(() => [] as QueueBacklog[]);
    new Gauge({
      name: 'inkwell_job_oldest_waiting_seconds',
      help: 'Age of the oldest job due and not yet taken, per queue',
      labelNames: ['queue'],
      registers: [registry],
      async collect() {
        this.reset();
        for (const q of await read()) this.set({ queue: q.queue }, q.oldest_seconds);
      },
    });
    new Gauge({
      name: 'inkwell_jobs_waiting',
      help: 'Jobs due and not yet taken, per queue',
      labelNames: ['queue'],
      registers: [registry],
      async collect() {
        this.reset();
        for (const q of await read()) this.set({ queue: q.queue }, q.waiting);
      },
    });
  }
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
    if (config.metricsToken) {
      const token = bearerToken(request.headers.authorization);
      if (token === undefined || !safeEqual(token, config.metricsToken)) throw forbidden();
    } else if (config.isProduction || !fromThisMachine(request)) {
      throw notFound();
    }
    reply.type(registry.contentType);
    return registry.metrics();
  });
  return registry;
}
