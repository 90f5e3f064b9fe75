import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { chatRoomChannel, notificationsChannel } from '@inkwell/contracts';
import type { Socket } from 'socket.io-client';
import { serverEntry } from '../paths';
import { subscribedSocket } from '../sockets';
import { ADMIN_URL, dbUrl, sql, startServer, stopServer } from '../server';

/**
 * Realtime delivery on one server process (PostgreSQL): 2,000 people, each with a socket subscribed to their
 * notifications and to their room's channel, as the web app does; 100 group rooms of 20, each busy with
 * messages posted through the HTTP API. Reports the latency from a message's POST to its receipt on the
 * other members' sockets, deliveries per second, and the server's memory per connected socket.
 */

const DATABASE = 'inkwell_bench_realtime';
const PORT = 3872;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const PEOPLE = Number(process.env.BENCH_SOCKETS ?? 2000);
const ROOMS = 100;
const PER_ROOM = PEOPLE / ROOMS;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
/** Messages per room per second. */
const RATE = Number(process.env.BENCH_RATE ?? 1);
const GOAL_P99_MS = 50;
/** Sent first and not counted: the server's code is still being compiled by V8 then. */
const WARMUP_S = 2;

const tokenOf = (i: number) => `bench-realtime-token-${i}`;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

interface Person {
  /** The user id. */
  id: number;
  token: string;
  room: number;
}

/** People, their sign-in tokens (inserted hashed, as the server keeps them) and their rooms. */
async function dataset(url: string): Promise<Person[]> {
  const run = (text: string, values?: unknown[]) => sql(url, text, values);
  await run(`insert into users (name, username, email, password_hash, role_id, email_verified_at)
             select 'Person ' || i, 'person' || i, 'person' || i || '@bench.test', 'x', (select id from roles where name = 'user'), now()
             from generate_series(1, ${PEOPLE}) i`);
  const hashes = Array.from({ length: PEOPLE }, (_, i) => sha256(tokenOf(i + 1)));
  await run(
    `insert into access_tokens (user_id, device_name, token_hash)
     select u.id, 'bench', h.hash from unnest($1::text[]) with ordinality as h(hash, n) join users u on u.username = 'person' || h.n`,
    [hashes],
  );
  await run(`insert into chat_rooms (is_group, created_by) select true, 1 from generate_series(1, ${ROOMS})`);
  // Person i is in room ((i - 1) / PER_ROOM) + 1.
  await run(`insert into chat_members (room_id, user_id)
             select r.id, u.id from users u join chat_rooms r on r.id = ((substring(u.username from 7)::int - 1) / ${PER_ROOM}) + 1
             where u.username like 'person%'`);
  const rows = await run(`select u.id, substring(u.username from 7)::int as n, m.room_id
                          from users u join chat_members m on m.user_id = u.id order by n`);
  return (rows.rows as { id: number; n: number; room_id: number }[]).map((r) => ({
    id: r.id,
    token: tokenOf(r.n),
    room: r.room_id,
  }));
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]! : NaN;

async function rssBytes(pid: number): Promise<number> {
  const status = await fs.promises.readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) * 1024;
}

async function api<T>(path: string, token: string, body: unknown): Promise<T> {
  const res = await fetch(`${ORIGIN}/api${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Runs `work` over `items` with at most `limit` at a time. */
async function pool<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

export async function realtimeBench(): Promise<void> {
  if (!fs.existsSync(serverEntry)) throw new Error('Build first: npm run build');
  await sql(ADMIN_URL, `drop database if exists ${DATABASE} with (force)`);
  await sql(ADMIN_URL, `create database ${DATABASE}`);
  const url = dbUrl(DATABASE);
  // Migrations first (one start), then the people, their tokens and the rooms.
  await stopServer(await startServer(url, PORT, { PUBLIC_URL: ORIGIN }));
  const people = await dataset(url);
  const server = await startServer(url, PORT, { PUBLIC_URL: ORIGIN });
  const sockets: Socket[] = [];
  try {
    console.log(
      `\n${PEOPLE.toLocaleString()} sockets (notifications + room channel each), ${ROOMS} rooms of ${PER_ROOM}, ${RATE} message/s per room, ${DURATION_S} s, one server process on PostgreSQL`,
    );
    const before = await rssBytes(server.pid!);
    const connectStarted = performance.now();
    const byPerson = new Map<number, Socket>();
    await pool(people, 50, async (person) => {
      const socket = await subscribedSocket(ORIGIN, person.token, [
        notificationsChannel(person.id),
        chatRoomChannel(person.room),
      ]);
      byPerson.set(person.id, socket);
      sockets.push(socket);
    });
    const connectSeconds = (performance.now() - connectStarted) / 1000;
    await new Promise((r) => setTimeout(r, 2000));
    const after = await rssBytes(server.pid!);

    // Each message carries its number; its POST time is kept here, every receipt on another socket measured.
    const sentAt = new Map<number, number>();
    const counted = new Set<number>();
    const senderOf = new Map<number, number>();
    const latencies: number[] = [];
    const timeline: [number, number][] = [];
    const postTimes: number[] = [];
    let delivered = 0;
    for (const [person, socket] of byPerson) {
      socket.on('ChatMessageSent', ({ chatMessage }: { chatMessage: { message: string; from: number } }) => {
        const seq = Number(chatMessage.message.slice(6));
        const at = sentAt.get(seq);
        if (at === undefined || senderOf.get(seq) === person || !counted.has(seq)) return;
        latencies.push(performance.now() - at);
        timeline.push([at, performance.now() - at]);
        delivered++;
      });
    }

    let seq = 0;
    const measureFrom = performance.now() + WARMUP_S * 1000;
    const end = measureFrom + DURATION_S * 1000;
    let measuredPosts = 0;
    const interval = 1000 / RATE;
    const senders = people.filter((_, i) => i % PER_ROOM === 0);
    await Promise.all(
      senders.map(async ({ id: sender, token, room }, r) => {
        // Rooms start spread over the first interval, not all at once.
        await new Promise((resolve) => setTimeout(resolve, (interval * r) / ROOMS));
        for (let due = performance.now(); due < end; due += interval) {
          const id = ++seq;
          senderOf.set(id, sender);
          const t = performance.now();
          sentAt.set(id, t);
          const measured = t >= measureFrom;
          if (measured) counted.add(id);
          await api(`/chats/${room}/messages`, token, { message: `bench ${id}` });
          if (measured) {
            postTimes.push(performance.now() - t);
            measuredPosts++;
          }
          const wait = due + interval - performance.now();
          if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        }
      }),
    );
    await new Promise((r) => setTimeout(r, 1000));

    if (process.env.BENCH_TIMELINE) {
      const start = Math.min(...timeline.map((x) => x[0]));
      const buckets = new Map<number, number>();
      for (const [at, ms] of timeline) {
        const b = Math.floor((at - start) / 500);
        buckets.set(b, Math.max(buckets.get(b) ?? 0, ms));
      }
      console.log([...buckets].map(([b, ms]) => `${b / 2}s:${ms.toFixed(0)}`).join(' '));
    }
    latencies.sort((a, b) => a - b);
    postTimes.sort((a, b) => a - b);
    const expected = measuredPosts * (PER_ROOM - 1);
    console.log(`  connected ${sockets.length} sockets in ${connectSeconds.toFixed(1)} s`);
    console.log(
      `  server memory: ${(before / 1048576).toFixed(0)} MB → ${(after / 1048576).toFixed(0)} MB, ${((after - before) / sockets.length / 1024).toFixed(1)} KB per socket`,
    );
    console.log(
      `  messages posted: ${measuredPosts} (${(measuredPosts / DURATION_S).toFixed(0)}/s, after ${seq - measuredPosts} in ${WARMUP_S} s of warm-up); POST p50 ${percentile(postTimes, 0.5).toFixed(1)} ms, p99 ${percentile(postTimes, 0.99).toFixed(1)} ms`,
    );
    console.log(`  delivered: ${delivered} of ${expected} (${(delivered / DURATION_S).toFixed(0)} deliveries/s)`);
    const p99 = percentile(latencies, 0.99);
    console.log(
      `  delivery latency (POST sent → received on another socket): p50 ${percentile(latencies, 0.5).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms (goal ≤ ${GOAL_P99_MS} ms)`,
    );
    if (delivered < expected) process.exitCode = 1;
  } finally {
    for (const socket of sockets) socket.close();
    await stopServer(server);
    await sql(ADMIN_URL, `drop database if exists ${DATABASE} with (force)`);
  }
}
