import {
  realtimeApi,
  type RealtimeEvent,
  type RealtimeEventName,
  SOCKET_PATH,
  type SubscribeAck,
  usersApi,
} from '@inkwell/contracts';
import { useEffect } from 'react';
import type { Socket } from 'socket.io-client';
import { getSession, subscribe as onSessionChange } from '../session/session';
import { afterFirstScreen } from '../lib/afterFirstScreen';
import { useLatest } from '../lib/useLatest';
import { ApiError, call } from './client';

type Handler<N extends RealtimeEventName> = (payload: RealtimeEvent<N>) => void;

/** Tries after a failure for want of a network: 1, 2, 4, … up to 30 s apart. */
const JOIN_RETRIES = 8;
export const retryDelay = (attempt: number): number => Math.min(30_000, 1000 * 2 ** attempt);

/**
 * The realtime connection (API.md, Realtime protocol): one Socket.IO connection per tab while signed in, the
 * private channels the open screens ask for, each signed by `POST /broadcasting/auth` for this socket. After a
 * lost connection Socket.IO reconnects on its own; every channel is signed and joined again for the new
 * socket, and screens hear `reconnected` to catch up on what they missed. A socket the server closed (its
 * session ended, or the server is restarting) is not reconnected by Socket.IO: the session is asked first.
 */
class RealtimeClient {
  private socket: Socket | undefined;
  private connecting: Promise<Socket> | undefined;
  private token: string | undefined;
  /** Channels the screens hold, counted: the channel is left when the last holder lets go. */
  private readonly channels = new Map<string, number>();
  /** Told each time a channel has been joined (again): what was sent before that may have been missed. */
  private readonly joinedListeners = new Map<string, Set<() => void>>();
  private readonly reconnectListeners = new Set<() => void>();
  /** Screens' handlers per event: they outlive a socket (a reconnect or a new sign-in keeps them). */
  private readonly handlers = new Map<RealtimeEventName, Set<(payload: never) => void>>();
  private everConnected = false;
  private pending: { token: string; cancel: () => void } | undefined;

  /**
   * Opens the connection for `token` once the first screen is done (lib/afterFirstScreen): the badges and toasts
   * it carries can wait a few seconds, and catch up when their channel is joined; the first paint cannot.
   */
  startSoon(token: string): void {
    if ((this.token === token && this.connecting) || this.pending?.token === token) return;
    this.pending?.cancel();
    this.pending = { token, cancel: afterFirstScreen(() => this.connectNow()) };
  }

  /** A screen that is live by nature (a chat room, an upload's progress) does not wait. */
  connectNow(): void {
    const pending = this.pending;
    if (!pending) return;
    pending.cancel();
    this.pending = undefined;
    void this.start(pending.token);
  }

  /** Opens the connection for this session's token (the library loads only then: it is not on the first paint). */
  async start(token: string): Promise<Socket> {
    if (this.token === token && this.connecting) return this.connecting;
    this.stop();
    this.token = token;
    this.connecting = import('socket.io-client').then(({ io }) => {
      // A handshake that hangs on a poor mobile network is given up after 8 s and tried again.
      const socket = io({ path: SOCKET_PATH, transports: ['websocket'], timeout: 8000 });
      // Each server event to the screens' handlers for it (by name: the schemas stay on the server's side).
      socket.onAny((event: string, payload: unknown) => {
        this.handlers.get(event as RealtimeEventName)?.forEach((handler) => handler(payload as never));
      });
      socket.on('connect', () => {
        for (const channel of this.channels.keys()) void this.join(socket, channel);
        if (this.everConnected) this.reconnectListeners.forEach((listener) => listener());
        this.everConnected = true;
      });
      socket.on('disconnect', (reason: string) => {
        if (reason === 'io server disconnect') this.resume(socket);
      });
      this.socket = socket;
      return socket;
    });
    return this.connecting;
  }

  stop(): void {
    this.pending?.cancel();
    this.pending = undefined;
    delete document.documentElement.dataset.realtime;
    this.socket?.close();
    this.socket = undefined;
    this.connecting = undefined;
    this.token = undefined;
    this.everConnected = false;
  }

  /**
   * After the server closed the socket: asks whether the session still stands, then connects again (the
   * channels are joined anew and screens catch up). A 401 signs out (`call` does it), which stops the connection;
   * a refusal (a suspended person) leaves it closed; no answer (a server restarting) is asked again, a little
   * later each time, spread out so a restart's clients do not all come back at once.
   */
  private resume(socket: Socket, attempt = 0): void {
    const pause = retryDelay(attempt) * (0.5 + Math.random());
    setTimeout(() => {
      const current = () => this.socket === socket && !socket.connected;
      if (!current()) return;
      call(usersApi.me).then(
        () => {
          if (current()) socket.connect();
        },
        (err: unknown) => {
          const refused = err instanceof ApiError && err.status >= 400 && err.status < 500;
          if (!refused && current()) this.resume(socket, attempt + 1);
        },
      );
    }, pause);
  }

  /**
   * Signs and joins `channel` for this socket. A failure for want of a network (the socket came back before
   * HTTP did) is tried again with a growing pause while the socket and the channel last; a refusal is not.
   */
  private async join(socket: Socket, channel: string, attempt = 0): Promise<void> {
    const socketId = socket.id;
    // The socket may have reconnected (a new id) or the screen let go meanwhile: the new connect joins.
    const current = () => socket.connected && socket.id === socketId && this.channels.has(channel);
    if (!socketId) return;
    try {
      const { auth } = await call(realtimeApi.auth, { body: { socket_id: socketId, channel_name: channel } });
      if (!current()) return;
      const ack = (await socket.timeout(10_000).emitWithAck('subscribe', { channel, auth })) as SubscribeAck;
      if (!ack.ok) console.error(`realtime: ${channel} refused`, ack.message);
      else {
        // Said on the page too: end-to-end journeys wait for it before someone else acts.
        document.documentElement.dataset.realtime = 'joined';
        this.joinedListeners.get(channel)?.forEach((listener) => listener());
      }
    } catch (err) {
      // Spec §8: a broadcast authorization failure is reported, not shown.
      console.error(`realtime: could not join ${channel}`, err);
      const refused = err instanceof ApiError && err.status >= 400 && err.status < 500;
      if (!refused && attempt < JOIN_RETRIES) {
        setTimeout(() => {
          if (current()) void this.join(socket, channel, attempt + 1);
        }, retryDelay(attempt));
      }
    }
  }

  /** Holds `channel` open; `onJoined` runs each time it has been joined (first and after every reconnect). */
  hold(channel: string, onJoined?: () => void): () => void {
    if (onJoined) {
      const set = this.joinedListeners.get(channel) ?? new Set();
      this.joinedListeners.set(channel, set);
      set.add(onJoined);
    }
    this.channels.set(channel, (this.channels.get(channel) ?? 0) + 1);
    if (this.channels.get(channel) === 1 && this.socket?.connected) void this.join(this.socket, channel);
    return () => {
      if (onJoined) this.joinedListeners.get(channel)?.delete(onJoined);
      const left = (this.channels.get(channel) ?? 1) - 1;
      if (left > 0) {
        this.channels.set(channel, left);
        return;
      }
      this.channels.delete(channel);
      if (this.socket?.connected) this.socket.emit('unsubscribe', { channel });
    };
  }

  on<N extends RealtimeEventName>(event: N, handler: Handler<N>): () => void {
    const set = this.handlers.get(event) ?? new Set();
    this.handlers.set(event, set);
    const entry = handler as (payload: never) => void;
    set.add(entry);
    return () => void set.delete(entry);
  }

  onReconnect(listener: () => void): () => void {
    this.reconnectListeners.add(listener);
    return () => this.reconnectListeners.delete(listener);
  }
}

export const realtime = new RealtimeClient();

/** Keeps the connection open while someone is signed in, on their token; signing out closes it. */
export function keepRealtimeConnected(): () => void {
  const sync = () => {
    const session = getSession();
    if (session) realtime.startSoon(session.token);
    else realtime.stop();
  };
  sync();
  return onSessionChange(sync);
}

export function useRealtimeConnection(): void {
  useEffect(keepRealtimeConnected, []);
}

/**
 * Listens to `event` on `channel` while the screen shows (null: not now). `onJoined` runs each time the channel
 * has been joined, at first and after every reconnect: the moment to fetch what was sent before (a message
 * between a page's load and its join, or during a lost connection, is not delivered live). The handlers may
 * change every render; the channel is joined once. `live`: the screen is about this channel (a chat room), so
 * the connection opens now instead of after the first screen.
 */
export function useChannel<N extends RealtimeEventName>(
  channel: string | null,
  event: N,
  handler: Handler<N>,
  onJoined?: () => void,
  { live = false }: { live?: boolean } = {},
): void {
  const latest = useLatest({ handler, onJoined });
  useEffect(() => {
    if (!channel || !getSession()) return;
    if (live) realtime.connectNow();
    const release = realtime.hold(channel, () => latest.current.onJoined?.());
    const off = realtime.on(event, (payload) => {
      if (payload.channel === channel) latest.current.handler(payload);
    });
    return () => {
      off();
      release();
    };
  }, [channel, event, latest, live]);
}

/** Runs after the connection came back from a drop: the time to fetch what was missed. */
export function useReconnected(callback: () => void): void {
  const latest = useLatest(callback);
  useEffect(() => realtime.onReconnect(() => latest.current()), [latest]);
}
