import { JOB_NAMES, JobPayloads, type JobName, type JobPayload } from '@inkwell/contracts';
import { createRequire } from 'node:module';
import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/connect';
import { isDatabaseUnavailable } from '../../db/errors';

/** One handler per job in the contract (a forgotten or unknown job does not compile), from the composition root. */
export type JobHandlers = {
  [N in JobName]: (payload: JobPayload<N>, job: { id: string; retryCount: number }) => Promise<void>;
};

/**
 * How one job's queue differs from the defaults, registered by the module that owns the job: its retries,
 * and a cron (UTC) when it recurs.
 */
export interface QueueSettings {
  retry?: PgBoss.RetryOptions;
  schedule?: string;
  /**
   * Jobs a worker takes at once and runs side by side (each succeeds or is retried on its own); 1 unless a
   * queue of many small jobs (notifications, pushes) says more.
   */
  batchSize?: number;
}

/** Every module's queue settings, assembled at the composition root and handed to `startJobQueue`. */
export type JobQueueSettings = { readonly [N in JobName]?: QueueSettings };

/** One queue's waiting work: jobs due now and not taken, and how long the oldest has waited. */
export interface QueueBacklog {
  queue: string;
  waiting: number;
  oldest_seconds: number;
}

export interface JobQueue {
  send<N extends JobName>(name: N, payload: JobPayload<N>, options?: PgBoss.SendOptions): Promise<string | null>;
  /** Queues many jobs of one kind in one statement (a post reaching thousands of followers' browsers). */
  sendMany<N extends JobName>(name: N, payloads: JobPayload<N>[]): Promise<void>;
  /** Starts polling every queue with the given handlers (serve with JOBS=inline, or the worker process). */
  work(handlers: JobHandlers): Promise<void>;
  /** Stops taking jobs, lets running ones finish up to the timeout, then releases the rest for retry. */
  stop(timeoutMs: number): Promise<void>;
  /** Every queue with work due and not taken (health checks, metrics, the stall alert). */
  backlog(): Promise<QueueBacklog[]>;
  boss: PgBoss;
}

/** pg-boss' worker registry (its manager), reached through the prototype patched below. */
interface PgBossManager {
  workers: Map<string, { stopping: boolean; stopped: boolean }>;
}
/** The manager whose `work` ran last: read right after calling `boss.work` (synchronously, before awaiting). */
let lastManager: PgBossManager | undefined;

/**
 * pg-boss completes and fails a finished job without awaiting (its manager's `onFetch`): with the database out of
 * reach those promises rejected with nobody listening, which ended the process. Each gets a handler here (an
 * awaiting caller still sees the rejection; the failed query is logged by `executeSql` below); the job stays
 * active and is handed out again when its time runs out. Its `work` also tells us the manager (the watchdog reads
 * its workers). Patched once, on the module pg-boss itself loads.
 */
function patchPgBoss(): void {
  type Completion = (...args: unknown[]) => Promise<unknown>;
  const Manager = createRequire(import.meta.url)('pg-boss/src/manager.js') as {
    prototype: Record<'complete' | 'fail' | 'work', Completion> & { inkwellHandled?: boolean };
  };
  if (Manager.prototype.inkwellHandled) return;
  Manager.prototype.inkwellHandled = true;
  // pg-boss hands its manager's methods to the PgBoss object by their function name: the replacements keep it.
  const replace = (name: 'complete' | 'fail' | 'work', fn: Completion) =>
    (Manager.prototype[name] = Object.defineProperty(fn, 'name', { value: name }));
  for (const name of ['complete', 'fail'] as const) {
    const original = Manager.prototype[name];
    replace(name, function (this: unknown, ...args: unknown[]) {
      const done = original.apply(this, args);
      done.catch(() => undefined);
      return done;
    });
  }
  const work = Manager.prototype.work;
  replace('work', function (this: PgBossManager, ...args: unknown[]) {
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the registry the watchdog reads is this object
    lastManager = this;
    return work.apply(this, args);
  });
}

const RETRY: PgBoss.RetryOptions = { retryLimit: 5, retryDelay: 5, retryBackoff: true };

/**
 * A job whose worker stops renewing it for this long is handed to another worker (pg-boss' expiry, noticed by
 * its maintenance): a killed worker's work is retried within about a minute, not after pg-boss' 15-minute
 * default. Long work (a transcode) stays its worker's through the heartbeat below; ffmpeg has its own timeout.
 */
export const JOB_EXPIRE_SECONDS = 30;
const HEARTBEAT_MS = 10_000;

/** pg-boss on the app's own connection (PGlite has only one; on PostgreSQL it shares the pool). */
function createBoss(
  database: Database,
  logger: FastifyBaseLogger,
  maintenanceSeconds: number,
  stopped: () => boolean,
): PgBoss {
  const boss = new PgBoss({
    db: {
      // A handler still running past the stop timeout ends after the connection has closed, and pg-boss then
      // records its failure unawaited: that write is dropped (the job stays active and is handed out again
      // when its time runs out) instead of becoming an unhandled rejection.
      // (An answer without rows reads as "nothing affected" to its completion calls; `rows: []` would not.)
      executeSql: (text, values) => {
        if (stopped()) return Promise.resolve({ rows: undefined as unknown as [] });
        const answer = database.executeSql(text, values);
        // pg-boss completes and fails jobs without awaiting: while the database is out of reach each of those
        // rejections was unhandled, and ended the process. Handled here (awaiting callers still see the error);
        // the job stays active and is handed out again when its time runs out.
        answer.catch((err: unknown) =>
          logger[isDatabaseUnavailable(err) ? 'debug' : 'warn']({ err }, 'job queue query failed'),
        );
        return answer;
      },
    },
    // Maintenance also notices jobs whose worker died (their time ran out) and hands them out again.
    maintenanceIntervalSeconds: maintenanceSeconds,
  });
  boss.on('error', (error) => logger.error({ err: error }, 'job queue error'));
  return boss;
}

/** Every queue of the contract with its retries and expiry, and the schedules of those that recur. */
async function createQueues(boss: PgBoss, settings: JobQueueSettings): Promise<void> {
  for (const name of JOB_NAMES) {
    const queue = { name, ...RETRY, expireInSeconds: JOB_EXPIRE_SECONDS, ...settings[name]?.retry };
    await boss.createQueue(name, queue);
    // An install made by an earlier version keeps its queues: their retries and expiry are brought up to date.
    await boss.updateQueue(name, queue);
  }
  for (const name of JOB_NAMES) {
    const cron = settings[name]?.schedule;
    if (cron) await boss.schedule(name, cron, {}, { tz: 'UTC' });
  }
}

type AnyHandler = (payload: unknown, job: { id: string; retryCount: number }) => Promise<void>;

/** Runs one job with its handler, renewing the job's expiry while it runs (the heartbeat), and logs how it went. */
async function runJob(
  database: Database,
  logger: FastifyBaseLogger,
  name: JobName,
  handler: AnyHandler,
  job: PgBoss.JobWithMetadata<unknown>,
): Promise<void> {
  const started = Date.now();
  // The heartbeat: while the handler runs, its job's expiry moves on, so only a dead worker's job expires.
  const heartbeat = setInterval(() => {
    database
      .executeSql(
        `update pgboss.job set expire_in = (now() - started_on) + make_interval(secs => $3)
          where name = $1 and id = $2 and state = 'active'`,
        [name, job.id, JOB_EXPIRE_SECONDS],
      )
      .catch((err: unknown) => logger.debug({ err, job: name, jobId: job.id }, 'job heartbeat failed'));
  }, HEARTBEAT_MS);
  try {
    await handler(JobPayloads[name].parse(job.data), { id: job.id, retryCount: job.retryCount });
    logger.info({ job: name, jobId: job.id, ms: Date.now() - started }, 'job done');
  } catch (err) {
    logger.warn({ err, job: name, jobId: job.id, retry: job.retryCount }, 'job failed');
    throw err;
  } finally {
    clearInterval(heartbeat);
  }
}

interface WorkerOptions {
  settings: JobQueueSettings;
  pollSeconds: number;
  watchdogMs: number;
  stopped: () => boolean;
}

/**
 * The polling loops, one per queue, and the watchdog that starts again a loop that ended while the queue runs
 * (it should not; if it does, its jobs would wait forever in a process that looks healthy).
 */
function createWorkers(boss: PgBoss, database: Database, logger: FastifyBaseLogger, options: WorkerOptions) {
  const workers = new Map<JobName, string[]>();
  let manager: PgBossManager | undefined;
  let watchdog: NodeJS.Timeout | undefined;

  async function start(name: JobName, handlers: JobHandlers): Promise<void> {
    const batchSize = options.settings[name]?.batchSize ?? 1;
    const handler = handlers[name] as AnyHandler;
    const run = (job: PgBoss.JobWithMetadata<unknown>) => runJob(database, logger, name, handler, job);
    let workerId = '';
    const registering = boss.work(
      name,
      { pollingIntervalSeconds: options.pollSeconds, includeMetadata: true, batchSize },
      async (jobs) => {
        if (jobs.length === 1) {
          await run(jobs[0]!);
        } else {
          // Side by side; a job that fails is failed (and retried) alone, the others complete with the batch.
          const results = await Promise.allSettled(jobs.map(run));
          for (const [i, result] of results.entries()) {
            if (result.status === 'rejected') await boss.fail(name, jobs[i]!.id, { message: String(result.reason) });
          }
        }
        // A full batch means more may be waiting: fetch again at once instead of after the polling interval.
        if (jobs.length === batchSize) boss.notifyWorker(workerId);
      },
    );
    manager ??= lastManager;
    workerId = await registering;
    workers.set(name, [workerId]);
  }

  function alive(name: JobName): boolean {
    return (workers.get(name) ?? []).some((id) => {
      const worker = manager!.workers.get(id);
      return worker !== undefined && !worker.stopping && !worker.stopped;
    });
  }

  return {
    async work(handlers: JobHandlers): Promise<void> {
      for (const name of JOB_NAMES) await start(name, handlers);
      watchdog = setInterval(() => {
        if (options.stopped() || !manager) return;
        for (const name of JOB_NAMES) {
          if (alive(name)) continue;
          logger.error({ job: name }, 'job worker loop ended; starting it again');
          start(name, handlers).catch((err: unknown) =>
            logger.error({ err, job: name }, 'job worker loop did not start'),
          );
        }
      }, options.watchdogMs);
      watchdog.unref();
    },
    /** A worker in this process starts at once instead of at its next poll. */
    notify(name: JobName): void {
      for (const workerId of workers.get(name) ?? []) boss.notifyWorker(workerId);
    },
    stopWatchdog(): void {
      clearInterval(watchdog);
    },
  };
}

/** Every queue with work due and not taken, and how long its oldest job has waited. */
async function backlogOf(database: Database): Promise<QueueBacklog[]> {
  const { rows } = await database.executeSql<{ queue: string; waiting: number; oldest_seconds: number }>(
    `select name as queue, count(*)::int as waiting,
            floor(extract(epoch from now() - min(start_after)))::int as oldest_seconds
       from pgboss.job where state in ('created', 'retry') and start_after <= now()
      group by name order by name`,
  );
  return rows.map((r) => ({ queue: r.queue, waiting: Number(r.waiting), oldest_seconds: Number(r.oldest_seconds) }));
}

export async function startJobQueue(
  database: Database,
  logger: FastifyBaseLogger,
  settings: JobQueueSettings,
  pollSeconds = 1,
  maintenanceSeconds = 15,
  watchdogMs = 30_000,
): Promise<JobQueue> {
  patchPgBoss();
  let stopped = false;
  const isStopped = () => stopped;
  const boss = createBoss(database, logger, maintenanceSeconds, isStopped);
  await boss.start();
  await createQueues(boss, settings);
  const workers = createWorkers(boss, database, logger, { settings, pollSeconds, watchdogMs, stopped: isStopped });

  return {
    boss,
    async send(name, payload, options) {
      const data = JobPayloads[name].parse(payload);
      const id = await boss.send(name, data, { ...RETRY, ...settings[name]?.retry, ...options });
      workers.notify(name);
      return id;
    },
    async sendMany(name, payloads) {
      if (payloads.length === 0) return;
      const retry = { ...RETRY, ...settings[name]?.retry };
      // One statement per thousand jobs keeps each insert's parameters within bounds.
      for (let start = 0; start < payloads.length; start += 1000) {
        await boss.insert(
          payloads.slice(start, start + 1000).map((payload) => ({
            name,
            data: JobPayloads[name].parse(payload) as object,
            retryLimit: retry.retryLimit,
            retryDelay: retry.retryDelay,
            retryBackoff: retry.retryBackoff,
          })),
        );
      }
      workers.notify(name);
    },
    work: workers.work,
    backlog: () => backlogOf(database),
    async stop(timeoutMs) {
      workers.stopWatchdog();
      await boss.stop({ graceful: true, timeout: Math.max(timeoutMs, 1000), wait: true, close: true });
      stopped = true;
    },
  };
}
