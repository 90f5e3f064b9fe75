#!/usr/bin/env node
import { randomBytes } from 'node:crypto';
import { JOB_NAMES, JobPayloads, type JobName } from '@inkwell/contracts';
import { buildApp } from './app';
import { parseArgs, stringArg } from './cli/args';
import { backup, restore } from './cli/backup';
import { acquireLock, holderPid } from './cli/lock';
import { cliLogger } from './cli/logger';
import { loadConfig, type Config } from './config';
import { closeContext, createContext, startEventRelay } from './platform/create-context';
import { onUnhandledRejection } from './platform/faults';
import { eventSubscribers, jobHandlers, registrations } from './registrations';
import { startWorkerHealth, watchBacklog } from './platform/jobs/health';
import type { JobHandlers } from './platform/jobs/queue';
import { seedDemo } from './seed/demo';
import { demoEmail } from './seed/demo/users.scenario';
import { ensureRootAdmin, upsertAdmin } from './seed/root-admin';

const USAGE = `Usage: inkwell <command>

  serve                 HTTP server (and the job worker unless JOBS=off)
  worker                job worker only
  migrate               apply database migrations
  seed [scenario ...]   add the demo data set (every scenario not yet applied)
  admin:create --email E [--password P] [--name N] [--role admin|root]
                        create an administrator, or reset an existing one's password
  backup [--out DIR]    write a restorable backup (database + uploads)
  restore DIR           restore a backup written by \`backup\`
  job NAME              run a scheduled job once now (e.g. \`job discovery.refresh\`)
`;

/** Stops cleanly on SIGINT/SIGTERM; a second signal exits at once. */
function onShutdown(stop: () => Promise<void>): void {
  let stopping = false;
  const handler = (signal: string) => {
    if (stopping) process.exit(1);
    stopping = true;
    console.log(`\n${signal} received: finishing requests and jobs…`);
    stop().then(
      () => process.exit(0),
      (err) => {
        console.error(err);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => handler('SIGINT'));
  process.on('SIGTERM', () => handler('SIGTERM'));
}

async function serve(config: Config): Promise<void> {
  const started = Date.now();
  const release = acquireLock(config);
  const { app, ctx } = await buildApp(config);
  const admin = await ensureRootAdmin(ctx.db, config.adminEmail, config.adminPassword);
  const demo = config.seedDemo ? await seedDemo(ctx) : undefined;
  onShutdown(async () => {
    await app.close();
    release();
  });
  await app.listen({ port: config.port, host: config.host });

  const lines = [
    '',
    `  Inkwell is ready at ${config.publicUrl}  (started in ${((Date.now() - started) / 1000).toFixed(1)} s)`,
    '',
    `  Admin login:  ${admin.email}`,
    admin.generatedPassword
      ? `  Password:     ${admin.generatedPassword}   (shown once; change it under Profile → Change password)`
      : config.adminPassword
        ? '  Password:     the ADMIN_PASSWORD you set'
        : '  Password:     printed at the first start (reset: npm run admin:create -- --email <e-mail>)',
  ];
  if (demo) {
    lines.push('', `  Demo people:  ${demoEmail('aye')}, ${demoEmail('somchai')}, … password ${demo.password}`);
  }
  if (!config.isProduction && !config.smtpUrl)
    lines.push(`  Mailbox:      ${config.publicUrl}/dev/mailbox (activation and reset mails; this machine only)`);
  lines.push(
    '',
    `  Links in mails: ${config.publicUrl}${config.publicUrlDefaulted ? ' (the default: PUBLIC_URL is not set)' : ''}`,
  );
  if (!config.isProduction && config.host === 'localhost')
    lines.push(
      '  Listening on this machine only. To open it to a phone on your network, listen on every interface and',
      '  say the address the phone reaches it at (the server answers only the names it knows):',
      `  HOST=0.0.0.0 PUBLIC_URL=http://192.168.1.20:${config.port} npm start`,
    );
  else if (config.publicUrlDefaulted)
    lines.push(
      '  Opened from another device or behind a domain? Set PUBLIC_URL to the address people reach it at,',
      `  e.g. PUBLIC_URL=http://192.168.1.20:${config.port} npm start`,
    );
  console.log(`${lines.join('\n')}\n`);
}

async function worker(config: Config): Promise<void> {
  const release = acquireLock(config);
  const log = cliLogger(config);
  const ctx = await createContext(config, log, registrations);
  ctx.events.register(eventSubscribers(ctx));
  startEventRelay(ctx);
  await ctx.jobs.work(withFaults(config, jobHandlers(ctx)));
  const stopWatching = watchBacklog(ctx);
  const health = config.workerHealthPort ? await startWorkerHealth(ctx, config.workerHealthPort) : undefined;
  log.info({ healthPort: config.workerHealthPort }, 'worker started');
  onShutdown(async () => {
    stopWatching();
    health?.close();
    await closeContext(ctx);
    release();
  });
}

/** The test fault `FAULT_HOLD_JOB`: the worker takes that job and never finishes it (never in production). */
function withFaults(config: Config, handlers: JobHandlers): JobHandlers {
  const held = config.faultHoldJob as keyof JobHandlers | undefined;
  if (!held || !(held in handlers)) return handlers;
  return { ...handlers, [held]: () => new Promise<void>(() => undefined) };
}

const isJobName = (name: string): name is JobName => (JOB_NAMES as readonly string[]).includes(name);

/** Commands that open the database briefly, then close it. */
async function withContext(config: Config, fn: (ctx: Awaited<ReturnType<typeof createContext>>) => Promise<void>) {
  const release = acquireLock(config);
  const ctx = await createContext(config, cliLogger(config), registrations);
  // The demo seed goes through the services: its likes, follows and comments queue their notifications.
  ctx.events.register(eventSubscribers(ctx));
  try {
    await fn(ctx);
  } finally {
    await closeContext(ctx);
    release();
  }
}

async function main(): Promise<void> {
  const [command, ...rest] = process.argv.slice(2);
  const args = parseArgs(rest);
  const config = loadConfig();
  // A dependency that blinks must not end a long-running process; a bug still does (its supervisor restarts it).
  if (command === 'serve' || command === 'worker') onUnhandledRejection(cliLogger(config));
  switch (command) {
    case 'serve':
      return serve(config);
    case 'worker':
      return worker(config);
    case 'migrate':
      return withContext(config, async () => console.log('Migrations applied.'));
    case 'seed':
      return withContext(config, async (ctx) => {
        const result = await seedDemo(ctx, args._.length ? args._ : undefined);
        console.log(result.ran.length ? `Seeded: ${result.ran.join(', ')}` : 'Demo data already present.');
      });
    case 'admin:create': {
      const email = stringArg(args.email);
      if (!email) throw new Error('admin:create needs --email');
      const role = stringArg(args.role) === 'admin' ? 'admin' : 'root';
      const password = stringArg(args.password) ?? randomBytes(12).toString('base64url');
      return withContext(config, async (ctx) => {
        await upsertAdmin(ctx.db, { email, password, name: stringArg(args.name), role });
        console.log(`Administrator ${email} (${role}) is ready.${args.password ? '' : ` Password: ${password}`}`);
      });
    }
    case 'backup': {
      const pid = holderPid(config);
      if (pid) throw new Error(`Stop the server (pid ${pid}) before backing up the embedded database.`);
      const dir = await backup(config, stringArg(args.out));
      console.log(`Backup written to ${dir}`);
      return;
    }
    case 'restore': {
      const from = args._[0];
      if (!from) throw new Error('restore needs the backup folder');
      const release = acquireLock(config);
      try {
        await restore(config, from);
      } finally {
        release();
      }
      console.log(`Restored from ${from}`);
      return;
    }
    case 'job': {
      const name = args._[0];
      // Only a scheduled job (its payload is empty): the others act on rows a request or an event named.
      if (!name || !isJobName(name) || !JobPayloads[name].safeParse({}).success)
        throw new Error(
          `job needs the name of a scheduled job (${JOB_NAMES.filter((n) => JobPayloads[n].safeParse({}).success).join(', ')})`,
        );
      return withContext(config, async (ctx) => {
        const started = Date.now();
        await (jobHandlers(ctx)[name] as (payload: object) => Promise<void>)({});
        console.log(`${name} done in ${Date.now() - started} ms`);
      });
    }
    default:
      console.log(USAGE);
      process.exitCode = command && command !== 'help' ? 1 : 0;
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
