import fs from 'node:fs';
import { notificationsChannel } from '@inkwell/contracts';
import type { Socket } from 'socket.io-client';
import { creatorAccount, peopleWithTokens } from '../dataset';
import { serverEntry } from '../paths';
import { subscribedSocket } from '../sockets';
import { ADMIN_URL, dbUrl, sql, startServer, stopServer } from '../server';

/**
 * A soak (issue 25): one server on PostgreSQL with its jobs in process, 300 idle sockets subscribed as the web
 * app subscribes, and a closed loop of mixed reads and writes (feeds, post pages, notifications, likes,
 * comments) for 10 minutes at the rate the server sustains. The server's memory (RSS) is sampled every 30 s;
 * reports requests per second, errors, and the memory's slope after the first minute (a leak shows as a
 * steady climb).
 *
 *   npm run build && npm run bench -- soak      (BENCH_SOAK_SECONDS, BENCH_SOAK_VUS, BENCH_SOAK_SOCKETS)
 */

const DATABASE = 'inkwell_bench_soak';
const PORT = 3874;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const SECONDS = Number(process.env.BENCH_SOAK_SECONDS ?? 600);
const VUS = Number(process.env.BENCH_SOAK_VUS ?? 16);
const SOCKETS = Number(process.env.BENCH_SOAK_SOCKETS ?? 300);
const SAMPLE_MS = 30_000;
const tokenOf = (i: number) => `bench-soak-token-${i}`;

async function rssMb(pid: number): Promise<number> {
  const status = await fs.promises.readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) / 1024;
}

async function dataset(url: string) {
  const run = (text: string, values?: unknown[]) => sql(url, text, values);
  const ids = await peopleWithTokens(run, SOCKETS + VUS + 1, 'soak', tokenOf);
  const owner = ids[0]!;
  const account = await creatorAccount(run, owner, 'soak');
  // Everyone follows the account, so its posts fill their feeds.
  await run(`insert into follows (user_id, account_id) select id, $1 from users where id <> $2`, [account, owner]);
  await run(
    `update accounts set followers_count = (select count(*) from follows where account_id = $1) where id = $1`,
    [account],
  );
  return { owner, account, ids };
}

async function call(method: string, path: string, token: string, body?: unknown): Promise<Response> {
  return fetch(`${ORIGIN}/api${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
}

/** Least squares: the slope of y over x. */
function slope(points: [number, number][]): number {
  const n = points.length;
  const mx = points.reduce((a, [x]) => a + x, 0) / n;
  const my = points.reduce((a, [, y]) => a + y, 0) / n;
  const num = points.reduce((a, [x, y]) => a + (x - mx) * (y - my), 0);
  const den = points.reduce((a, [x]) => a + (x - mx) ** 2, 0);
  return den === 0 ? 0 : num / den;
}

export async function soakBench(): Promise<void> {
  if (!fs.existsSync(serverEntry)) throw new Error('Build first: npm run build');
  await sql(ADMIN_URL, `drop database if exists ${DATABASE} with (force)`);
  await sql(ADMIN_URL, `create database ${DATABASE}`);
  const url = dbUrl(DATABASE);
  const env = { JOBS: 'inline', PUBLIC_URL: ORIGIN };
  await stopServer(await startServer(url, PORT, env));
  const { owner, account, ids } = await dataset(url);
  const server = await startServer(url, PORT, env);
  const sockets: Socket[] = [];
  try {
    // Twenty posts to read, like and comment on.
    const posts: { id: number; slug: string }[] = [];
    for (let i = 0; i < 20; i++) {
      const res = await call('POST', '/posts', tokenOf(1), {
        account_id: account,
        type: 'status',
        content: `Soak post ${i}: still standing after ten minutes?`,
      });
      if (!res.ok) throw new Error(`post: ${res.status} ${await res.text()}`);
      posts.push(((await res.json()) as { data: { id: number; slug: string } }).data);
    }
    for (let i = 0; i < SOCKETS; i++)
      sockets.push(await subscribedSocket(ORIGIN, tokenOf(VUS + 2 + i), [notificationsChannel(ids[VUS + 1 + i]!)]));
    let socketsDropped = 0;
    for (const socket of sockets) socket.on('disconnect', () => socketsDropped++);
    void owner;

    const counts = { requests: 0, errors: 0, writes: 0 };
    const errorsByStatus = new Map<string, number>();
    const started = Date.now();
    const deadline = started + SECONDS * 1000;
    const samples: { at: number; rss: number; requests: number }[] = [];
    const sample = async () =>
      samples.push({ at: (Date.now() - started) / 1000, rss: await rssMb(server.pid!), requests: counts.requests });
    await sample();
    const sampler = setInterval(() => void sample(), SAMPLE_MS);

    await Promise.all(
      Array.from({ length: VUS }, async (_, v) => {
        const token = tokenOf(v + 2);
        for (let n = 0; Date.now() < deadline; n++) {
          const post = posts[(v + n) % posts.length]!;
          const pick = n % 10;
          const [method, path, body] =
            pick < 3
              ? ['GET', '/feed?per_page=20', undefined]
              : pick < 5
                ? ['GET', '/feed/public?per_page=20', undefined]
                : pick < 7
                  ? ['GET', `/posts/slug/${post.slug}`, undefined]
                  : pick === 7
                    ? ['GET', '/notifications', undefined]
                    : pick === 8
                      ? ['POST', '/likes', { likeable_type: 'post', likeable_id: post.id }]
                      : ['POST', '/comments', { post_id: post.id, content: `soak ${v}/${n}` }];
          try {
            const res = await call(method, path, token, body);
            await res.arrayBuffer();
            counts.requests++;
            if (method === 'POST') counts.writes++;
            if (!res.ok) {
              counts.errors++;
              const key = `${method} ${path.split('?')[0]} ${res.status}`;
              errorsByStatus.set(key, (errorsByStatus.get(key) ?? 0) + 1);
            }
          } catch (err) {
            counts.errors++;
            const key = `${method} ${path.split('?')[0]} ${(err as Error).name}`;
            errorsByStatus.set(key, (errorsByStatus.get(key) ?? 0) + 1);
          }
        }
      }),
    );
    clearInterval(sampler);
    await sample();

    const elapsed = (Date.now() - started) / 1000;
    console.log(
      `\nsoak: ${elapsed.toFixed(0)} s, ${VUS} virtual users in a closed loop (70 % reads, 30 % writes), ${SOCKETS} idle sockets; one server, PostgreSQL, jobs in process\n`,
    );
    console.log('| t (s) | RSS (MB) | requests/s since the last sample |');
    console.log('|---|---|---|');
    for (const [i, s] of samples.entries()) {
      const before = samples[i - 1];
      const rate = before ? ((s.requests - before.requests) / (s.at - before.at)).toFixed(0) : '–';
      console.log(`| ${s.at.toFixed(0)} | ${s.rss.toFixed(1)} | ${rate} |`);
    }
    const steady = samples.filter((s) => s.at >= 60).map((s): [number, number] => [s.at / 60, s.rss]);
    const perMinute = steady.length >= 2 ? slope(steady) : NaN;
    console.log(
      `\nrequests ${counts.requests} (${(counts.requests / elapsed).toFixed(0)}/s, writes ${counts.writes}), errors ${counts.errors}` +
        `${errorsByStatus.size ? ` (${[...errorsByStatus].map(([k, n]) => `${k}: ${n}`).join(', ')})` : ''}, ` +
        `sockets dropped ${socketsDropped} of ${SOCKETS}`,
    );
    console.log(
      `RSS after the first minute: slope ${perMinute.toFixed(2)} MB/min (${(perMinute * 10).toFixed(1)} MB per 10 min), ` +
        `from ${steady[0]?.[1].toFixed(1)} to ${steady.at(-1)?.[1].toFixed(1)} MB`,
    );
    if (counts.errors > 0 || socketsDropped > 0) process.exitCode = 1;
  } finally {
    for (const socket of sockets) socket.close();
    await stopServer(server);
  }
}
