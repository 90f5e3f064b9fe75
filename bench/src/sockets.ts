import { apiUrl, realtimeApi, SOCKET_PATH } from '@inkwell/contracts';
import { io, type Socket } from 'socket.io-client';

/** A socket as the web app opens it (api/realtime.ts), subscribed to `channels` with the person's token. */
export async function subscribedSocket(origin: string, token: string, channels: string[]): Promise<Socket> {
  const socket = io(origin, {
    path: SOCKET_PATH,
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    extraHeaders: { origin },
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  for (const channel of channels) {
    const res = await fetch(`${origin}${apiUrl(realtimeApi.auth)}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ socket_id: socket.id, channel_name: channel }),
    });
    if (!res.ok) throw new Error(`subscribe ${channel}: ${res.status} ${await res.text()}`);
    const { auth } = (await res.json()) as { auth: string };
    const ack = (await socket.timeout(10_000).emitWithAck('subscribe', { channel, auth })) as { ok: boolean };
    if (!ack.ok) throw new Error(`subscribe ${channel} refused`);
  }
  return socket;
}
