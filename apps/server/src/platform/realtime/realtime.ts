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
  /** Starts the Socket.IO server on `server` (serve only). */
  attach(server: HttpServer): void;
  /**
   * Disconnects every socket (an open WebSocket would keep the HTTP server from closing) and the Redis
   * connections; the HTTP server itself is closed by its owner. Once is enough; later calls do nothing.
   */
  close(): Promise<void>;
}

interface SocketData {
  /** Known once the socket joined its person's notification channel (signed for that person only). */
  userId?: number;
}

export function createRealtime(settings: RealtimeSettings): Realtime {
  const { log } = settings;
  const key = settings.redisKey ?? 'socket.io';
  const redis: Redis[] = [];
  const connect = () => {
    const client = new Redis(settings.redisUrl!, { maxRetriesPerRequest: 2, lazyConnect: false });
    client.on('error', (err) => log.warn({ err }, 'realtime redis error'));
    redis.push(client);
    return client;
  };
  let io: Server | undefined;
  let emitter: Emitter | undefined;
  let closed = false;

  const origins = new Set(settings.allowedOrigins.map((o) => new URL(o).origin));

  function onConnection(
    socket: Socket<Record<string, never>, Record<string, never>, Record<string, never>, SocketData>,
  ) {
    socket.on('subscribe', async (raw: unknown, ack?: (answer: SubscribeAck) => void) => {
      const reply = typeof ack === 'function' ? ack : () => undefined;
      const parsed = SubscribeMessage.safeParse(raw);
      const channel = parsed.success ? parseChannel(parsed.data.channel) : null;
      if (!parsed.success || !channel) return reply({ ok: false, message: 'unknown channel' });
      if (!verifyChannel(settings.appSecret, socket.id, parsed.data.channel, parsed.data.auth)) {
        return reply({ ok: false, message: 'invalid signature' });
      }
      if (socket.rooms.size > MAX_CHANNELS_PER_SOCKET) return reply({ ok: false, message: 'too many channels' });
      await socket.join(parsed.data.channel);
      if (channel.kind === 'notifications') socket.data.userId = channel.id;
      reply({ ok: true });
    });
    socket.on('unsubscribe', async (raw: unknown, ack?: (answer: SubscribeAck) => void) => {
      const parsed = UnsubscribeMessage.safeParse(raw);
      if (parsed.success) await socket.leave(parsed.data.channel);
      if (typeof ack === 'function') ack({ ok: parsed.success });
    });
  }

  return {
    emit(channel, event, payload) {
      const message = { channel, ...payload };
      if (io) io.to(channel).emit(event, message);
      else if (settings.redisUrl) (emitter ??= new Emitter(connect(), { key })).to(channel).emit(event, message);
    },

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

    attach(server) {
      io = new Server(server, {
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
      if (settings.redisUrl) io.adapter(createAdapter(connect(), connect(), { key }));
      io.on('connection', onConnection);
    },

    async close() {
      if (closed) return;
      closed = true;
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
