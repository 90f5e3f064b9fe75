import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { TOP_CURSOR, decodeCursor } from '@inkwell/contracts';
import autocannon from 'autocannon';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
// The statements the feed endpoints run, imported rather than copied, so the raw-SQL baseline is the app's SQL.
import * as statements from '../../../apps/server/src/modules/posts/posts.statements';
import { mutedPattern } from '../../../apps/server/src/modules/safety/muted-pattern';
import { serverEntry } from '../paths';
import { ADMIN_URL, dbUrl, sql, startServer, stopServer } from '../server';

/**
 * Feed performance on PostgreSQL: a generated data set (100k users, 5k accounts, 10k or 1M posts, a reader
 * following 200 accounts and one following 2,000), autocannon on the feed endpoints at 64 connections — the
 * followed feed's first page and its page 500 by cursor for both readers, the public feed, an account's posts and
 * a post page — and the same statements straight through node-postgres at the same concurrency (app ÷ raw).
 * Sizes: `npm run bench -- feeds 10k` (or `BENCH_SCALES=10k,1m`); both by default.
 *
 * `BENCH_SAFETY=1` also times reader1's cases with 100 blocks and 100 muted words (issue 28: the feeds must not slow
 * by more than 10 %): each round times them without, then with, so both see the machine in the same state, and a
 * last table gives with ÷ without. Without it, the reader has none.
 */

const CONNECTIONS = 64;
const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
/** App, raw and prepared take turns this many times; each keeps its best round (other load on the machine only slows). */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const USERS = 100_000;
const ACCOUNTS = 5_000;
const PER_PAGE = 20;
const DEEP_PAGE = 500;
const BUSY_ACCOUNT = 42;
/** The readers: reader1 follows every 25th account, reader2 two in every five. */
const READERS = [
  { username: 'reader1', follows: 200 },
  { username: 'reader2', follows: 2_000 },
];
const READY = 'bench:ready:3';
const SAFETY = process.env.BENCH_SAFETY === '1';
const SAFETY_ROWS = 100;

/**
 * The reader's blocks and muted words, as the bench asks: none, or 100 of each. The blocked are owners of
 * accounts the reader does not follow (their posts still fill the public feed); the words match no post, so
 * every page is the same with and without them and only their cost shows.
 */
async function safetyOf(client: pg.Client, readerId: number, on: boolean): Promise<void> {
  await client.query('delete from user_blocks where blocker_id = $1', [readerId]);
  await client.query('delete from muted_words where user_id = $1', [readerId]);
  await client.query('delete from muted_patterns where user_id = $1', [readerId]);
  if (!on) return;
  await client.query(
    `insert into user_blocks (blocker_id, blocked_id)
     select $1, u.id from users u join account_users au on au.user_id = u.id
     where au.account_id % 25 <> 1 and u.id <> $1 order by u.id limit ${SAFETY_ROWS}`,
    [readerId],
  );
  await client.query(
    `insert into muted_words (user_id, word, needle)
     select $1, 'muted' || i || 'word', 'muted' || i || 'word' from generate_series(1, ${SAFETY_ROWS}) i`,
    [readerId],
  );
  // As the app writes them with the words (safety.service `setMutedWords`).
  const words = Array.from({ length: SAFETY_ROWS }, (_, i) => `muted${i + 1}word`);
  await client.query('insert into muted_patterns (user_id, pattern) values ($1, $2)', [readerId, mutedPattern(words)]);
  await client.query('analyze user_blocks, muted_words, muted_patterns');
}

/** Builds the data set once per size; later runs reuse the database. */
async function dataset(posts: number): Promise<string> {
  const name = `inkwell_bench_${posts}`;
  const url = dbUrl(name);
  const exists = (await sql(ADMIN_URL, 'select 1 from pg_database where datname = $1', [name])).rowCount;
  if (exists) {
    const ready = await sql(url, 'select 1 from app_state where key = $1', [READY]).catch(() => ({ rowCount: 0 }));
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
  // Each reader's follows spread evenly over the accounts.
  for (const reader of READERS) {
    await q(`insert into follows (user_id, account_id)
             select (select id from users where username = '${reader.username}'), 1 + (i * ${ACCOUNTS}) / ${reader.follows}
             from generate_series(0, ${reader.follows - 1}) i`);
  }
  await q(`update accounts a set followers_count = c.n
           from (select account_id, count(*)::int n from follows group by account_id) c where c.account_id = a.id`);
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
  // Each reader liked every tenth post of the accounts they follow (so "liked" is sometimes true).
  await q(`insert into likes (user_id, likeable_type, likeable_id)
           select f.user_id, 'post', p.id from posts p join follows f on f.account_id = p.account_id where p.id % 10 = 0`);
  await q(`update accounts a set posts_count = c.n, type_counts = jsonb_build_object('status', c.n)
           from (select account_id, count(*)::int n from posts group by account_id) c where c.account_id = a.id`);
  await q(
    `insert into counters (key, value) values ('posts.visible', ${posts + 40}) on conflict (key) do update set value = excluded.value`,
  );
  await q(`insert into app_state (key, value) values ('${READY}', '{}'::jsonb)`);
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

/** A statement as node-postgres runs it: named like the app names its prepared statements (by its text). */
interface Statement {
  name: string;
  text: string;
  values: unknown[];
}

const dialect = new PgDialect({ casing: 'snake_case' });
const compile = (query: SQL): Statement => {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return { name: `q_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`, text, values: params };
};

/**
 * The same statements through node-postgres, CONNECTIONS callers in a loop against a pool of the app's size; one
 * call runs the request's statements one after the other, as the app does. `prepared`: named, as the app sends
 * them (parsed and planned once per connection); otherwise unnamed (planned on every call), as this bench always
 * measured its baseline.
 */
async function raw(url: string, steps: Statement[], prepared: boolean): Promise<Result> {
  const sent = prepared ? steps : steps.map(({ text, values }) => ({ text, values }));
  // Prepared statements on connections that plan them generically, as the app's (db/connect.ts).
  const options = prepared ? '-c plan_cache_mode=force_generic_plan' : undefined;
  const pool = new pg.Pool({ connectionString: url, max: 10, options });
  const latencies: number[] = [];
  const end = Date.now() + DURATION * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (Date.now() < end) {
        const t = performance.now();
        for (const step of sent) await pool.query(step);
        latencies.push(performance.now() - t);
      }
    }),
  );
  await pool.end();
  latencies.sort((a, b) => a - b);
  const at = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))]!;
  return { rps: latencies.length / DURATION, p50: at(0.5), p99: at(0.99) };
}

type Answer = { data: { id: number }[] | { id: number }; meta?: { next_cursor: string | null } };

async function getJson(url: string, token: string): Promise<Answer> {
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}`, accept: 'application/json' } });
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  return (await res.json()) as Answer;
}

const idsOf = (answer: Answer) => (Array.isArray(answer.data) ? answer.data : [answer.data]).map((p) => p.id);

/**
 * Page 1, then cursor after cursor up to page `page` (or the deepest full page): the cursor that page is asked
 * with, empty when the feed has a single page.
 */
async function deepCursor(base: string, token: string, page: number): Promise<{ cursor: string; page: number }> {
  let body = await getJson(`${base}/feed?per_page=${PER_PAGE}&before=${TOP_CURSOR}`, token);
  let cursor = '';
  let reached = 1;
  while (reached < page && body.meta?.next_cursor) {
    const next = await getJson(`${base}/feed?per_page=${PER_PAGE}&before=${body.meta.next_cursor}`, token);
    if (idsOf(next).length < PER_PAGE) break;
    cursor = body.meta.next_cursor;
    body = next;
    reached++;
  }
  return { cursor, page: reached };
}

type Rows = Record<string, any>[];

/**
 * The statements the followed feed runs for a page once the reader's stored feed is built (feed.service
 * `followedPage`): the stored feed's section and, past its horizon (or straight away for a cursor marked as past
 * it), the decorated scan of the public index, then the per-account read and its decoration if the scan fell
 * short. Also answers the page's post ids.
 */
async function followedSteps(client: pg.Client, viewer: number, before: string | null) {
  const cursor = before ? decodeCursor(before) : null;
  const window: statements.ListWindow = cursor
    ? { before: cursor, limit: PER_PAGE + 1, offset: 0, counted: false }
    : { before: null, limit: PER_PAGE, offset: 0, counted: true };
  const run = async (step: Statement) => (await client.query(step)).rows as Rows;
  const steps: Statement[] = [];
  const ids: number[] = [];
  let from = cursor;
  if (!cursor?.deep) {
    const section = compile(statements.sectionQuery(viewer, window, statements.shortWalk(window)));
    steps.push(section);
    const rows = await run(section);
    if (rows.filter((r) => r.id !== null).length < window.limit && rows[0]!.walked === statements.shortWalk(window))
      throw new Error('the stored feed held entries the page skipped: the app would walk it again');
    const head = rows[0]!;
    if (head.ready !== true) throw new Error('the stored feed is not built');
    ids.push(...rows.filter((r) => r.id !== null).map((r) => r.id as number));
    if (ids.length >= window.limit || head.horizon_us === null) return { steps, ids };
    if (!cursor) throw new Error('a first page by number reached past the horizon');
    const horizon = { micros: Number(head.horizon_us), id: head.horizon_id as number };
    const newer = cursor.micros > horizon.micros || (cursor.micros === horizon.micros && cursor.id > horizon.id);
    if (newer) from = horizon;
  }
  const wanted = window.limit - ids.length;
  const scan = compile(statements.scanQuery(viewer, from, wanted));
  steps.push(scan);
  const scanned = await run(scan);
  const found = scanned.filter((r) => r.followed).slice(0, wanted);
  ids.push(...found.map((r) => r.id as number));
  const marker = scanned.find((r) => Number(r.n) === statements.SCAN_BUDGET);
  if (found.length < wanted && marker) {
    const after = { micros: Number(marker.cursor_us), id: marker.id as number };
    const heads = compile(statements.headsQuery(viewer, after, wanted - found.length));
    steps.push(heads);
    const rest = (await run(heads)).map((r) => r.id as number);
    if (rest.length) steps.push(compile(statements.decoratedQuery(viewer, rest)));
    ids.push(...rest);
  }
  return { steps, ids };
}

interface Case {
  /** Compares sizes: the same case at 10k and at 1M. */
  key: string;
  name: string;
  url: string;
  token: string;
  steps: Statement[];
  /** The posts the statements found, in order: the app must answer the same. */
  ids: number[];
  /** Read as reader1: with `BENCH_SAFETY=1`, timed with and without their blocks and muted words. */
  safety: boolean;
}

interface Row {
  key: string;
  name: string;
  app: Result;
  raw: Result;
  prepared: Result;
}

/**
 * Times each case (app, raw, prepared; best of the rounds). With `BENCH_SAFETY=1`, reader1's cases are timed again
 * in each round with their blocks and words, just after the plain run, and a last table compares the two.
 */
async function timeCases(url: string, client: pg.Client, readerId: number, cases: Case[]): Promise<Row[]> {
  const rows: Row[] = [];
  /** Each safe case's row with the reader's blocks and words, for the last table. */
  const withSafety: Row[] = [];
  const once = async (c: Case) => ({
    app: await http(c.url, c.token),
    raw: await raw(url, c.steps, false),
    prepared: await raw(url, c.steps, true),
  });
  type Round = Awaited<ReturnType<typeof once>>;
  const bestOf = (c: Case, name: string, rounds: Round[]): Row => {
    const best = (pick: (r: Round) => Result) => rounds.map(pick).reduce((a, b) => (b.rps > a.rps ? b : a));
    return { key: c.key, name, app: best((r) => r.app), raw: best((r) => r.raw), prepared: best((r) => r.prepared) };
  };
  console.log(HEADER);
  for (const c of cases) {
    const answered = idsOf(await getJson(c.url, c.token));
    if (JSON.stringify(answered) !== JSON.stringify(c.ids.slice(0, PER_PAGE)))
      throw new Error(`${c.name}: the raw statements found other posts than the app answered`);
    const paired = SAFETY && c.safety;
    const without: Round[] = [];
    const withIt: Round[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      without.push(await once(c));
      if (!paired) continue;
      await safetyOf(client, readerId, true);
      withIt.push(await once(c));
      await safetyOf(client, readerId, false);
    }
    rows.push(bestOf(c, c.name, without));
    console.log(line(rows.at(-1)!));
    if (!paired) continue;
    withSafety.push(bestOf(c, `  + ${SAFETY_ROWS} blocks, ${SAFETY_ROWS} words`, withIt));
    console.log(line(withSafety.at(-1)!));
  }
  if (withSafety.length) {
    console.log(
      `\n  with ${SAFETY_ROWS} blocks and ${SAFETY_ROWS} muted words ÷ without (req/s; goal ≥ 0.90)    app  prepared`,
    );
    for (const w of withSafety) {
      const plain = rows.find((r) => r.key === w.key)!;
      console.log(
        `  ${plain.name.padEnd(50)} ${ratio(w.app, plain.app)} ${ratio(w.prepared, plain.prepared).padStart(9)}`,
      );
    }
  }
  return rows;
}

async function measure(posts: number): Promise<Row[]> {
  const url = await dataset(posts);
  const port = 3800 + (posts % 89);
  const server = await startServer(url, port);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const base = `http://127.0.0.1:${port}/api`;
    const { hash } = await import('@node-rs/argon2');
    const password = await hash('bench-password-1', { algorithm: 2 });
    const readers = [];
    for (const reader of READERS) {
      await client.query('update users set password_hash = $1 where username = $2', [password, reader.username]);
      const id = Number((await client.query('select id from users where username = $1', [reader.username])).rows[0].id);
      const login = (await (
        await fetch(`${base}/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            email: `${reader.username}@bench.test`,
            password: 'bench-password-1',
            device_name: 'bench',
          }),
        })
      ).json()) as { token: string };
      // The first read builds the reader's stored feed (once); the bench times reads of the built one.
      await client.query('delete from timelines where user_id = $1', [id]);
      const started = performance.now();
      await getJson(`${base}/feed`, login.token);
      const ms = (performance.now() - started).toFixed(0);
      console.log(
        `  ${reader.username} follows ${reader.follows.toLocaleString()}: first read (builds the stored feed) ${ms} ms`,
      );
      readers.push({ ...reader, id, token: login.token });
    }
    await safetyOf(client, readers[0]!.id, false);
    if (SAFETY)
      console.log(
        `  ${readers[0]!.username}: timed without and with ${SAFETY_ROWS} blocks and ${SAFETY_ROWS} muted words`,
      );

    // Statistics for the stored feeds just written, as autovacuum keeps them on a running site.
    await client.query('analyze timelines, timeline_entries');

    const cases: Case[] = [];
    for (const reader of readers) {
      const label = `${reader.follows.toLocaleString()} follows`;
      cases.push({
        key: `p1-${reader.follows}`,
        name: `GET /feed p1 by cursor, ${label}`,
        url: `${base}/feed?before=${TOP_CURSOR}`,
        token: reader.token,
        safety: reader === readers[0],
        ...(await followedSteps(client, reader.id, TOP_CURSOR)),
      });
      cases.push({
        key: `page1-${reader.follows}`,
        name: `GET /feed?page=1, ${label}`,
        url: `${base}/feed?page=1`,
        token: reader.token,
        safety: reader === readers[0],
        ...(await followedSteps(client, reader.id, null)),
      });
      const deep = await deepCursor(base, reader.token, DEEP_PAGE);
      if (!deep.cursor) continue;
      cases.push({
        key: `deep-${reader.follows}`,
        name: `GET /feed p${deep.page} by cursor, ${label}`,
        url: `${base}/feed?before=${deep.cursor}`,
        token: reader.token,
        safety: reader === readers[0],
        ...(await followedSteps(client, reader.id, deep.cursor)),
      });
    }
    const viewer = readers[0]!;
    const page: statements.ListWindow = { before: null, limit: PER_PAGE, offset: 0, counted: true };
    const slug = `bench-post-${Math.floor(posts / 2)}`;
    const single = async (key: string, name: string, path: string, query: SQL): Promise<Case> => {
      const step = compile(query);
      const ids = ((await client.query(step)).rows as Rows).map((r) => r.id as number);
      return { key, name, url: `${base}${path}`, token: viewer.token, steps: [step], ids, safety: true };
    };
    cases.push(
      await single('public', 'GET /feed/public', '/feed/public', statements.publicFeedQuery(viewer.id, page)),
      await single(
        'account',
        'GET /accounts/{id}/posts',
        `/accounts/${BUSY_ACCOUNT}/posts`,
        statements.accountPostsQuery(viewer.id, BUSY_ACCOUNT, undefined, page),
      ),
      await single('slug', 'GET /posts/slug/{slug}', `/posts/slug/${slug}`, statements.bySlugQuery(slug, viewer.id)),
    );

    return await timeCases(url, client, readers[0]!.id, cases);
  } finally {
    await client.end();
    await stopServer(server);
  }
}

const fmt = (n: number, digits = 1) => n.toFixed(digits).padStart(8);
const triple = (r: Result) => `${fmt(r.rps, 0)} ${fmt(r.p50)} ${fmt(r.p99)}`;
const ratio = (a: Result, b: Result) => (a.rps / b.rps).toFixed(2).padStart(7);
const line = (r: Row) =>
  `  ${r.name.padEnd(44)} ${triple(r.app)} | ${triple(r.raw)} ${ratio(r.app, r.raw)} | ${triple(r.prepared)} ${ratio(r.app, r.prepared)}`;
const HEADER = `  ${'endpoint'.padEnd(44)} ${'app req/s'.padStart(8)}   p50 ms   p99 ms | ${'raw req/s'.padStart(8)}   p50 ms   p99 ms app÷raw | ${'prepared'.padStart(8)}   p50 ms   p99 ms app÷prep`;

/** `10k`, `1m`, `10000`: a number of posts. */
const sizeOf = (text: string) => {
  const m = /^(\d+(?:\.\d+)?)([km]?)$/i.exec(text.trim());
  if (!m) throw new Error(`not a size: ${text} (say 10k or 1m)`);
  return Math.round(Number(m[1]) * ({ k: 1e3, m: 1e6 }[m[2]!.toLowerCase()] ?? 1));
};

export async function feeds(args: string[]): Promise<void> {
  if (!fs.existsSync(serverEntry)) throw new Error('Build first: npm run build');
  const asked = args.length ? args : (process.env.BENCH_SCALES ?? '10k,1m').split(',');
  const sizes = asked.map(sizeOf);
  const results = new Map<number, Row[]>();
  for (const size of sizes) {
    console.log(
      `\n${size.toLocaleString()} posts, ${USERS.toLocaleString()} users, ${ACCOUNTS.toLocaleString()} accounts, ${CONNECTIONS} connections, best of ${ROUNDS} × ${DURATION} s`,
    );
    results.set(size, await measure(size));
  }
  for (const [size, rows] of results) {
    console.log(`\n  ${size.toLocaleString()} posts: the deep page ÷ the first page (app p50; goal ≤ 2):`);
    for (const reader of READERS) {
      const first = rows.find((r) => r.key === `p1-${reader.follows}`);
      const deep = rows.find((r) => r.key === `deep-${reader.follows}`);
      if (first && deep) console.log(`  ${deep.name.padEnd(44)} ${(deep.app.p50 / first.app.p50).toFixed(2)}`);
    }
  }
  const small = results.get(10_000);
  const large = results.get(1_000_000);
  if (small && large) {
    console.log('\n  1M ÷ 10k (goal ≤ 1.3 for the followed feed)          p50 ratio  req/s ratio');
    for (const r of large) {
      const match = small.find((x) => x.key === r.key);
      if (!match) continue;
      console.log(
        `  ${r.name.padEnd(50)} ${(r.app.p50 / match.app.p50).toFixed(2).padStart(9)} ${(match.app.rps / r.app.rps).toFixed(2).padStart(12)}`,
      );
    }
  }
}
