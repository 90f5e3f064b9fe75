import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import { connectDatabase, type Database } from '../db/connect';
import { pruneHandledEvents } from '../db/handled-events';
import { runMigrations, underStartupLock } from '../db/migrate';
import type { AppContext } from './context';
import type { StartupSeed } from './module';
import { createEventBus } from './events';
import { createOutbox } from './events/outbox';
import { atMost } from './deadline';
import { startJobQueue, type JobQueue, type JobQueueSettings } from './jobs/queue';
import { killRunningTranscodes } from './media/ffmpeg';
import { createMailer } from './mail/mailer';
import { createRealtime } from './realtime';
import { appSecret } from './secrets';
import { createStorage } from './storage';

/**
 * What the modules register with the platform, assembled at the composition root (`registrations.ts`): the
 * platform knows no module, it runs what it is handed.
 */
export interface PlatformRegistrations {
  /** Run in this order, after the migrations and before the job queue starts. */
  startupSeeds: readonly StartupSeed[];
  /** Retries and schedules of the modules' jobs. */
  jobQueues: JobQueueSettings;
}

export interface ContextOptions {
  /** An already open database (tests hand in a fresh one per file). */
  database?: Database;
  jobPollSeconds?: number;
  jobMaintenanceSeconds?: number;
  /** Redis key prefix of the realtime adapter (keeps parallel test servers' rooms apart in a shared Redis). */
  realtimeKey?: string;
}

/**
 * Opens the database, applies migrations and the startup seeds (roles, plans), starts the job queue: shared
 * by serve, worker and the CLI commands.
 */
export async function createContext(
  config: Config,
  log: FastifyBaseLogger,
  registrations: PlatformRegistrations,
  options: ContextOptions = {},
): Promise<AppContext> {
  const database =
    options.database ??
    (await connectDatabase(
      config.databaseUrl
        ? { kind: 'postgres', url: config.databaseUrl, guardSql: !config.isProduction }
        : { kind: 'pglite', dataDir: path.join(config.dataDir, 'db'), guardSql: !config.isProduction },
    ));
  // `ctx.transaction` opens its transactions on this database, and writes their events to its outbox.
  const events = createEventBus(log, { afterCommit: faultAfterCommit(config) });
  events.attach(database.db, createOutbox(database.db, config.outboxRetrySeconds));
  // The mailer queues through the job queue, which starts after it; it is only used once both exist.
  const queue: { jobs?: JobQueue } = {};
  const mail = createMailer(config, database.db, () => queue.jobs!, log);
  const jobs = (queue.jobs = await underStartupLock(database, async () => {
    await runMigrations(database);
    for (const seed of registrations.startupSeeds) await seed(database.db);
    return startJobQueue(database, log, registrations.jobQueues, options.jobPollSeconds, options.jobMaintenanceSeconds);
  }));
  const secret = appSecret(config);
  return {
    config,
    database,
    db: database.db,
    transaction: events.transaction,
    jobs,
    events,
    mail,
    log,
    appSecret: secret,
    storage: createStorage(config),
    realtime: createRealtime({
      appSecret: secret,
      allowedOrigins: [config.publicUrl, ...config.corsOrigins],
      redisUrl: config.redisUrl,
      redisKey: `${config.redisPrefix}${options.realtimeKey ?? 'socket.io'}`,
      log,
    }),
  };
}

/**
 * The test fault `FAULT_EXIT_AFTER_COMMIT`: the process kills itself between a commit that published the named
 * event and its subscribers, as a crash or an OOM kill would (never in production, see config).
 */
function faultAfterCommit(config: Config): ((events: { type: string }[]) => void) | undefined {
  const type = config.faultExitAfterCommit;
  if (!type) return undefined;
  return (events) => {
    if (events.some((e) => e.type === type)) process.kill(process.pid, 'SIGKILL');
  };
}

/** Hands out, every few seconds, the events a dead process committed but never handed out (serve and worker). */
export function startEventRelay(ctx: AppContext): void {
  ctx.events.startRelay(Math.min(5000, Math.max(1000, (ctx.config.outboxRetrySeconds * 1000) / 3)));
  // Which events were handled is kept a week (see db/handled-events.ts), trimmed hourly by whoever runs.
  const prune = setInterval(() => void pruneHandledEvents(ctx.db).catch(() => undefined), 3_600_000);
  prune.unref();
  relayPrunes.set(ctx, prune);
}

const relayPrunes = new WeakMap<AppContext, NodeJS.Timeout>();

/**
 * Stops jobs (running ones finish or are released), then closes mail and the database. Each step has a deadline,
 * so a database that stopped answering (a black-holed socket, not a refused one) cannot hold a stop for ever.
 */
export async function closeContext(ctx: AppContext): Promise<void> {
  const grace = ctx.config.shutdownTimeoutMs;
  const late = (step: string, ms: number) => ctx.log.warn({ step, ms }, 'shutdown step overran its deadline; going on');
  ctx.events.stopRelay();
  clearInterval(relayPrunes.get(ctx));
  // Events already committed still reach their subscribers (which queue jobs) before the queue stops.
  await atMost(ctx.events.drain(), grace, late, 'events');
  await atMost(ctx.jobs.stop(grace), grace + CLOSE_MS, late, 'jobs');
  // A transcode still running past the timeout is abandoned here and picked up again by another worker.
  killRunningTranscodes();
  await atMost(ctx.realtime.close(), CLOSE_MS, late, 'realtime');
  ctx.mail.close();
  await atMost(ctx.database.close(), CLOSE_MS, late, 'database');
}

/** How long closing a connection pool or the sockets may take once nothing uses them. */
const CLOSE_MS = 5000;
