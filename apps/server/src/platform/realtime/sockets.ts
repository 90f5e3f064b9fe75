import type { Server as HttpServer } from 'node:http';
import { SOCKET_PATH, SubscribeMessage, UnsubscribeMessage, parseChannel, type SubscribeAck } from '@inkwell/contracts';
import type { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyBaseLogger } from 'fastify';
import { Server, type Socket } from 'socket.io';
import { verifyChannel } from './signing';

/*
 * One process's sockets: who may connect, what a socket may subscribe to, and how long it lives (as long as the
 * sessions that signed for it). realtime.ts builds the hub around it and reaches other processes through Redis.
 */

/** What a socket may hold at once: a person's notifications plus the rooms they have open, with room to spare. */
const MAX_CHANNELS_PER_SOCKET = 50;

/**
 * Internal rooms that tie a socket to the sessions that signed for it and their people. No client can subscribe to
 * or leave them: `subscribe` and `unsubscribe` take only channel names (`parseChannel`), which never look so.
 */
const SESSION_ROOM = 'session:';
const PERSON_ROOM = 'person:';
export const sessionRoom = (tokenId: number) => `${SESSION_ROOM}${tokenId}`;
export const personRoom = (userId: number) => `${PERSON_ROOM}${userId}`;

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

export interface SocketData {
  /** Known once the socket joined its person's notification channel (signed for that person only). */
  userId?: number;
  /** The flood guard's count of events in the current minute. */
  events?: { since: number; count: number };
}

type AppSocket = Socket<Record<string, never>, Record<string, never>, Record<string, never>, SocketData>;

/** The ids in the socket's internal rooms of one kind (its sessions, or its people). */
function boundIds(socket: AppSocket, prefix: string): number[] {
  const ids: number[] = [];
  for (const room of socket.rooms) if (room.startsWith(prefix)) ids.push(Number(room.slice(prefix.length)));
  return ids;
}

/** What a socket's handlers need of their process's hub. */
export interface SocketHub {
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

export function serveSocket(hub: SocketHub, socket: AppSocket): void {
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
export async function recheckSessions(io: Server, access: SocketAccess): Promise<void> {
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
export function socketServer(
  server: HttpServer,
  allowedOrigins: string[],
  hub: SocketHub,
  adapter: (() => ReturnType<typeof createAdapter>) | undefined,
): Server {
  const origins = new Set(allowedOrigins.map((o) => new URL(o).origin));
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
