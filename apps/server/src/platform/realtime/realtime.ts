import type { Server as HttpServer } from 'node:http';
import type { RealtimeEvent, RealtimeEventName } from '@inkwell/contracts';
import { createAdapter } from '@socket.io/redis-adapter';
import { Emitter } from '@socket.io/redis-emitter';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { Server } from 'socket.io';
import {
  personRoom,
  recheckSessions,
  sessionRoom,
  socketServer,
  type SocketAccess,
  type SocketData,
  type SocketHub,
} from './sockets';

export type { SocketAccess } from './sockets';

/**
 * Every few minutes each process checks its sockets' sessions even if they send nothing: a token past its
 * absolute or idle expiry, or a disconnect lost while a process's Redis connection was down, ends there.
 */
const RECHECK_MS = 5 * 60_000;

export interface RealtimeSettings {
  appSecret: string;
  /** Origins whose pages may connect: `PUBLIC_URL`'s and `CORS_ORIGINS`. */
  allowedOrigins: string[];
  redisUrl?: string;
  /** Redis key prefix of the adapter and emitter: processes with the same key share their rooms. */
  redisKey?: string;
  log: FastifyBaseLogger;
}

type Payload<N extends RealtimeEventName> = Omit<RealtimeEvent<N>, 'channel'>;

/**
 * Realtime delivery (API.md, Realtime protocol): sockets join private channels with a signature from
 * `POST /broadcasting/auth`; the server emits to a channel after the database commit. One hub per process:
 * `serve` attaches a Socket.IO server to its HTTP server; a `worker` (no sockets of its own) reaches the
 * sockets of every `serve` through Redis. Without Redis and without sockets, emitting does nothing.
 */
export interface Realtime {
  /** Sends `event` to every socket subscribed to `channel`, in every process (through Redis when set). */
  emit<N extends RealtimeEventName>(channel: string, event: N, payload: Payload<N>): void;
  /**
   * The people whose sockets are subscribed to `channel` right now, in every process; null when this process
   * cannot tell (a worker: it has no sockets to ask).
   */
  present(channel: string): Promise<Set<number> | null>;
  /**
   * Binds the socket (in whichever process holds it) to the session that signed a channel for it: the socket
   * then lives only as long as that session. Called by `POST /broadcasting/auth` before it answers.
   */
  bind(socketId: string, session: { tokenId: number; userId: number }): void;
  /** Disconnects every socket bound to one of these sessions (signed out, revoked), in every process. */
  endSessions(tokenIds: number[]): void;
  /** Disconnects every socket of the person (suspended), in every process. */
  endPerson(userId: number): void;
  /**
   * Makes the person's sockets leave `channel` in every process (their membership ended); the sockets stay
   * connected for their other channels.
   */
  leave(channel: string, userId: number): void;
  /** Checks this process's sockets against their sessions now (also done every few minutes); drops the dead. */
  recheck(): Promise<void>;
  /** Starts the Socket.IO server on `server` (serve only); `access` answers for its sockets. */
  attach(server: HttpServer, access: SocketAccess): void;
  /**
   * Disconnects every socket (an open WebSocket would keep the HTTP server from closing) and the Redis
   * connections; the HTTP server itself is closed by its owner. Once is enough; later calls do nothing.
   */
  close(): Promise<void>;
}

/** What both Socket.IO's rooms and the Redis emitter's can do to the sockets in them. */
interface RoomSockets {
  disconnectSockets(close: boolean): void;
  socketsLeave(room: string): void;
}

/** A Redis connection of the adapter or the emitter, whose lost commands are logged instead of ending the process. */
function redisConnection(url: string, log: FastifyBaseLogger): Redis {
  const client = new Redis(url, { maxRetriesPerRequest: 2, lazyConnect: false });
  client.on('error', (err) => log.warn({ err }, 'realtime redis error'));
  // The adapter and the emitter publish, subscribe and unsubscribe without awaiting: during an outage, or
  // when a closing process quits its clients, each such command rejects with nobody listening, and that ended
  // the process. Handled here (an awaiting caller still sees the error), an outage costs only the other
  // processes' copies (this process's sockets are served by the adapter itself) until Redis is back.
  for (const name of ['publish', 'subscribe', 'psubscribe', 'unsubscribe', 'punsubscribe'] as const) {
    const command = client[name].bind(client) as (...args: unknown[]) => Promise<unknown>;
    (client as unknown as Record<string, unknown>)[name] = (...args: unknown[]) => {
      const sent = command(...args);
      sent.catch((err: unknown) => log.debug({ err, command: name }, 'realtime redis command lost'));
      return sent;
    };
  }
  return client;
}

export function createRealtime(settings: RealtimeSettings): Realtime {
  const { log } = settings;
  const key = settings.redisKey ?? 'socket.io';
  const redis: Redis[] = [];
  const connect = () => {
    const client = redisConnection(settings.redisUrl!, log);
    redis.push(client);
    return client;
  };
  let io: Server | undefined;
  let emitter: Emitter | undefined;
  let access: SocketAccess | undefined;
  let recheckTimer: NodeJS.Timeout | undefined;
  let closed = false;
  const hub: SocketHub = { appSecret: settings.appSecret, log, access: () => access, waiting: new Map() };

  /** A worker has no sockets: it reaches every server's through Redis (nothing at all without Redis). */
  const toEveryServer = () => (settings.redisUrl ? (emitter ??= new Emitter(connect(), { key })) : undefined);

  const recheck = async () => {
    if (io && access) await recheckSessions(io, access);
  };

  /**
   * Acts on the sockets in `rooms`: here at once, and in every other process through Redis (a worker, having no
   * sockets, only through Redis).
   */
  function inEveryProcess(rooms: string[], act: (sockets: RoomSockets) => void) {
    if (rooms.length === 0) return;
    if (io) {
      act(io.local.in(rooms));
      if (settings.redisUrl) act(io.in(rooms));
    } else {
      const viaRedis = toEveryServer();
      if (viaRedis) act(viaRedis.in(rooms));
    }
  }

  return {
    emit(channel, event, payload) {
      const message = { channel, ...payload };
      if (io) io.to(channel).emit(event, message);
      else toEveryServer()?.to(channel).emit(event, message);
    },

    bind(socketId, session) {
      if (!io) return;
      const rooms = [sessionRoom(session.tokenId), personRoom(session.userId)];
      const local = io.of('/').sockets.get(socketId);
      // Joined here at once when this process holds the socket; otherwise the Redis adapter carries the join
      // to the process that does (and the socket's `subscribe` waits for it).
      if (local) void local.join(rooms);
      else io.in(socketId).socketsJoin(rooms);
    },

    endSessions(tokenIds) {
      inEveryProcess(tokenIds.map(sessionRoom), (sockets) => sockets.disconnectSockets(true));
    },

    endPerson(userId) {
      inEveryProcess([personRoom(userId)], (sockets) => sockets.disconnectSockets(true));
    },

    leave(channel, userId) {
      inEveryProcess([personRoom(userId)], (sockets) => sockets.socketsLeave(channel));
    },

    recheck,

    async present(channel) {
      if (!io) return null;
      try {
        const sockets = await io.in(channel).fetchSockets();
        return new Set(
          sockets.map((s) => (s.data as SocketData).userId).filter((id): id is number => id !== undefined),
        );
      } catch (err) {
        // Another process did not answer in time: better to notify twice than to stay silent.
        log.warn({ err, channel }, 'realtime presence unknown');
        return null;
      }
    },

    attach(server, socketAccess) {
      access = socketAccess;
      io = socketServer(
        server,
        settings.allowedOrigins,
        hub,
        settings.redisUrl ? () => createAdapter(connect(), connect(), { key }) : undefined,
      );
      recheckTimer = setInterval(() => {
        recheck().catch((err: unknown) => log.warn({ err }, 'realtime recheck failed'));
      }, RECHECK_MS);
      recheckTimer.unref();
    },

    async close() {
      if (closed) return;
      closed = true;
      clearInterval(recheckTimer);
      if (io) {
        io.local.disconnectSockets(true);
        io.engine.close();
        await io.of('/').adapter.close();
        io = undefined;
      }
      await Promise.allSettled(redis.map((c) => c.quit()));
    },
  };
}
