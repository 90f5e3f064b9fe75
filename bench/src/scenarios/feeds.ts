import fs from 'node:fs';
import autocannon from 'autocannon';
import pg from 'pg';
import { serverEntry } from '../paths';
import { ADMIN_URL, dbUrl, sql, startServer, stopServer } from '../server';

/**
 * Feed performance on PostgreSQL: a generated data set (100k users, 5k accounts, a reader following 200
 * of them, 1M posts — and the same at 10k posts), autocannon on the four reading endpoints at 64
 * connections, and the same SQL straight through node-postgres at the same concurrency.
 */

const CONNECTIONS = 64;
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const USERS = 100_000;
const ACCOUNTS = 5_000;
const FOLLOWS = 200;
const BUSY_ACCOUNT = 42;

/** Builds the data set once per size; later runs reuse the database. */
async function dataset(posts: number): Promise<string> {
  const name = `inkwell_bench_${posts}`;
  const url = dbUrl(name);
  const exists = (await sql(ADMIN_URL, 'select 1 from pg_database where datname = $1', [name])).rowCount;
  if (exists) {
    const ready = await sql(url, "select 1 from app_state where key = 'bench:ready:2'").catch(() => ({ rowCount: 0 }));
    if (ready.rowCount) return url;
    await sql(ADMIN_URL, `drop database ${name} with (force)`);
  }
  await sql(ADMIN_URL, `create database ${name}`);
  // Migrations and the role seed, by starting the server once.
  await stopServer(await startServer(url, 3900 + (posts % 97)));

  console.log(`  generating ${posts.toLocaleString()} posts…`);
  const started = Date.now();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const q = (text: string) => client.query(text);
  await q(`insert into users (name, username, email, password_hash, role_id, email_verified_at)
           select 'Reader ' || i, 'reader' || i, 'reader' || i || '@bench.test', 'x', (select id from roles where name = 'user'), now()
           from generate_series(1, ${USERS}) i`);
  await q(`insert into organizations (user_id, name, username, description, approved_status)
           select i, 'Org ' || i, 'org' || i, 'Bench organization', 'approved' from generate_series(1, ${ACCOUNTS}) i`);
  await q(`insert into accounts (organization_id, name, username, description, approved_status)
           select i, 'Account ' || i, 'account' || i, 'Bench account', 'approved' from generate_series(1, ${ACCOUNTS}) i`);
  await q(
    `insert into account_users (account_id, user_id, role) select i, i, 'owner' from generate_series(1, ${ACCOUNTS}) i`,
  );
  // Reader 1 follows 200 accounts spread over the range.
  await q(
    `insert into follows (user_id, account_id) select (select id from users where username = 'reader1'), 1 + (i * ${Math.floor(ACCOUNTS / FOLLOWS)}) from generate_series(0, ${FOLLOWS - 1}) i`,
  );
  await q(`insert into posts (account_id, author_id, type, slug, content, search_text, created_at, updated_at, likes_count)
           select 1 + (i % ${ACCOUNTS}), 1 + (i % ${ACCOUNTS}), 'status', 'bench-post-' || i,
                  'Bench post number ' || i, 'Bench post number ' || i,
                  now() - make_interval(secs => ${posts} - i), now() - make_interval(secs => ${posts} - i), i % 7
           from generate_series(1, ${posts}) i`);
  // The account under test gets a full page at every size, so both sizes serve the same 20 rows.
  await q(`insert into posts (account_id, author_id, type, slug, content, search_text, created_at, updated_at)
           select ${BUSY_ACCOUNT}, ${BUSY_ACCOUNT}, 'status', 'bench-busy-' || i, 'Busy post ' || i, 'Busy post ' || i,
                  now() - make_interval(secs => i * ${Math.max(1, Math.floor(posts / 100))}), now()
           from generate_series(1, 40) i`);
  // Reader 1 liked every tenth post of the followed accounts (so "liked" is sometimes true).
  await q(`insert into likes (user_id, likeable_type, likeable_id)
           select f.user_id, 'post', p.id from posts p join follows f on f.account_id = p.account_id and f.user_id = (select id from users where username = 'reader1') where p.id % 10 = 0`);
  await q(`update accounts a set posts_count = c.n, type_counts = jsonb_build_object('status', c.n)
           from (select account_id, count(*)::int n from posts group by account_id) c where c.account_id = a.id`);
  await q(
    `insert into counters (key, value) values ('posts.visible', ${posts + 40}) on conflict (key) do update set value = excluded.value`,
  );
  await q(`insert into app_state (key, value) values ('bench:ready:2', '{}'::jsonb)`);
  await q('vacuum analyze');
  await client.end();
  console.log(`  generated in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return url;
}

interface Result {
  rps: number;
  p50: number;
  p99: number;
}

async function http(url: string, token: string): Promise<Result> {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION,
    headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
  });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

/** The same statement through node-postgres, CONNECTIONS callers in a loop against a pool of the app's size. */
async function raw(url: string, text: string, values: unknown[]): Promise<Result> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const latencies: number[] = [];
  const end = Date.now() + DURATION * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (Date.now() < end) {
        const t = performance.now();
        await pool.query(text, values);
        latencies.push(performance.now() - t);
      }
    }),
  );
  await pool.end();
  latencies.sort((a, b) => a - b);
  const at = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))]!;
  return { rps: latencies.length / DURATION, p50: at(0.5), p99: at(0.99) };
}

const COLUMNS = `p.id, p.slug, p.type, p.title, p.content, p.url, p.featured_photo_url, p.photos, p.status, p.visible,
  p.account_id, p.author_id, a.username as account_username, a.name as account_name,
  a.profile_url as account_profile_url, p.likes_count, p.comments_count, p.created_at, p.updated_at,
  exists(select 1 from likes l where l.user_id = $1 and l.likeable_type = 'post' and l.likeable_id = p.id) as liked,
  exists(select 1 from account_users au where au.account_id = p.account_id and au.user_id = $1) as member`;

/** Pages first, then decorates the page's rows, as the server's repository does. */
const page = (inner: string) =>
  `select ${COLUMNS} from (${inner}) p join accounts a on a.id = p.account_id order by p.created_at desc, p.id desc`;

const QUERIES = {
  public: page(`select * from posts p where p.visible order by p.created_at desc, p.id desc limit 20 offset 0`),
  feed: page(`select p.* from (select x.id from follows f
         cross join lateral (select p.id, p.created_at from posts p where p.account_id = f.account_id and p.visible order by p.created_at desc, p.id desc limit 20) x
         where f.user_id = $1 order by x.created_at desc, x.id desc limit 20 offset 0) page join posts p on p.id = page.id`),
  account: page(
    `select * from posts p where p.account_id = $2 and p.status = 'published' order by p.created_at desc, p.id desc limit 20 offset 0`,
  ),
  slug: `select ${COLUMNS} from posts p join accounts a on a.id = p.account_id where p.slug = $2`,
};

async function measure(posts: number) {
  const url = await dataset(posts);
  const port = 3800 + (posts % 89);
  const server = await startServer(url, port);
  try {
    // Sign reader 1 in with a password set here.
    const { hash } = await import('@node-rs/argon2');
    await sql(url, "update users set password_hash = $1 where username = 'reader1'", [
      await hash('bench-password-1', { algorithm: 2 }),
    ]);
    const reader = Number((await sql(url, "select id from users where username = 'reader1'")).rows[0].id);
    const login = (await (
      await fetch(`http://127.0.0.1:${port}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'reader1@bench.test', password: 'bench-password-1', device_name: 'bench' }),
      })
    ).json()) as { token: string };
    const slug = `bench-post-${Math.floor(posts / 2)}`;
    const base = `http://127.0.0.1:${port}/api`;
    const cases: [string, string, string, unknown[]][] = [
      ['GET /feed/public', `${base}/feed/public`, QUERIES.public, [reader]],
      ['GET /feed', `${base}/feed`, QUERIES.feed, [reader]],
      ['GET /accounts/{id}/posts', `${base}/accounts/${BUSY_ACCOUNT}/posts`, QUERIES.account, [reader, BUSY_ACCOUNT]],
      ['GET /posts/slug/{slug}', `${base}/posts/slug/${slug}`, QUERIES.slug, [reader, slug]],
    ];
    const rows: { name: string; app: Result; raw: Result }[] = [];
    for (const [name, endpoint, text, values] of cases) {
      const app = await http(endpoint, login.token);
      const direct = await raw(url, text, values);
      rows.push({ name, app, raw: direct });
    }
    return rows;
  } finally {
    await stopServer(server);
  }
}

const fmt = (n: number, digits = 1) => n.toFixed(digits).padStart(8);

export async function feeds(args: string[]): Promise<void> {
  if (!fs.existsSync(serverEntry)) throw new Error('Build first: npm run build');
  const sizes = args.length ? args.map(Number) : [10_000, 1_000_000];
  const results = new Map<number, Awaited<ReturnType<typeof measure>>>();
  for (const size of sizes) {
    console.log(
      `\n${size.toLocaleString()} posts, ${USERS.toLocaleString()} users, ${ACCOUNTS.toLocaleString()} accounts, ${CONNECTIONS} connections, ${DURATION} s each`,
    );
    const rows = await measure(size);
    results.set(size, rows);
    console.log('  endpoint                      app req/s   p50 ms   p99 ms |  raw req/s   p50 ms   p99 ms | app÷raw');
    for (const r of rows) {
      console.log(
        `  ${r.name.padEnd(26)} ${fmt(r.app.rps, 0)} ${fmt(r.app.p50)} ${fmt(r.app.p99)} | ${fmt(r.raw.rps, 0)} ${fmt(r.raw.p50)} ${fmt(r.raw.p99)} | ${(r.app.rps / r.raw.rps).toFixed(2)}`,
      );
    }
  }
  const small = results.get(10_000);
  const large = results.get(1_000_000);
  if (small && large) {
    console.log('\n  1M ÷ 10k p50 latency (goal ≤ 1.3):');
    for (const [i, r] of large.entries())
      console.log(`  ${r.name.padEnd(26)} ${(r.app.p50 / small[i]!.app.p50).toFixed(2)}`);
  }
}
