import {
  SOCKET_PATH,
  realtimeApi,
  type RealtimeEvent,
  type RealtimeEventName,
  type SubscribeAck,
} from '@inkwell/contracts';
import { io, type Socket } from 'socket.io-client';
import type { TestServer } from './harness';

/** The origin the test servers are configured with (`PUBLIC_URL`): the one a browser page of ours sends. */
export const OUR_ORIGIN = 'http://inkwell.test';

/**
 * A Socket.IO client as the web app opens it (WebSocket transport, our page's Origin), connected; rejects with
 * the handshake's error when the server refuses it.
 */
export function connectSocket(url: string, origin: string | null = OUR_ORIGIN): Promise<Socket> {
  const socket = io(url, {
    path: SOCKET_PATH,
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    timeout: 5000,
    ...(origin ? { extraHeaders: { origin } } : {}),
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (err) => {
      socket.close();
      reject(err);
    });
  });
}

/** Asks the API for the channel's signature with `token`, then subscribes; answers the server's acknowledgement. */
export async function subscribe(s: TestServer, socket: Socket, token: string, channel: string): Promise<SubscribeAck> {
  const signed = await s.call(realtimeApi.auth, { body: { socket_id: socket.id!, channel_name: channel }, token });
  if (signed.status !== 200) throw new Error(`broadcasting auth ${signed.status}: ${JSON.stringify(signed.body)}`);
  return socket.timeout(5000).emitWithAck('subscribe', { channel, auth: signed.body.auth });
}

/** Collects every `event` the socket receives, for checks after the fact. */
export function collect<N extends RealtimeEventName>(socket: Socket, event: N): RealtimeEvent<N>[] {
  const got: RealtimeEvent<N>[] = [];
  socket.on(event as string, (payload: RealtimeEvent<N>) => got.push(payload));
  return got;
}

/**
 * The next `event` the socket receives (of those `matches` accepts: one sent by an earlier step may still be on its
 * way), or a rejection after `timeoutMs`.
 */
export function nextEvent<N extends RealtimeEventName>(
  socket: Socket,
  event: N,
  timeoutMs = 5000,
  matches: (payload: RealtimeEvent<N>) => boolean = () => true,
): Promise<RealtimeEvent<N>> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(event as string, handler);
      reject(new Error(`no ${event} within ${timeoutMs} ms`));
    }, timeoutMs);
    const handler = (payload: RealtimeEvent<N>) => {
      if (!matches(payload)) return;
      clearTimeout(timer);
      socket.off(event as string, handler);
      resolve(payload);
    };
    socket.on(event as string, handler);
  });
}

/** Lets anything in flight arrive, then answers whether nothing did. */
export const quietFor = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Why the socket disconnected (`io server disconnect` when the server dropped it), or a rejection after
 * `timeoutMs` while it stays connected.
 */
export function disconnected(socket: Socket, timeoutMs = 5000): Promise<string> {
  if (socket.disconnected) return Promise.resolve('already disconnected');
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off('disconnect', handler);
      reject(new Error(`still connected after ${timeoutMs} ms`));
    }, timeoutMs);
    const handler = (reason: string) => {
      clearTimeout(timer);
      resolve(reason);
    };
    socket.once('disconnect', handler);
  });
}
