import { JOB_NAMES } from '@inkwell/contracts';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { freshDatabase } from '../../../test/database';
import { freePort } from '../../../test/redis';
import { waitFor } from '../../../test/wait-for';
import type { AppContext } from '../context';
import { jobHealth, startWorkerHealth } from './health';
import { startJobQueue, type JobHandlers, type JobQueue } from './queue';

/**
 * Issue 25: a queue's loop that ends is started again (the in-process worker of `npm start` included), and a
 * worker tells a supervisor when its queues stall: `/readyz` with the oldest due job's age per queue.
 */
let fresh: Awaited<ReturnType<typeof freshDatabase>>;
let jobs: JobQueue;
const ran: string[] = [];

beforeAll(async () => {
  fresh = await freshDatabase();
  // Polls every half second, maintenance rarely, the watchdog every 200 ms.
  jobs = await startJobQueue(fresh.database, pino({ level: 'silent' }), {}, 0.5, 3600, 200);
  const handlers = Object.fromEntries(
    JOB_NAMES.map((name) => [name, async () => void ran.push(name)]),
  ) as unknown as JobHandlers;
  await jobs.work(handlers);
});
afterAll(async () => {
  await jobs?.stop(1000);
  await fresh?.database.close();
  await fresh?.drop();
});

describe('the job queue supervises its loops', () => {
  it('a queue whose loop ended is started again and its jobs run', async () => {
    // As if the loop had ended on its own: pg-boss' own way to stop a queue's worker.
    await jobs.boss.offWork('timeline.prune');
    await new Promise((resolve) => setTimeout(resolve, 600));
    await jobs.send('timeline.prune', {});
    await waitFor(() => expect(ran).toContain('timeline.prune'), { timeoutMs: 10_000 });
  });
});

describe('the worker health check', () => {
  // A database of its own whose queues nobody works: what is sent waits, as behind a hung or missing worker.
  let idle: Awaited<ReturnType<typeof freshDatabase>>;
  let unworked: JobQueue;
  beforeAll(async () => {
    idle = await freshDatabase();
    unworked = await startJobQueue(idle.database, pino({ level: 'silent' }), {}, 0.5, 3600);
  });
  afterAll(async () => {
    await unworked?.stop(1000);
    await idle?.database.close();
    await idle?.drop();
  });
  const ctxWith = (stallSeconds: number) =>
    ({
      jobs: unworked,
      config: loadConfig({ NODE_ENV: 'test', JOB_STALL_SECONDS: String(stallSeconds), HOST: '127.0.0.1' }),
    }) as unknown as AppContext;

  it('reports each queue’s waiting jobs and the oldest one’s age; a queue past the threshold is stalled', async () => {
    await unworked.send('media.cleanup', {});
    await idle.database.executeSql(
      `update pgboss.job set start_after = now() - interval '20 minutes', created_on = now() - interval '20 minutes'
        where name = 'media.cleanup' and state = 'created'`,
    );
    const late = await jobHealth(ctxWith(600));
    expect(late.ready).toBe(false);
    expect(late.body).toMatchObject({ status: 'stalled', stalled: ['media.cleanup'] });
    const queue = (late.body.queues as { queue: string; waiting: number; oldest_seconds: number }[]).find(
      (q) => q.queue === 'media.cleanup',
    );
    expect(queue!.waiting).toBeGreaterThanOrEqual(1);
    expect(queue!.oldest_seconds).toBeGreaterThanOrEqual(1200);
    // Under a threshold it has not reached, the same backlog is healthy.
    expect((await jobHealth(ctxWith(3600))).ready).toBe(true);

    // Served on the worker's own port for a supervisor (systemd, a container health check).
    const port = await freePort();
    const server = await startWorkerHealth({ ...ctxWith(600), log: pino({ level: 'silent' }) }, port);
    try {
      const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toMatchObject({ status: 'stalled', stalled: ['media.cleanup'] });
      expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
      await idle.database.executeSql(`delete from pgboss.job where name = 'media.cleanup'`);
      expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(200);
    } finally {
      server.close();
    }
  });
});
