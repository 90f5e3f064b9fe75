import type { Server as HttpServer } from 'node:http';
import {
  SOCKET_PATH,
  SubscribeMessage,
  UnsubscribeMessage,
  parseChannel,
  type RealtimeEvent,
  type RealtimeEventName,
  type SubscribeAck,
} from '@inkwell/contracts';
import { createAdapter } from '@socket.io/redis-adapter';
import { Emitter } from '@socket.io/redis-emitter';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { Server, type Socket } from 'socket.io';
import { verifyChannel } from './signing';

/** What a socket may hold at once: a person's notifications plus the rooms they have open, with room to spare. */
const MAX_CHANNELS_PER_SOCKET = 50;

/**
 * Internal rooms that tie a socket to the sessions that signed for it and their people. No client can subscribe to
 * or leave them: `subscribe` and `unsubscribe` take only channel names (`parseChannel`), which never look so.
 */
const SESSION_ROOM = 'session:';
const PERSON_ROOM = 'person:';
const sessionRoom = (tokenId: number) => `${SESSION_ROOM}${tokenId}`;
const personRoom = (userId: number) => `${PERSON_ROOM}${userId}`;

/**
 * How long `subscribe` waits for its socket's binding when `POST /broadcasting/auth` was served by another
 * process (it travels through Redis, usually in a few milliseconds); without one by then it is refused.
 */
const BIND_WAIT_MS = 2000;
/**
 * Each incoming event costs a database read (the sessions are checked): a socket sending more than this many
 * in a minute is not a page of ours, and is dropped.
 */
const EVENTS_PER_MINUTE = 120;
/**
 * Every few minutes each process checks its sockets' sessions even if they send nothing: a token past its
 * absolute or idle expiry, or a disconnect lost while a process's Redis connection was down, ends there.
 */
const RECHECK_MS = 5 * 60_000;
/** Sessions asked about in one query by the periodic check. */
const RECHECK_BATCH = 500;

/**
 * What the platform asks of the modules about a socket, handed in by the composition root (the platform imports
 * no module). Each answer is read from the database when asked: nothing is cached.
 */
export interface SocketAccess {
  /**
   * Of these sessions (access token ids), the ones that still sign their person in (not signed out, not past
   * their expiry, the person not suspended), each with its person's id.
   */
  liveSessions(tokenIds: number[]): Promise<Map<number, number>>;
  /** Whether one of `people` may hold `channel` now: a signature outlives the membership it was made for. */
  mayHold(people: number[], channel: string): Promise<boolean>;
}

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

interface SocketData {
  /** Known once the socket joined its person's notification channel (signed for that person only). */
  userId?: number;
  /** The flood guard's count of events in the current minute. */
  events?: { since: number; count: number };
}

/** What both Socket.IO's rooms and the Redis emitter's can do to the sockets in them. */
interface RoomSockets {
  disconnectSockets(close: boolean): void;
  socketsLeave(room: string): void;
}

type AppSocket = Socket<Record<string, never>, Record<string, never>, Record<string, never>, SocketData>;

/** The ids in the socket's internal rooms of one kind (its sessions, or its people). */
function boundIds(socket: AppSocket, prefix: string): number[] {
  const ids: number[] = [];
  for (const room of socket.rooms) if (room.startsWith(prefix)) ids.push(Number(room.slice(prefix.length)));
  return ids;
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

/** What a socket's handlers need of their process's hub. */
interface SocketHub {
  appSecret: string;
  log: FastifyBaseLogger;
  /** Set once `attach` ran (the handlers only run after it). */
  access: () => SocketAccess | undefined;
  /** Subscriptions waiting for their socket's binding, by socket id. */
  waiting: Map<string, Set<() => void>>;
}

/** The socket's sessions, waiting up to BIND_WAIT_MS for the binding of an auth another process served. */
function sessionsOf(hub: SocketHub, socket: AppSocket): Promise<number[]> {
  const now = boundIds(socket, SESSION_ROOM);
  if (now.length > 0 || socket.disconnected) return Promise.resolve(now);
  return new Promise((resolve) => {
    const set = hub.waiting.get(socket.id) ?? new Set();
    hub.waiting.set(socket.id, set);
    const done = () => {
      clearTimeout(timer);
      set.delete(done);
      if (set.size === 0) hub.waiting.delete(socket.id);
      socket.off('disconnect', done);
      resolve(boundIds(socket, SESSION_ROOM));
    };
    const timer = setTimeout(done, BIND_WAIT_MS);
    set.add(done);
    socket.once('disconnect', done);
  });
}

/**
 * Whether the socket's sessions all still sign someone in: the people they sign in, or null after dropping the
 * socket (one of them ended). A socket with no session yet has nothing to check.
 */
async function alive(hub: SocketHub, socket: AppSocket, sessions: number[]): Promise<number[] | null> {
  if (sessions.length === 0) return [];
  const live = await hub.access()!.liveSessions(sessions);
  if (sessions.every((id) => live.has(id))) return [...new Set(live.values())];
  socket.disconnect(true);
  return null;
}

/** At most EVENTS_PER_MINUTE per socket (each costs a database read); past that the socket is dropped. */
function withinRate(socket: AppSocket): boolean {
  const now = Date.now();
  const seen = socket.data.events;
  if (!seen || now - seen.since >= 60_000) socket.data.events = { since: now, count: 1 };
  else if (++seen.count > EVENTS_PER_MINUTE) return false;
  return true;
}

function serveSocket(hub: SocketHub, socket: AppSocket): void {
  const { log } = hub;
  // Every incoming event first checks that the socket's sessions still stand; `subscribe` checks in its
  // handler, once the socket is bound.
  socket.use(([event], next) => {
    if (!withinRate(socket)) return void socket.disconnect(true);
    if (event === 'subscribe') return next();
    alive(hub, socket, boundIds(socket, SESSION_ROOM)).then(
      (people) => {
        if (people) next();
      },
      (err: unknown) => {
        // Whatever else comes (`unsubscribe`) only narrows what the socket hears: let it through.
        log.warn({ err }, 'realtime session check failed');
        next();
      },
    );
  });
  socket.on('subscribe', async (raw: unknown, ack?: (answer: SubscribeAck) => void) => {
    const reply = typeof ack === 'function' ? ack : () => undefined;
    const parsed = SubscribeMessage.safeParse(raw);
    const channel = parsed.success ? parseChannel(parsed.data.channel) : null;
    if (!parsed.success || !channel) return reply({ ok: false, message: 'unknown channel' });
    if (!verifyChannel(hub.appSecret, socket.id, parsed.data.channel, parsed.data.auth)) {
      return reply({ ok: false, message: 'invalid signature' });
    }
    if (socket.rooms.size > MAX_CHANNELS_PER_SOCKET) return reply({ ok: false, message: 'too many channels' });
    const sessions = await sessionsOf(hub, socket);
    if (sessions.length === 0) return reply({ ok: false, message: 'not signed in' });
    let allowed: boolean;
    try {
      const people = await alive(hub, socket, sessions);
      if (!people) return;
      allowed = await hub.access()!.mayHold(people, parsed.data.channel);
    } catch (err) {
      log.warn({ err }, 'realtime subscribe check failed');
      return reply({ ok: false, message: 'unavailable' });
    }
    if (!allowed) return reply({ ok: false, message: 'forbidden' });
    // Its session may have ended while this was asked: a dropped socket joins nothing (the adapter would keep it).
    if (socket.disconnected) return;
    await socket.join(parsed.data.channel);
    if (channel.kind === 'notifications') socket.data.userId = channel.id;
    reply({ ok: true });
  });
  socket.on('unsubscribe', async (raw: unknown, ack?: (answer: SubscribeAck) => void) => {
    const parsed = UnsubscribeMessage.safeParse(raw);
    // Channels only: the socket's own and internal rooms (its sessions) stay.
    const ok = parsed.success && parseChannel(parsed.data.channel) !== null;
    if (ok) await socket.leave(parsed.data.channel);
    if (typeof ack === 'function') ack({ ok });
  });
}

/** Drops every socket of this process one of whose sessions no longer signs its person in. */
async function recheckSessions(io: Server, access: SocketAccess): Promise<void> {
  const sockets = [...io.of('/').sockets.values()] as AppSocket[];
  const ids = [...new Set(sockets.flatMap((socket) => boundIds(socket, SESSION_ROOM)))];
  const live = new Set<number>();
  for (let i = 0; i < ids.length; i += RECHECK_BATCH) {
    for (const id of (await access.liveSessions(ids.slice(i, i + RECHECK_BATCH))).keys()) live.add(id);
  }
  for (const socket of sockets) {
    if (boundIds(socket, SESSION_ROOM).some((id) => !live.has(id))) socket.disconnect(true);
  }
}

/**
 * The Socket.IO server on `server` (serve only): sockets of the allowed origins only, rooms shared through Redis
 * when set, each socket served by `serveSocket`.
 */
function socketServer(
  server: HttpServer,
  settings: RealtimeSettings,
  hub: SocketHub,
  adapter: (() => ReturnType<typeof createAdapter>) | undefined,
): Server {
  const origins = new Set(settings.allowedOrigins.map((o) => new URL(o).origin));
  const io = new Server(server, {
    path: SOCKET_PATH,
    transports: ['websocket'],
    serveClient: false,
    // Clients only send small subscribe messages.
    maxHttpBufferSize: 16 * 1024,
    // A page of another site must not open a socket with its visitor's browser (checked on every handshake).
    allowRequest: (req, callback) => {
      const origin = req.headers.origin;
      callback(null, typeof origin === 'string' && origins.has(origin));
    },
  });
  if (adapter) io.adapter(adapter());
  io.of('/').adapter.on('join-room', (room: string, id: string) => {
    if (room.startsWith(SESSION_ROOM)) hub.waiting.get(id)?.forEach((bound) => bound());
  });
  io.on('connection', (socket: AppSocket) => serveSocket(hub, socket));
  return io;
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
        settings,
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
