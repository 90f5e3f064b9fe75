import { createECDH, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { creatorAccount, peopleWithTokens } from '../dataset';
import { serverEntry } from '../paths';
import { ADMIN_URL, dbUrl, sql, startServer, stopServer } from '../server';

/**
 * Notification fan-out on PostgreSQL, jobs in the server process: one post liked by 1,000 people (likes group
 * into one notification per owner), and an account with 10,000 followers who rang its bell publishing a post
 * (10,000 notification rows and 10,000 Web Push deliveries to a push service on loopback). Reports the time
 * from the request to the last notification row and to the last push received.
 */

const DATABASE = 'inkwell_bench_notifications';
const PORT = 3873;
const LIKERS = Number(process.env.BENCH_LIKERS ?? 1000);
const RINGERS = Number(process.env.BENCH_RINGERS ?? 10_000);
const tokenOf = (i: number) => `bench-notify-token-${i}`;

/** A push service that accepts everything at once and notes when each push arrived. */
async function pushService() {
  const arrivals: { at: number; path: string }[] = [];
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      arrivals.push({ at: performance.now(), path: req.url ?? '' });
      res.writeHead(201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { origin, arrivals, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

async function dataset(url: string, pushOrigin: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const q = (text: string, values?: unknown[]) => client.query(text, values);
  const people = LIKERS + RINGERS + 1;
  // Person 1 owns the account; the next LIKERS like; the rest follow with the bell rung, each with a browser.
  const owner = (await peopleWithTokens(q, people, 'bench', tokenOf))[0]!;
  const account = await creatorAccount(q, owner, 'bench');
  await q(
    `insert into follows (user_id, account_id, bell)
     select u.id, $1, true from users u where u.username like 'person%' and substring(u.username from 7)::int > ${LIKERS + 1}`,
    [account],
  );
  await q(`update accounts set followers_count = ${RINGERS} where id = $1`, [account]);
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  await q(
    `insert into push_subscriptions (user_id, endpoint, p256dh, auth)
     select u.id, $1 || '/push/' || u.id, $2, $3 from users u
     where u.username like 'person%' and (u.id = $4 or substring(u.username from 7)::int > ${LIKERS + 1})`,
    [pushOrigin, ecdh.getPublicKey('base64url'), randomBytes(16).toString('base64url'), owner],
  );
  await q('vacuum analyze');
  await client.end();
  return { owner, account, ownerToken: tokenOf(1) };
}

async function post(path: string, token: string, body: unknown) {
  const res = await fetch(`http://127.0.0.1:${PORT}/api${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<{ data: { id: number } }>;
}

/** Polls `check` until it is true; answers when it became so. */
async function until(check: () => Promise<boolean>, timeoutMs = 600_000): Promise<number> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    if (await check()) return performance.now();
    if (performance.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 25));
  }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

export async function notificationsBench(): Promise<void> {
  if (!fs.existsSync(serverEntry)) throw new Error('Build first: npm run build');
  const push = await pushService();
  await sql(ADMIN_URL, `drop database if exists ${DATABASE} with (force)`);
  await sql(ADMIN_URL, `create database ${DATABASE}`);
  const url = dbUrl(DATABASE);
  const env = { JOBS: 'inline', PUSH_ALLOWED_ORIGINS: push.origin, PUBLIC_URL: `http://127.0.0.1:${PORT}` };
  await stopServer(await startServer(url, PORT, env));
  const { owner, account, ownerToken } = await dataset(url, push.origin);
  const server = await startServer(url, PORT, env);
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  const count = async (text: string, values: unknown[]) => Number((await db.query(text, values)).rows[0].n);
  try {
    console.log(`\nPostgreSQL, jobs in the server process; a push service on loopback`);

    // 1,000 people like one post, 25 at a time.
    const { data: liked } = await post('/posts', ownerToken, {
      account_id: account,
      type: 'status',
      content: 'Like me',
    });
    const started = performance.now();
    let next = 2;
    await Promise.all(
      Array.from({ length: 25 }, async () => {
        while (next <= LIKERS + 1) {
          const i = next++;
          await post('/likes', tokenOf(i), { likeable_type: 'post', likeable_id: liked.id });
        }
      }),
    );
    const requestsDone = performance.now();
    const rowDone = await until(
      async () =>
        (await count(
          `select coalesce(max(actors_count), 0) as n from notifications where user_id = $1 and post_id = $2 and type = 'like'`,
          [owner, liked.id],
        )) >= LIKERS,
    );
    const rows = await count(`select count(*) as n from notifications where post_id = $1 and type = 'like'`, [
      liked.id,
    ]);
    const ownerPath = `/push/${owner}`;
    const firstPush = await until(
      async () => push.arrivals.some((a) => a.path === ownerPath && a.at >= started),
      30_000,
    )
      .then(() => push.arrivals.find((a) => a.path === ownerPath && a.at >= started)!.at)
      .catch(() => NaN);
    const toOwner = push.arrivals.filter((a) => a.path === ownerPath && a.at >= started).length;
    console.log(
      `  ${LIKERS.toLocaleString()} likes on one post: requests ${seconds(requestsDone - started)}, last like in the owner's notification ${seconds(rowDone - started)} after the first; ${rows} notification row, ${toOwner} push(es) to the owner's phone (the first ${seconds(firstPush - started)} after the first like; then one a minute at most)`,
    );

    // The account publishes; every bell-ringer is told.
    const before = push.arrivals.length;
    const t0 = performance.now();
    const { data: published } = await post('/posts', ownerToken, {
      account_id: account,
      type: 'status',
      content: 'A new chapter is out',
    });
    const answered = performance.now();
    const rowsDone = await until(
      async () =>
        (await count(`select count(*) as n from notifications where post_id = $1 and type = 'new_post'`, [
          published.id,
        ])) >= RINGERS,
    );
    const pushesDone = await until(async () => push.arrivals.length - before >= RINGERS).then(
      () => push.arrivals[push.arrivals.length - 1]!.at,
    );
    console.log(
      `  a post to ${RINGERS.toLocaleString()} bell-ringers: answered in ${seconds(answered - t0)}; last notification row ${seconds(rowsDone - t0)}; last of ${RINGERS.toLocaleString()} pushes received ${seconds(pushesDone - t0)} (${Math.round(RINGERS / ((pushesDone - rowsDone) / 1000))} pushes/s after the rows)`,
    );
  } finally {
    await db.end();
    await stopServer(server);
    await push.close();
    await sql(ADMIN_URL, `drop database if exists ${DATABASE} with (force)`);
  }
}
