import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import { chatRoomChannel, chatsApi, notificationsChannel, realtimeApi, type RealtimeEvent } from '@inkwell/contracts';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { testSettings } from '../../config';
import { createRealtime, signChannel } from '../../platform/realtime';
import { startTestServer, type TestServer } from '../../../test/harness';
import { signedIn } from '../../../test/identity-helpers';
import { OUR_ORIGIN, collect, connectSocket, nextEvent, quietFor, subscribe } from '../../../test/sockets';

const APP_SECRET = randomBytes(32).toString('hex');
let s: TestServer;
const sockets: Socket[] = [];
beforeAll(async () => {
  s = await startTestServer({ APP_SECRET });
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.close();
});
afterAll(async () => {
  await s?.close();
});

type Who = Awaited<ReturnType<typeof signedIn>>;

async function socketOf(url = s.url, origin: string | null = OUR_ORIGIN) {
  const socket = await connectSocket(url, origin);
  sockets.push(socket);
  return socket;
}
const openChat = async (a: Who, ...others: Who[]) =>
  (await s.call(chatsApi.create, { body: { userIds: others.map((o) => o.user.id) }, token: a.token })).body.roomId;
const say = (by: Who, roomId: number, message: string, server = s) =>
  server.call(chatsApi.send, { params: { roomId }, body: { message }, token: by.token });
const channelAuth = (who: Who, socketId: string, channel: string) =>
  s.call(realtimeApi.auth, { body: { socket_id: socketId, channel_name: channel }, token: who.token });

describe('broadcasting auth', () => {
  it('signs my notifications and rooms I am in; 403 for anyone else’s, 422 for no channel of ours', async () => {
    const [a, b, stranger] = await Promise.all([signedIn(s), signedIn(s), signedIn(s)]);
    const roomId = await openChat(a, b);
    const mine = await channelAuth(a, 'sock-1', notificationsChannel(a.user.id));
    expect(mine.status).toBe(200);
    expect(mine.body.auth).toBe(signChannel(APP_SECRET, 'sock-1', notificationsChannel(a.user.id)));
    expect((await channelAuth(b, 'sock-2', chatRoomChannel(roomId))).status).toBe(200);

    expect((await channelAuth(a, 'sock-1', notificationsChannel(b.user.id))).status).toBe(403);
    expect((await channelAuth(stranger, 'sock-3', chatRoomChannel(roomId))).status).toBe(403);
    expect((await channelAuth(stranger, 'sock-3', chatRoomChannel(2_000_000_000))).status).toBe(403);
    for (const channel of [
      'presence-chats.room.1',
      'private-chats.room.0',
      'private-admin.1',
      'private-chats.room.1x',
    ]) {
      expect((await channelAuth(a, 'sock-1', channel)).status).toBe(422);
    }
    expect(
      (
        await s.call(realtimeApi.auth, {
          body: { socket_id: 's', channel_name: notificationsChannel(a.user.id) },
        })
      ).status,
    ).toBe(401);
  });
});

describe('sockets', () => {
  it('two members receive each other’s messages live, after the commit, with the channel named', async () => {
    const [a, b] = await Promise.all([signedIn(s), signedIn(s)]);
    const roomId = await openChat(a, b);
    const [sa, sb] = await Promise.all([socketOf(), socketOf()]);
    const channel = chatRoomChannel(roomId);
    expect(await subscribe(s, sa, a.token, channel)).toEqual({ ok: true });
    expect(await subscribe(s, sb, b.token, channel)).toEqual({ ok: true });

    const toB = nextEvent(sb, 'ChatMessageSent');
    const toA = nextEvent(sa, 'ChatMessageSent');
    const sent = await say(a, roomId, 'Mingalaba!');
    const received = await toB;
    expect(received).toEqual({ channel, chatMessage: sent.body.data });
    expect((await toA).chatMessage).toEqual(sent.body.data);

    const back = nextEvent(sa, 'ChatMessageSent');
    await say(b, roomId, 'Sawasdee!');
    expect((await back).chatMessage).toMatchObject({ from: b.user.id, message: 'Sawasdee!' });

    // Leaving the channel stops the messages.
    const left = collect(sb, 'ChatMessageSent');
    await sb.timeout(5000).emitWithAck('unsubscribe', { channel });
    await say(a, roomId, 'still there?');
    await quietFor(300);
    expect(left).toEqual([]);
  });

  it('refuses a forged signature, one for another socket and one for another channel', async () => {
    const [a, b, stranger] = await Promise.all([signedIn(s), signedIn(s), signedIn(s)]);
    const roomId = await openChat(a, b);
    const channel = chatRoomChannel(roomId);
    const [sa, thief] = await Promise.all([socketOf(), socketOf()]);
    const forged = await thief.timeout(5000).emitWithAck('subscribe', { channel, auth: 'a'.repeat(64) });
    expect(forged).toMatchObject({ ok: false });
    // A's signature, made for A's socket, does not open the channel to another socket.
    const signedForA = (await channelAuth(a, sa.id!, channel)).body.auth;
    expect(await thief.timeout(5000).emitWithAck('subscribe', { channel, auth: signedForA })).toMatchObject({
      ok: false,
    });
    // The stranger's own notifications signature does not open A's room.
    const own = (await channelAuth(stranger, thief.id!, notificationsChannel(stranger.user.id))).body.auth;
    expect(await thief.timeout(5000).emitWithAck('subscribe', { channel, auth: own })).toMatchObject({ ok: false });
    expect(await thief.timeout(5000).emitWithAck('subscribe', { nonsense: true })).toMatchObject({ ok: false });

    const overheard = collect(thief, 'ChatMessageSent');
    await say(a, roomId, 'for B only');
    await quietFor(300);
    expect(overheard).toEqual([]);
  });

  it('refuses a foreign Origin and a missing one at the handshake', async () => {
    await expect(socketOf(s.url, 'https://evil.example')).rejects.toThrow();
    await expect(socketOf(s.url, null)).rejects.toThrow();
    await expect(socketOf(s.url, OUR_ORIGIN)).resolves.toBeTruthy();
  });

  it('a new message raises the Chats badge of members who are not looking at the room, and of nobody else', async () => {
    const [a, b, c] = await Promise.all([signedIn(s), signedIn(s), signedIn(s)]);
    const roomId = await openChat(a, b, c);
    const [sb, sc] = await Promise.all([socketOf(), socketOf()]);
    await subscribe(s, sb, b.token, notificationsChannel(b.user.id));
    await subscribe(s, sc, c.token, notificationsChannel(c.user.id));
    // C has the room open.
    await subscribe(s, sc, c.token, chatRoomChannel(roomId));
    const toC = collect(sc, 'SendPushNotification');

    const notice = nextEvent(sb, 'SendPushNotification');
    await say(a, roomId, 'Are we still on for Saturday?');
    const got: RealtimeEvent<'SendPushNotification'> = await notice;
    expect(got).toEqual({
      channel: notificationsChannel(b.user.id),
      redisNotification: {
        // The group's greeting and this message: one notification for the room until it is read.
        title: `${a.user.name} · 2 new messages`,
        body: 'Are we still on for Saturday?',
        type: 'chat',
        tag: 'chat',
        icon: '/icons/icon-192.png',
        badge: '/icons/badge-72.png',
        url: `/chats/${roomId}`,
        unread_count: 1,
      },
    });
    await quietFor(300);
    expect(toC).toEqual([]);
  });
});

/** A free port on loopback for a second server process. */
const freePort = () =>
  new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

const { databaseUrl: onPostgres, redisUrl } = testSettings();

describe.runIf(onPostgres && redisUrl)('two server processes and Redis', () => {
  let other: ChildProcess | undefined;
  let first: TestServer;
  afterAll(async () => {
    other?.kill('SIGTERM');
    await first?.close();
  });

  it('a message posted through process A reaches a client connected to process B', async () => {
    const key = `rt-two-${randomBytes(3).toString('hex')}`;
    first = await startTestServer({ APP_SECRET }, { realtimeKey: key });
    const port = await freePort();
    const serverDir = path.resolve(import.meta.dirname, '../../..');
    other = spawn(process.execPath, ['--import', 'tsx', 'test/realtime-peer.ts'], {
      cwd: serverDir,
      env: {
        NODE_ENV: 'test',
        DATABASE_URL: first.databaseUrl!,
        REDIS_URL: redisUrl!,
        APP_SECRET,
        PUBLIC_URL: 'http://inkwell.test',
        PORT: String(port),
        HOST: '127.0.0.1',
        JOBS: 'off',
        SEED_DEMO: 'false',
        LOG_LEVEL: 'silent',
        DATA_DIR: first.dataDir,
        REALTIME_KEY: key,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await new Promise<void>((resolve, reject) => {
      other!.stdout!.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('ready')) resolve();
      });
      other!.once('exit', (code) => reject(new Error(`peer exited ${code}`)));
    });

    const [a, b] = await Promise.all([signedIn(first), signedIn(first)]);
    const roomId = (await first.call(chatsApi.create, { body: { userIds: [b.user.id] }, token: a.token })).body.roomId;
    const onB = await socketOf(`http://127.0.0.1:${port}`);
    // The signature comes from process A: both share the app secret.
    expect(await subscribe(first, onB, b.token, chatRoomChannel(roomId))).toEqual({ ok: true });
    const arrived = nextEvent(onB, 'ChatMessageSent');
    const sent = await say(a, roomId, 'across processes', first);
    expect((await arrived).chatMessage).toEqual(sent.body.data);

    // And the other way: a socket on A hears what B's process delivers.
    const onA = await socketOf(first.url);
    await subscribe(first, onA, a.token, chatRoomChannel(roomId));
    const back = nextEvent(onA, 'ChatMessageSent');
    const reply = await fetch(`http://127.0.0.1:${port}/api/chats/${roomId}/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${b.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'and back' }),
    });
    expect(reply.status).toBe(201);
    expect((await back).chatMessage).toMatchObject({ message: 'and back', from: b.user.id });

    // A worker process has no sockets: what it emits travels through Redis to every server's sockets.
    const worker = createRealtime({
      appSecret: APP_SECRET,
      allowedOrigins: [],
      redisUrl,
      redisKey: key,
      log: first.ctx.log,
    });
    const fromWorker = Promise.all([nextEvent(onA, 'ChatMessageSent'), nextEvent(onB, 'ChatMessageSent')]);
    const message = { ...sent.body.data, message: 'from a worker' };
    worker.emit(chatRoomChannel(roomId), 'ChatMessageSent', { chatMessage: message });
    expect((await fromWorker).map((e) => e.chatMessage)).toEqual([message, message]);
    await worker.close();
  });
});
