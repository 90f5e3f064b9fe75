import http from 'node:http';
import type { AppContext } from '../context';
import type { QueueBacklog } from './queue';

/** The queues whose oldest due job has waited past the threshold (`JOB_STALL_SECONDS`). */
export const stalled = (backlog: QueueBacklog[], stallSeconds: number): QueueBacklog[] =>
  backlog.filter((q) => q.oldest_seconds > stallSeconds);

/**
 * What a worker's health check reads: ready when the database answers and no queue is stalled. A stalled
 * queue means jobs wait and nobody takes them (a hung or missing worker), which a supervisor should see.
 */
export async function jobHealth(
  ctx: Pick<AppContext, 'jobs' | 'config'>,
): Promise<{ ready: boolean; body: Record<string, unknown> }> {
  try {
    const backlog = await ctx.jobs.backlog();
    const late = stalled(backlog, ctx.config.jobStallSeconds);
    return {
      ready: late.length === 0,
      body: { status: late.length === 0 ? 'ready' : 'stalled', queues: backlog, stalled: late.map((q) => q.queue) },
    };
  } catch {
    return { ready: false, body: { status: 'database unavailable' } };
  }
}

/** `inkwell worker`'s own `/healthz` (process up) and `/readyz` (see `jobHealth`), for a supervisor to poll. */
export function startWorkerHealth(ctx: AppContext, port: number): Promise<http.Server> {
  const server = http.createServer((request, response) => {
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      response.end(JSON.stringify(body));
    };
    if (request.url === '/healthz') return send(200, { status: 'ok' });
    if (request.url !== '/readyz') return send(404, { status: 'not found' });
    void jobHealth(ctx).then(({ ready, body }) => send(ready ? 200 : 503, body));
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, ctx.config.host, () => resolve(server));
  });
}

/**
 * The alert: once a minute, a stalled queue is logged as an error (with how long its oldest job has waited),
 * in the process that runs the jobs. Returns its stop.
 */
export function watchBacklog(ctx: AppContext, everyMs = 60_000): () => void {
  const timer = setInterval(() => {
    ctx.jobs.backlog().then(
      (backlog) => {
        for (const q of stalled(backlog, ctx.config.jobStallSeconds))
          ctx.log.error(
            { queue: q.queue, waiting: q.waiting, oldestSeconds: q.oldest_seconds },
            'job queue stalled: its oldest job has waited past JOB_STALL_SECONDS',
          );
      },
      () => undefined,
    );
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
