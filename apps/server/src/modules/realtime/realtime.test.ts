import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  NOTIFICATION_EVENT,
  chatRoomChannel,
  chatsApi,
  identityApi,
  notificationsChannel,
  realtimeApi,
  usersApi,
  type RealtimeEvent,
} from '@inkwell/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { startPeerServer } from '../../../test/peer-server';
import { startRedisServer } from '../../../test/redis';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { testSettings } from '../../config';
import { accessTokens, chatMembers } from '../../db/schema';
import { createRealtime, signChannel } from '../../platform/realtime';
import { startTestServer, type TestServer } from '../../../test/harness';
import { loginAgain, signedIn } from '../../../test/identity-helpers';
import {
  OUR_ORIGIN,
  collect,
  connectSocket,
  disconnected,
  nextEvent,
  quietFor,
  subscribe,
} from '../../../test/sockets';

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
    const toC = collect(sc, NOTIFICATION_EVENT);

    // The group's greeting's own notice may still be on its way (its outbox runs after its commit): this message's.
    const notice = nextEvent(
      sb,
      NOTIFICATION_EVENT,
      5000,
      (event) => event.redisNotification.body === 'Are we still on for Saturday?',
    );
    await say(a, roomId, 'Are we still on for Saturday?');
    const got: RealtimeEvent<typeof NOTIFICATION_EVENT> = await notice;
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

/** The id of the device (access token) `token` signs in, as the devices list shows it. */
async function deviceOf(token: string, server = s): Promise<number> {
  const devices = await server.call(usersApi.devices, { token });
  return devices.body.data.find((d) => d.current)!.id;
}

/**
 * A socket of `who`'s, opened with `token`, holding their notifications and `roomId`'s channel. `hears` waits
 * for a message of `by`'s in the room to arrive on it, and for the notification a message of `by`'s in
 * `elsewhere` (a room the socket does not hold) raises.
 */
async function listening(who: Who, token: string, roomId: number) {
  const socket = await socketOf();
  expect(await subscribe(s, socket, token, notificationsChannel(who.user.id))).toEqual({ ok: true });
  expect(await subscribe(s, socket, token, chatRoomChannel(roomId))).toEqual({ ok: true });
  return socket;
}

/** Two rooms of `who` and `other`: a 1:1 the sockets hold and a group (opened by `who`, so no greeting reaches them). */
async function roomsOf(who: Who, other: Who) {
  const room = await openChat(other, who);
  const elsewhere = await openChat(who, other, await signedIn(s));
  return { room, elsewhere };
}

async function hears(socket: Socket, by: Who, rooms: { room: number; elsewhere: number }) {
  const message = nextEvent(socket, 'ChatMessageSent');
  await say(by, rooms.room, `live ${Date.now()}`);
  expect((await message).channel).toBe(chatRoomChannel(rooms.room));
  const notice = nextEvent(socket, NOTIFICATION_EVENT);
  await say(by, rooms.elsewhere, `notice ${Date.now()}`);
  expect((await notice).redisNotification.url).toBe(`/chats/${rooms.elsewhere}`);
}

describe('realtime lives as long as the session and membership behind it', () => {
  it('a socket keeps hearing while its session lives: its events pass, other sessions ending leave it alone', async () => {
    const [a, b] = await Promise.all([signedIn(s), signedIn(s)]);
    const rooms = await roomsOf(a, b);
    const socket = await listening(a, a.token, rooms.room);
    await hears(socket, b, rooms);

    // Another device of A's signs out, and B signs out: A's socket is not theirs.
    const phone = await loginAgain(s, a.user, 'Phone');
    expect((await s.call(identityApi.logout, { token: phone })).status).toBe(204);
    expect((await s.call(identityApi.logout, { token: b.token })).status).toBe(204);
    expect(await socket.timeout(5000).emitWithAck('unsubscribe', { channel: notificationsChannel(a.user.id) })).toEqual(
      { ok: true },
    );
    expect(await subscribe(s, socket, a.token, notificationsChannel(a.user.id))).toEqual({ ok: true });
    await quietFor(200);
    expect(socket.connected).toBe(true);
    const again = await loginAgain(s, b.user, 'Laptop');
    await hears(socket, { ...b, token: again }, rooms);
  });

  it('signing out closes the sockets opened with that session, and only those', async () => {
    const [a, b] = await Promise.all([signedIn(s), signedIn(s)]);
    const rooms = await roomsOf(a, b);
    const phone = await loginAgain(s, a.user, 'Phone');
    const [onLaptop, onPhone] = [await listening(a, a.token, rooms.room), await listening(a, phone, rooms.room)];
    const heard = [collect(onLaptop, 'ChatMessageSent'), collect(onLaptop, NOTIFICATION_EVENT)];

    const gone = disconnected(onLaptop);
    expect((await s.call(identityApi.logout, { token: a.token })).status).toBe(204);
    expect(await gone).toBe('io server disconnect');
    await hears(onPhone, b, rooms);
    expect(heard).toEqual([[], []]);
  });

  it('a device revoked from another device is disconnected at once', async () => {
    const [a, b] = await Promise.all([signedIn(s), signedIn(s)]);
    const rooms = await roomsOf(a, b);
    const lost = await loginAgain(s, a.user, 'Lost phone');
    const [stolen, mine] = [await listening(a, lost, rooms.room), await listening(a, a.token, rooms.room)];
    const heard = [collect(stolen, 'ChatMessageSent'), collect(stolen, NOTIFICATION_EVENT)];

    const gone = disconnected(stolen);
    const res = await s.call(usersApi.revokeDevice, { params: { id: await deviceOf(lost) }, token: a.token });
    expect(res.status).toBe(204);
    expect(await gone).toBe('io server disconnect');
    await hears(mine, b, rooms);
    expect(heard).toEqual([[], []]);
  });

  it('a password change disconnects the devices it signs out, not the one it was made on; a reset, all', async () => {
    const [a, b] = await Promise.all([signedIn(s), signedIn(s)]);
    const rooms = await roomsOf(a, b);
    const other = await loginAgain(s, a.user, 'Old tablet');
    const [elsewhere, here] = [await listening(a, other, rooms.room), await listening(a, a.token, rooms.room)];
    const heard = [collect(elsewhere, 'ChatMessageSent'), collect(elsewhere, NOTIFICATION_EVENT)];

    const gone = disconnected(elsewhere);
    const password = 'a brand new passphrase';
    const res = await s.call(usersApi.changePassword, {
      body: { current_password: a.user.password, password, password_confirmation: password },
      token: a.token,
    });
    expect(res.status).toBe(200);
    expect(await gone).toBe('io server disconnect');
    await hears(here, b, rooms);
    expect(heard).toEqual([[], []]);

    // A reset with the mailed link signs out every device: the last socket closes too.
    await s.call(identityApi.forgotPassword, { body: { email: a.user.email } });
    const mail = await s.smtp.waitFor(a.user.email, (m) => m.subject.includes('Reset'));
    const token = /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
    const goneToo = disconnected(here);
    const reset = 'another new passphrase';
    const answer = await s.call(identityApi.resetPassword, {
      body: { token, email: a.user.email, password: reset, password_confirmation: reset },
    });
    expect(answer.status).toBe(200);
    expect(await goneToo).toBe('io server disconnect');
  });

  it('suspension by an administrator disconnects every socket of the person', async () => {
    const [a, b, root] = await Promise.all([signedIn(s), signedIn(s), signedIn(s, { role: 'root' })]);
    const rooms = await roomsOf(a, b);
    const phone = await loginAgain(s, a.user, 'Phone');
    const sockets = [await listening(a, a.token, rooms.room), await listening(a, phone, rooms.room)];
    const bSocket = await listening(b, b.token, rooms.room);

    const gone = sockets.map((socket) => disconnected(socket));
    expect((await s.call(usersApi.suspend, { params: { id: a.user.id }, token: root.token })).status).toBe(200);
    expect(await Promise.all(gone)).toEqual(['io server disconnect', 'io server disconnect']);
    // The room goes on for the others.
    const message = nextEvent(bSocket, 'ChatMessageSent');
    await say(b, rooms.room, 'still here');
    expect((await message).chatMessage).toMatchObject({ message: 'still here' });
  });

  it('leaving a room (or being removed) leaves its channel; the socket stays for its other channels', async () => {
    const [a, b] = await Promise.all([signedIn(s), signedIn(s)]);
    const rooms = await roomsOf(a, b);
    const socket = await listening(a, a.token, rooms.room);
    // A signature for the room made while A was in it, kept for later.
    const kept = (await channelAuth(a, socket.id!, chatRoomChannel(rooms.room))).body.auth;
    const heard = collect(socket, 'ChatMessageSent');

    // As the membership's end will be written: the row goes and the event is published in its transaction.
    await s.ctx.transaction(async (tx) => {
      await tx.delete(chatMembers).where(and(eq(chatMembers.room_id, rooms.room), eq(chatMembers.user_id, a.user.id)));
      s.ctx.events.publish(tx, {
        type: 'chat.member_left',
        actor_id: b.user.id,
        room_id: rooms.room,
        user_id: a.user.id,
      });
    });
    await quietFor(300);
    const bSocket = await listening(b, b.token, rooms.room);
    const toB = nextEvent(bSocket, 'ChatMessageSent');
    await say(b, rooms.room, 'after you left');
    await toB;
    await quietFor(300);
    expect(heard).toEqual([]);
    expect(socket.connected).toBe(true);

    // The kept signature no longer opens the room, and no new one is given.
    const channel = chatRoomChannel(rooms.room);
    expect(await socket.timeout(5000).emitWithAck('subscribe', { channel, auth: kept })).toEqual({
      ok: false,
      message: 'forbidden',
    });
    expect((await channelAuth(a, socket.id!, channel)).status).toBe(403);
    // Its notifications still come.
    const notice = nextEvent(socket, NOTIFICATION_EVENT);
    await say(b, rooms.elsewhere, 'in the group');
    expect((await notice).redisNotification.url).toBe(`/chats/${rooms.elsewhere}`);
  });

  it('a socket whose token expired is dropped on its next event, or by the periodic check', async () => {
    const [a, b, c] = await Promise.all([signedIn(s), signedIn(s), signedIn(s)]);
    const rooms = await roomsOf(a, b);
    const [socketA, socketC] = [
      await listening(a, a.token, rooms.room),
      await listening(c, c.token, await openChat(c, b)),
    ];
    const expire = (userId: number) =>
      s.ctx.db
        .update(accessTokens)
        .set({ created_at: sql`now() - interval '400 days'`, last_used_at: sql`now() - interval '400 days'` })
        .where(eq(accessTokens.user_id, userId));
    await Promise.all([expire(a.user.id), expire(c.user.id)]);

    await quietFor(200);
    expect(socketA.connected).toBe(true);
    const gone = disconnected(socketA);
    socketA.emit('unsubscribe', { channel: notificationsChannel(a.user.id) });
    expect(await gone).toBe('io server disconnect');

    // C's socket sends nothing: the check every few minutes finds it.
    expect(socketC.connected).toBe(true);
    const goneC = disconnected(socketC);
    await s.ctx.realtime.recheck();
    expect(await goneC).toBe('io server disconnect');
  });

  it('a socket never bound to a session cannot subscribe, even with a valid signature, nor leave its binding', async () => {
    const a = await signedIn(s);
    const socket = await socketOf();
    const channel = notificationsChannel(a.user.id);
    // Made with the secret, not asked of the API: no session stands behind it.
    const auth = signChannel(APP_SECRET, socket.id!, channel);
    expect(await socket.timeout(5000).emitWithAck('subscribe', { channel, auth })).toEqual({
      ok: false,
      message: 'not signed in',
    });
    expect(await subscribe(s, socket, a.token, channel)).toEqual({ ok: true });
    const [token] = await s.ctx.db
      .select({ id: accessTokens.id })
      .from(accessTokens)
      .where(eq(accessTokens.user_id, a.user.id));
    for (const room of [`session:${token!.id}`, `person:${a.user.id}`, socket.id!]) {
      expect(await socket.timeout(5000).emitWithAck('unsubscribe', { channel: room })).toEqual({ ok: false });
    }
    const gone = disconnected(socket);
    await s.call(identityApi.logout, { token: a.token });
    expect(await gone).toBe('io server disconnect');
  });

  it('a socket that floods the server with events is dropped', async () => {
    const a = await signedIn(s);
    const socket = await socketOf();
    await subscribe(s, socket, a.token, notificationsChannel(a.user.id));
    const gone = disconnected(socket);
    for (let i = 0; i < 150; i++) socket.emit('unsubscribe', { channel: chatRoomChannel(i + 1) });
    expect(await gone).toBe('io server disconnect');
  });
});

const { databaseUrl: onPostgres, redisUrl: givenRedis } = testSettings();

/**
 * Redis for the two-process tests: REDIS_URL's, else a redis-server of the test's own (when installed), so a
 * run on PostgreSQL does not skip them for want of a REDIS_URL.
 */
const redisForTest = async (): Promise<{ url: string; stop: () => void }> =>
  givenRedis ? { url: givenRedis, stop: () => undefined } : startRedisServer();

/** Two processes need a database both reach: the run on PostgreSQL (CI's second run) has it; PGlite's does not. */
describe.runIf(onPostgres)('two server processes and Redis', () => {
  let other: ChildProcess | undefined;
  let first: TestServer;
  let redis: Awaited<ReturnType<typeof redisForTest>> | undefined;
  let key: string;
  let peerUrl: string;
  beforeAll(async () => {
    redis = await redisForTest();
    key = `rt-two-${randomBytes(3).toString('hex')}`;
    first = await startTestServer({ APP_SECRET, REDIS_URL: redis.url }, { realtimeKey: key });
    const peer = await startPeerServer(first, APP_SECRET, { REDIS_URL: redis.url, REALTIME_KEY: key });
    other = peer.child;
    peerUrl = peer.url;
  });
  afterAll(async () => {
    other?.kill('SIGTERM');
    await first?.close();
    await redis?.stop();
  });

  /** A worker process's hub: no sockets of its own, it reaches every server's through Redis. */
  const workerHub = () =>
    createRealtime({
      appSecret: APP_SECRET,
      allowedOrigins: [],
      redisUrl: redis!.url,
      // As create-context names it: the install's prefix, then the key.
      redisKey: `${first.ctx.config.redisPrefix}${key}`,
      log: first.ctx.log,
    });

  it('a message posted through process A reaches a client connected to process B', async () => {
    const [a, b] = await Promise.all([signedIn(first), signedIn(first)]);
    const roomId = (await first.call(chatsApi.create, { body: { userIds: [b.user.id] }, token: a.token })).body.roomId;
    const onB = await socketOf(peerUrl);
    // The signature comes from process A: both share the app secret, and A's binding reaches B through Redis.
    expect(await subscribe(first, onB, b.token, chatRoomChannel(roomId))).toEqual({ ok: true });
    const arrived = nextEvent(onB, 'ChatMessageSent');
    const sent = await say(a, roomId, 'across processes', first);
    expect((await arrived).chatMessage).toEqual(sent.body.data);

    // And the other way: a socket on A hears what B's process delivers.
    const onA = await socketOf(first.url);
    await subscribe(first, onA, a.token, chatRoomChannel(roomId));
    const back = nextEvent(onA, 'ChatMessageSent');
    const reply = await fetch(`${peerUrl}/api/chats/${roomId}/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${b.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'and back' }),
    });
    expect(reply.status).toBe(201);
    expect((await back).chatMessage).toMatchObject({ message: 'and back', from: b.user.id });

    // What a worker emits travels through Redis to every server's sockets.
    const worker = workerHub();
    const fromWorker = Promise.all([nextEvent(onA, 'ChatMessageSent'), nextEvent(onB, 'ChatMessageSent')]);
    const message = { ...sent.body.data, message: 'from a worker' };
    worker.emit(chatRoomChannel(roomId), 'ChatMessageSent', { chatMessage: message });
    expect((await fromWorker).map((e) => e.chatMessage)).toEqual([message, message]);
    await worker.close();
  });

  it('signing out through process A disconnects the session’s socket on process B', async () => {
    const [a, b] = await Promise.all([signedIn(first), signedIn(first)]);
    const roomId = (await first.call(chatsApi.create, { body: { userIds: [b.user.id] }, token: a.token })).body.roomId;
    const channel = chatRoomChannel(roomId);
    const [onB, aOnB] = [await socketOf(peerUrl), await socketOf(peerUrl)];
    expect(await subscribe(first, onB, b.token, channel)).toEqual({ ok: true });
    expect(await subscribe(first, aOnB, a.token, channel)).toEqual({ ok: true });
    const heard = collect(onB, 'ChatMessageSent');

    const gone = disconnected(onB);
    expect((await first.call(identityApi.logout, { token: b.token })).status).toBe(204);
    expect(await gone).toBe('io server disconnect');
    const toA = nextEvent(aOnB, 'ChatMessageSent');
    await say(a, roomId, 'are you there?', first);
    await toA;
    expect(heard).toEqual([]);
  });

  it('a worker disconnects sessions and takes people out of a channel on every process', async () => {
    const [a, b] = await Promise.all([signedIn(first), signedIn(first)]);
    const roomId = (await first.call(chatsApi.create, { body: { userIds: [b.user.id] }, token: a.token })).body.roomId;
    const channel = chatRoomChannel(roomId);
    const [aOnA, bOnB] = [await socketOf(first.url), await socketOf(peerUrl)];
    await subscribe(first, aOnA, a.token, channel);
    await subscribe(first, bOnB, b.token, notificationsChannel(b.user.id));
    await subscribe(first, bOnB, b.token, channel);
    const heardByB = collect(bOnB, 'ChatMessageSent');

    const worker = workerHub();
    worker.leave(channel, b.user.id);
    await quietFor(300);
    const toA = nextEvent(aOnA, 'ChatMessageSent');
    await say(a, roomId, 'only A hears this', first);
    await toA;
    await quietFor(300);
    expect(heardByB).toEqual([]);
    expect(bOnB.connected).toBe(true);

    const gone = disconnected(aOnA);
    worker.endSessions([await deviceOf(a.token, first)]);
    expect(await gone).toBe('io server disconnect');
    expect(bOnB.connected).toBe(true);
    await worker.close();
  });
});
