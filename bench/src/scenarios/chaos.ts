import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { creatorAccount, peopleWithTokens } from '../dataset';
import { serverEntry } from '../paths';

/**
 * Faults injected into a running install as an operator meets them (issue 25), under a steady write load:
 * its own throwaway PostgreSQL cluster and redis-server on free ports, `serve` (JOBS=off) and a `worker`, both
 * built. Per fault: writes acknowledged while it lasted, acknowledged writes lost (checked against the database
 * at the end), 5xx answers other than 503, processes that ended by themselves, and seconds from the fault's end
 * (or the kill) until the install serves again (serve's and the worker's `/readyz` 200 and a new comment
 * acknowledged) and until that comment's notification is written by the worker (behind the jobs that queued
 * meanwhile, under the same load).
 *
 *   npm run build && npm run bench -- chaos      (Linux, as root or the postgres user; PostgreSQL 15 binaries)
 */

const PG_BIN = process.env.BENCH_PG_BIN ?? '/usr/lib/postgresql/15/bin';
const VUS = Number(process.env.BENCH_CHAOS_VUS ?? 20);
const OUTAGE_MS = Number(process.env.BENCH_CHAOS_OUTAGE_MS ?? 5000);
/**
 * Each virtual user's pause between writes: 20 users at 200 ms make about 100 comments a second, within what one
 * worker on a small machine notifies (flat out, the queue grows without any fault and "notified" measures that).
 */
const PACE_MS = Number(process.env.BENCH_CHAOS_PACE_MS ?? 200);
const SECRET = 'chaos-secret-chaos-secret-chaos-secret-0123456';
const tokenOf = (i: number) => `bench-chaos-token-${i}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

/** A PostgreSQL cluster of the bench's own, which it can stop hard (`-m immediate`, a crash) and start again. */
async function cluster() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkwell-chaos-pg-'));
  const port = await freePort();
  const asPostgres = process.getuid?.() === 0;
  if (asPostgres) spawnSync('chown', ['-R', 'postgres', dir]);
  const run = (bin: string, args: string[]) => {
    const command = asPostgres ? 'runuser' : path.join(PG_BIN, bin);
    const full = asPostgres ? ['-u', 'postgres', '--', path.join(PG_BIN, bin), ...args] : args;
    const result = spawnSync(command, full, { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`${bin} ${args.join(' ')}: ${result.stderr || result.stdout}`);
  };
  const data = path.join(dir, 'data');
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const start = () =>
    run('pg_ctl', [
      '-D',
      data,
      '-l',
      path.join(dir, 'log'),
      '-w',
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`,
      'start',
    ]);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    crash: () => run('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']),
    start,
    remove: () => {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']);
      } catch {
        // already stopped
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A redis-server of the bench's own: killed with SIGKILL and started again on the same port. */
async function redis() {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const start = async () => {
    child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    for (let i = 0; i < 100; i++) {
      const up = await new Promise<boolean>((resolve) => {
        const socket = net.connect(port, '127.0.0.1', () => {
          socket.destroy();
          resolve(true);
        });
        socket.on('error', () => resolve(false));
      });
      if (up) return;
      await sleep(50);
    }
    throw new Error('redis-server did not start');
  };
  await start();
  return { url: `redis://127.0.0.1:${port}`, kill: () => child?.kill('SIGKILL'), start };
}

interface Proc {
  child: ChildProcess;
  /** Set when it ended without the bench killing it. */
  died?: string;
  killed: boolean;
}

async function waitOk(url: string, timeoutMs = 120_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(2000) })).ok) return true;
    } catch {
      // not yet
    }
    await sleep(100);
  }
  return false;
}

type Kind = 'serve' | 'worker';

/** The install's serve and worker, started and killed as the faults need; notes any that ended by itself. */
function processes(env: NodeJS.ProcessEnv) {
  const procs: Record<Kind, Proc | undefined> = { serve: undefined, worker: undefined };
  const exits: string[] = [];
  const launch = (kind: Kind) => {
    const child = spawn(process.execPath, [serverEntry, kind], {
      env: { ...env, JOBS: kind === 'serve' ? 'off' : 'inline' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const proc: Proc = { child, killed: false };
    child.on('exit', (code, signal) => {
      if (!proc.killed) {
        proc.died = `${kind} exited by itself (${signal ?? code})`;
        exits.push(proc.died);
      }
    });
    procs[kind] = proc;
    return proc;
  };
  const kill = (kind: Kind) => {
    const proc = procs[kind]!;
    proc.killed = true;
    proc.child.kill('SIGKILL');
  };
  const stop = () => {
    for (const kind of ['serve', 'worker'] as const) {
      const proc = procs[kind];
      if (proc && proc.child.exitCode === null) {
        proc.killed = true;
        proc.child.kill('SIGTERM');
      }
    }
  };
  return { exits, launch, kill, stop };
}

/** The running install and the post its load comments on. */
interface Install {
  base: string;
  healthPort: number;
  pool: pg.Pool;
  owner: number;
  post: number;
}

/** Serve first (it migrates), then the people, the creator's post, and the worker. */
async function startInstall(
  base: string,
  healthPort: number,
  pool: pg.Pool,
  launch: (kind: Kind) => unknown,
): Promise<Install> {
  launch('serve');
  if (!(await waitOk(`${base}/readyz`))) throw new Error('serve did not start');
  const q = (text: string, values?: unknown[]) => pool.query(text, values);
  const owner = (await peopleWithTokens(q, VUS + 1, 'chaos', tokenOf))[0]!;
  const account = await creatorAccount(q, owner, 'chaos');
  const created = await fetch(`${base}/api/posts`, {
    method: 'POST',
    headers: { authorization: `Bearer ${tokenOf(1)}`, 'content-type': 'application/json' },
    body: JSON.stringify({ account_id: account, type: 'status', content: 'Comment here, whatever breaks' }),
  });
  if (!created.ok) throw new Error(`post: ${created.status} ${await created.text()}`);
  const post = ((await created.json()) as { data: { id: number } }).data.id;
  launch('worker');
  if (!(await waitOk(`http://127.0.0.1:${healthPort}/readyz`))) throw new Error('worker did not start');
  return { base, healthPort, pool, owner, post };
}

/** The load: every virtual user comments on the post in a loop; a 201 is an acknowledged write, per phase. */
function commentLoad({ base, post }: Install) {
  const load = {
    phase: 'steady',
    running: true,
    acknowledged: new Map<string, number[]>(),
    fivexx: new Map<string, number>(),
    unavailable: new Map<string, number>(),
  };
  const vus = Array.from({ length: VUS }, async (_, v) => {
    let n = 0;
    while (load.running) {
      const at = load.phase;
      try {
        const res = await fetch(`${base}/api/comments`, {
          method: 'POST',
          headers: { authorization: `Bearer ${tokenOf(v + 2)}`, 'content-type': 'application/json' },
          body: JSON.stringify({ post_id: post, content: `vu ${v} comment ${++n}` }),
          signal: AbortSignal.timeout(15_000),
        });
        if (res.status === 201) {
          const id = ((await res.json()) as { data: { id: number } }).data.id;
          load.acknowledged.set(at, [...(load.acknowledged.get(at) ?? []), id]);
        } else {
          await res.body?.cancel();
          if (res.status === 503) load.unavailable.set(at, (load.unavailable.get(at) ?? 0) + 1);
          else if (res.status >= 500) load.fivexx.set(at, (load.fivexx.get(at) ?? 0) + 1);
        }
      } catch {
        // no answer (the server is down): not acknowledged, nothing to check
        await sleep(100);
      }
      await sleep(PACE_MS);
    }
  });
  const stop = async () => {
    load.running = false;
    await Promise.all(vus);
  };
  return { load, stop };
}
type Load = ReturnType<typeof commentLoad>['load'];

interface Recovery {
  serving: number;
  notified: number;
}

/** Healthy: serve and worker ready, and a comment made now has its notification, written by the worker. */
async function healthy({ base, healthPort, pool, owner, post }: Install, since: number): Promise<Recovery> {
  await waitOk(`${base}/readyz`, 180_000);
  await waitOk(`http://127.0.0.1:${healthPort}/readyz`, 180_000);
  let comment = 0;
  while (!comment) {
    try {
      const res = await fetch(`${base}/api/comments`, {
        method: 'POST',
        headers: { authorization: `Bearer ${tokenOf(2)}`, 'content-type': 'application/json' },
        body: JSON.stringify({ post_id: post, content: 'are you back?' }),
      });
      if (res.status === 201) comment = ((await res.json()) as { data: { id: number } }).data.id;
      else await res.body?.cancel();
    } catch {
      // not yet
    }
    if (!comment) await sleep(100);
  }
  const serving = (Date.now() - since) / 1000;
  for (;;) {
    try {
      const { rows } = await pool.query(`select 1 from notifications where user_id = $1 and comment_id = $2`, [
        owner,
        comment,
      ]);
      if (rows.length > 0) break;
    } catch {
      // the database is still coming back
    }
    await sleep(100);
  }
  return { serving, notified: (Date.now() - since) / 1000 };
}

type Results = { fault: string; recovery: Recovery }[];

/** A steady baseline, then each fault in turn, its writes counted under its own phase; answers each recovery. */
async function injectFaults(
  install: Install,
  load: Load,
  db: Awaited<ReturnType<typeof cluster>>,
  cache: Awaited<ReturnType<typeof redis>>,
  { launch, kill }: Pick<ReturnType<typeof processes>, 'launch' | 'kill'>,
): Promise<Results> {
  const results: Results = [];
  const fault = async (name: string, act: () => Promise<Recovery>) => {
    load.phase = name;
    const recovery = await act();
    results.push({ fault: name, recovery });
    await sleep(3000);
    load.phase = 'steady';
    await sleep(3000);
  };

  await sleep(5000);
  // The same probe with nothing broken: what "notified" costs under this load anyway.
  const baseline = await healthy(install, Date.now());
  results.push({ fault: 'steady', recovery: baseline });
  await sleep(3000);
  await fault('PostgreSQL crash and restart', async () => {
    db.crash();
    await sleep(OUTAGE_MS);
    db.start();
    return healthy(install, Date.now());
  });
  await fault('Redis killed, back after 5 s', async () => {
    cache.kill();
    await sleep(OUTAGE_MS);
    await cache.start();
    return healthy(install, Date.now());
  });
  await fault('worker killed (SIGKILL), restarted', async () => {
    kill('worker');
    launch('worker');
    return healthy(install, Date.now());
  });
  await fault('serve killed (SIGKILL), restarted', async () => {
    kill('serve');
    launch('serve');
    return healthy(install, Date.now());
  });
  return results;
}

/**
 * Once the load has stopped: every acknowledged comment must be in the database, the outbox must drain (a
 * killed serve's rows go out once their claim runs out) and every comment must get its notification.
 */
async function settle({ pool, owner, post }: Install, load: Load) {
  const drainStarted = Date.now();
  const allIds = [...load.acknowledged.values()].flat();
  let missing = allIds.length;
  while (Date.now() - drainStarted < 120_000) {
    const left = Number((await pool.query(`select count(*)::int as n from event_outbox`)).rows[0].n);
    const notified = Number(
      (
        await pool.query(
          `select count(*)::int as n from notifications where user_id = $1 and comment_id = any($2::int[])`,
          [owner, allIds],
        )
      ).rows[0].n,
    );
    missing = allIds.length - notified;
    if (left === 0 && missing === 0) break;
    await sleep(1000);
  }
  const drained = (Date.now() - drainStarted) / 1000;
  const present = new Set<number>(
    (await pool.query(`select id from comments where post_id = $1`, [post])).rows.map((r) => r.id as number),
  );
  const outbox = Number((await pool.query(`select count(*)::int as n from event_outbox`)).rows[0].n);
  const [{ comments_count: counted }] = (await pool.query(`select comments_count from posts where id = $1`, [post]))
    .rows as { comments_count: number }[];
  return { allIds, missing, drained, present, outbox, counted };
}

/** The table of faults, the totals, and a failing exit code for a lost write, a 5xx or a process that died. */
function report(results: Results, load: Load, exits: string[], settled: Awaited<ReturnType<typeof settle>>): void {
  const { acknowledged, unavailable, fivexx } = load;
  const { allIds, missing, drained, present, outbox, counted } = settled;
  console.log(
    `\nchaos: ${VUS} virtual users commenting (${PACE_MS} ms apart), outages of ${OUTAGE_MS / 1000} s; serve (JOBS=off) + worker on PostgreSQL + Redis\n`,
  );
  console.log(
    '| fault | acknowledged writes | lost | 503 | other 5xx | s until serving again | s until a new write is notified |',
  );
  console.log('|---|---|---|---|---|---|---|');
  for (const key of results.map((r) => r.fault)) {
    const ids = acknowledged.get(key) ?? [];
    const lost = ids.filter((id) => !present.has(id)).length;
    const recovery = results.find((r) => r.fault === key)?.recovery;
    console.log(
      `| ${key} | ${ids.length} | ${lost} | ${unavailable.get(key) ?? 0} | ${fivexx.get(key) ?? 0} | ` +
        `${recovery ? recovery.serving.toFixed(1) : '–'} | ${recovery ? recovery.notified.toFixed(1) : '–'} |`,
    );
  }
  console.log(
    `\nprocesses that ended by themselves: ${exits.length === 0 ? 'none' : exits.join('; ')}; ` +
      `acknowledged comments without their notification: ${missing} of ${allIds.length} ` +
      `(outbox rows left ${outbox}, ${drained.toFixed(0)} s after the load stopped); ` +
      `comments stored ${present.size}, the post's count ${counted}`,
  );
  const lostTotal = [...acknowledged.values()].flat().filter((id) => !present.has(id)).length;
  if (lostTotal > 0 || missing > 0 || exits.length > 0 || [...fivexx.values()].some((n) => n > 0)) process.exitCode = 1;
}

export async function chaosBench(): Promise<void> {
  if (!fs.existsSync(serverEntry)) throw new Error('Build first: npm run build');
  const db = await cluster();
  const cache = await redis();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkwell-chaos-data-'));
  const servePort = await freePort();
  const healthPort = await freePort();
  const base = `http://127.0.0.1:${servePort}`;
  const install = processes({
    ...process.env,
    NODE_ENV: 'production',
    DATABASE_URL: db.url,
    REDIS_URL: cache.url,
    DATA_DIR: dataDir,
    PUBLIC_URL: base,
    HOST: '127.0.0.1',
    PORT: String(servePort),
    APP_SECRET: SECRET,
    METRICS_TOKEN: 'chaos-metrics-token',
    LOG_LEVEL: 'error',
    SEED_DEMO: 'false',
    RATE_LIMIT_SCALE: '0',
    ACCOUNT_APPROVAL: 'auto',
    WORKER_HEALTH_PORT: String(healthPort),
  });

  const pool = new pg.Pool({ connectionString: db.url, max: 2 });
  pool.on('error', () => undefined);
  try {
    const running = await startInstall(base, healthPort, pool, install.launch);
    const { load, stop } = commentLoad(running);
    const results = await injectFaults(running, load, db, cache, install);
    await stop();
    report(results, load, install.exits, await settle(running, load));
  } finally {
    install.stop();
    await sleep(1000);
    await pool.end().catch(() => undefined);
    cache.kill();
    db.remove();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
