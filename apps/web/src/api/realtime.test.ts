import { chatRoomChannel, notificationsChannel } from '@inkwell/contracts';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getSession, signIn, signOut } from '../session/session';
import { sessionUser } from '../test/fixtures';
import { realtime, useChannel, useRealtimeConnection } from './realtime';

/** A stand-in for Socket.IO's client socket: the test says when it connects and why it disconnects. */
class FakeSocket {
  id: string | undefined;
  connected = false;
  private sequence = 0;
  private readonly listeners = new Map<string, ((...args: unknown[]) => void)[]>();
  readonly subscribed: string[] = [];
  readonly connect = vi.fn(() => {
    this.connected = true;
    this.id = `socket-${++this.sequence}`;
    this.fire('connect');
    return this;
  });
  readonly close = vi.fn(() => {
    const was = this.connected;
    this.connected = false;
    if (was) this.fire('disconnect', 'io client disconnect');
    return this;
  });

  on(event: string, listener: (...args: unknown[]) => void) {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }
  onAny() {
    return this;
  }
  emit() {
    return this;
  }
  timeout() {
    return {
      emitWithAck: async (_event: string, message: { channel: string }) => {
        this.subscribed.push(message.channel);
        return { ok: true };
      },
    };
  }
  fire(event: string, ...args: unknown[]) {
    this.listeners.get(event)?.forEach((listener) => listener(...args));
  }
  /** The server closed it (`io server disconnect`), or the network dropped it (`transport close`). */
  drop(reason: string) {
    this.connected = false;
    this.fire('disconnect', reason);
  }
}

const sockets: FakeSocket[] = [];
const held: (() => void)[] = [];
vi.mock('socket.io-client', () => ({
  io: () => {
    const socket = new FakeSocket();
    sockets.push(socket);
    return socket;
  },
}));

/** The server: `/api/user` answers `userStatus` (0: no network); channel signatures are always given. */
let userStatus = 200;
const asked: string[] = [];
beforeEach(() => {
  vi.useFakeTimers();
  userStatus = 200;
  asked.length = 0;
  sockets.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      asked.push(url);
      if (url === '/api/broadcasting/auth') return Response.json({ auth: 'signed' });
      if (userStatus === 0) throw new TypeError('Failed to fetch');
      return Response.json(userStatus === 200 ? { data: sessionUser() } : { message: 'no' }, { status: userStatus });
    }),
  );
});
afterEach(() => {
  held.splice(0).forEach((release) => release());
  realtime.stop();
  signOut();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** Signed in with the connection open and the person's notifications held, as the app shell leaves it. */
async function connected() {
  signIn('token-1', sessionUser());
  renderHook(() => useRealtimeConnection());
  // The first screen is done (lib/afterFirstScreen): the connection opens.
  await act(() => vi.advanceTimersByTimeAsync(4000));
  const socket = sockets.at(-1)!;
  socket.connect();
  const release = realtime.hold(notificationsChannel(7));
  held.push(release);
  await act(() => vi.advanceTimersByTimeAsync(0));
  expect(socket.subscribed).toEqual([notificationsChannel(7)]);
  return { socket };
}

describe('realtime client on a first visit', () => {
  it('waits for the first screen to be done, or the reader to act, before it loads and connects', async () => {
    signIn('token-1', sessionUser());
    renderHook(() => useRealtimeConnection());
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(sockets).toHaveLength(0);
    window.dispatchEvent(new Event('pointerdown'));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(sockets).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(sockets).toHaveLength(1);
  });

  it('connects at once for a screen that is live by nature (a chat room)', async () => {
    signIn('token-1', sessionUser());
    renderHook(() => useRealtimeConnection());
    const room = renderHook(() =>
      useChannel(chatRoomChannel(3), 'ChatMessageSent', () => undefined, undefined, { live: true }),
    );
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(sockets).toHaveLength(1);
    room.unmount();
  });

  it('never connects once signed out before the first screen was done', async () => {
    signIn('token-1', sessionUser());
    renderHook(() => useRealtimeConnection());
    act(() => signOut());
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    window.dispatchEvent(new Event('keydown'));
    expect(sockets).toHaveLength(0);
  });
});

describe('realtime client after the server closed its socket', () => {
  it('asks whether the session stands and, as it does, connects again and joins its channels anew', async () => {
    const { socket } = await connected();
    socket.drop('io server disconnect');
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(asked).toContain('/api/user');
    expect(socket.connect).toHaveBeenCalledTimes(2);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(socket.subscribed).toEqual([notificationsChannel(7), notificationsChannel(7)]);
  });

  it('after a sign-out elsewhere (401) it signs out here and stays closed', async () => {
    const { socket } = await connected();
    userStatus = 401;
    socket.drop('io server disconnect');
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(getSession()).toBeNull();
    expect(socket.connect).toHaveBeenCalledTimes(1);
    expect(asked.filter((url) => url === '/api/user')).toHaveLength(1);
  });

  it('a suspended person (403) stays closed, and so does a tab that signed out meanwhile', async () => {
    const first = await connected();
    userStatus = 403;
    first.socket.drop('io server disconnect');
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(first.socket.connect).toHaveBeenCalledTimes(1);
    expect(asked.filter((url) => url === '/api/user')).toHaveLength(1);
    realtime.stop();

    const second = await connected();
    userStatus = 200;
    second.socket.drop('io server disconnect');
    act(() => signOut());
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(second.socket.connect).toHaveBeenCalledTimes(1);
    expect(asked.filter((url) => url === '/api/user')).toHaveLength(1);
  });

  it('while the server is away (a restart) it asks again, later each time, and connects once it answers', async () => {
    const { socket } = await connected();
    userStatus = 0;
    socket.drop('io server disconnect');
    await act(() => vi.advanceTimersByTimeAsync(1500));
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(asked.filter((url) => url === '/api/user').length).toBeGreaterThanOrEqual(2);
    expect(socket.connect).toHaveBeenCalledTimes(1);
    userStatus = 200;
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(socket.connect).toHaveBeenCalledTimes(2);
    expect(socket.connected).toBe(true);
  });

  it('a lost connection is left to Socket.IO, which reconnects by itself', async () => {
    const { socket } = await connected();
    socket.drop('transport close');
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(asked).not.toContain('/api/user');
    expect(socket.connect).toHaveBeenCalledTimes(1);
  });
});
