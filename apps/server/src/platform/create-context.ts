import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import { connectDatabase, type Database } from '../db/connect';
import { runMigrations } from '../db/migrate';
import { seedPlans } from '../modules/billing/plans.seed';
import { seedRolesAndPermissions } from '../seed/system';
import type { AppContext } from './context';
import { startJobQueue, type JobQueue } from './jobs/queue';
import { killRunningTranscodes } from './media/ffmpeg';
import { createMailer } from './mail/mailer';
import { appSecret } from './secrets';
import { createStorage } from './storage';

export interface ContextOptions {
  /** An already open database (tests hand in a fresh one per file). */
  database?: Database;
  jobPollSeconds?: number;
  jobMaintenanceSeconds?: number;
}

/** Opens the database, applies migrations and the role seed, starts the job queue: shared by serve and worker. */
export async function createContext(
  config: Config,
  log: FastifyBaseLogger,
  options: ContextOptions = {},
): Promise<AppContext> {
  const database =
    options.database ??
    (await connectDatabase(
      config.databaseUrl
        ? { kind: 'postgres', url: config.databaseUrl }
        : { kind: 'pglite', dataDir: path.join(config.dataDir, 'db') },
    ));
  await runMigrations(database);
  await seedRolesAndPermissions(database.db);
  await seedPlans(database.db);
  // The mailer queues through the job queue, which starts after it; it is only used once both exist.
  const queue: { jobs?: JobQueue } = {};
  const mail = createMailer(config, database.db, () => queue.jobs!, log);
  const jobs = (queue.jobs = await startJobQueue(database, log, options.jobPollSeconds, options.jobMaintenanceSeconds));
  return {
    config,
    database,
    db: database.db,
    jobs,
    mail,
    log,
    appSecret: appSecret(config),
    storage: createStorage(config),
  };
}

/** Stops jobs (running ones finish or are released), then closes mail and the database. */
export async function closeContext(ctx: AppContext): Promise<void> {
  await ctx.jobs.stop(ctx.config.shutdownTimeoutMs);
  // A transcode still running past the timeout is abandoned here and picked up again by another worker.
  killRunningTranscodes();
  ctx.mail.close();
  await ctx.database.close();
}
