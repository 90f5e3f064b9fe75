import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chatRoomChannel, chatsApi, identityApi } from '@inkwell/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testSettings } from '../config';
import { startTestServer, type TestServer } from '../../test/harness';
import { signedIn } from '../../test/identity-helpers';
import { startPeerServer } from '../../test/peer-server';
import { startRedisServer, type RedisServer } from '../../test/redis';
import { connectSocket, nextEvent, quietFor, subscribe } from '../../test/sockets';

/**
 * Issue 25: every process that used Redis died within a second of an outage (a rejected publish nobody
 * handled). Realtime and rate limits degrade instead: a room's messages still reach this process's sockets,
 * counts fail open, and both use Redis again once it is back.
 */
describe('a Redis outage', () => {
  let redis: RedisServer;
  let s: TestServer;
  const unhandled: unknown[] = [];
  const record = (err: unknown) => unhandled.push(err);
  beforeAll(async () => {
    process.on('unhandledRejection', record);
    redis = await startRedisServer();
    s = await startTestServer({ REDIS_URL: redis.url, RATE_LIMIT_SCALE: '1' });
  });
  afterAll(async () => {
    process.off('unhandledRejection', record);
    await s?.close();
    await redis?.stop();
  });

  it('keeps the process serving: chat reaches this process’s sockets, limits fail open, and Redis comes back', async () => {
    const [a, b] = await Promise.all([signedIn(s), signedIn(s)]);
    const { roomId } = (await s.call(chatsApi.create, { body: { userIds: [b.user.id] }, token: a.token })).body;
    const socket = await connectSocket(s.url);
    try {
      expect(await subscribe(s, socket, b.token, chatRoomChannel(roomId))).toEqual({ ok: true });
      const port = Number(new URL(redis.url).port);

      await redis.stop('SIGKILL');
      await quietFor(300);
      const during = nextEvent(socket, 'ChatMessageSent');
      const sent = await s.call(chatsApi.send, { params: { roomId }, body: { message: 'Still here' }, token: a.token });
      expect(sent.status).toBe(201);
      expect((await during).chatMessage).toMatchObject({ message: 'Still here' });
      const login = await s.call(identityApi.login, {
        body: { email: 'nobody@example.test', password: 'not-the-password', device_name: 'x' },
      });
      expect(login.status).toBe(422);
      // ioredis gives up on a command after its retries: time for any rejection to surface.
      await quietFor(1500);
      expect((await fetch(`${s.url}/healthz`)).status).toBe(200);

      redis = await startRedisServer(port);
      await quietFor(1500);
      const after = nextEvent(socket, 'ChatMessageSent');
      const again = await s.call(chatsApi.send, { params: { roomId }, body: { message: 'Back' }, token: a.token });
      expect(again.status).toBe(201);
      expect((await after).chatMessage).toMatchObject({ message: 'Back' });
      expect(unhandled).toEqual([]);
    } finally {
      socket.close();
    }
  }, 60_000);
});

describe.runIf(Boolean(testSettings().databaseUrl))('a Redis outage with two serve processes', () => {
  const APP_SECRET = 'redis-outage-two-serves-secret-0123456789abcdef';
  let redis: RedisServer;
  let s: TestServer;
  let peer: ChildProcess | undefined;
  let peerUrl: string;
  beforeAll(async () => {
    redis = await startRedisServer();
    const key = `rt-outage-${randomBytes(3).toString('hex')}`;
    s = await startTestServer({ APP_SECRET, REDIS_URL: redis.url }, { realtimeKey: key });
    const started = await startPeerServer(s, APP_SECRET, { REDIS_URL: redis.url, REALTIME_KEY: key });
    peer = started.child;
    peerUrl = started.url;
  });
  afterAll(async () => {
    peer?.kill('SIGTERM');
    await s?.close();
    await redis?.stop();
  });

  it('chat reaches this process’s sockets during the outage, and the other process’s once Redis is back; both stay up', async () => {
    const [a, b] = await Promise.all([signedIn(s), signedIn(s)]);
    const { roomId } = (await s.call(chatsApi.create, { body: { userIds: [b.user.id] }, token: a.token })).body;
    const here = await connectSocket(s.url);
    const there = await connectSocket(peerUrl);
    try {
      for (const socket of [here, there])
        expect(await subscribe(s, socket, b.token, chatRoomChannel(roomId))).toEqual({ ok: true });
      const port = Number(new URL(redis.url).port);
      const before = nextEvent(there, 'ChatMessageSent');
      await s.call(chatsApi.send, { params: { roomId }, body: { message: 'Across' }, token: a.token });
      expect((await before).chatMessage).toMatchObject({ message: 'Across' });

      await redis.stop('SIGKILL');
      await quietFor(300);
      const during = nextEvent(here, 'ChatMessageSent');
      const sent = await s.call(chatsApi.send, { params: { roomId }, body: { message: 'Here only' }, token: a.token });
      expect(sent.status).toBe(201);
      expect((await during).chatMessage).toMatchObject({ message: 'Here only' });
      await quietFor(1500);
      expect(peer!.exitCode).toBeNull();
      expect((await fetch(`${peerUrl}/healthz`)).status).toBe(200);

      redis = await startRedisServer(port);
      // Both processes' Redis clients reconnect and subscribe again on their own.
      const across = await (async () => {
        for (let i = 0; i < 40; i++) {
          const next = nextEvent(there, 'ChatMessageSent', 500).catch(() => undefined);
          await s.call(chatsApi.send, { params: { roomId }, body: { message: `Back ${i}` }, token: a.token });
          const got = await next;
          if (got) return got;
        }
        return undefined;
      })();
      expect(across?.chatMessage).toMatchObject({ message: expect.stringMatching(/^Back \d+$/) });
    } finally {
      here.close();
      there.close();
    }
  }, 90_000);
});
