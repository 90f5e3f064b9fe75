import net from 'node:net';

/**
 * A loopback relay to a TCP service that a test can cut (every connection dropped, new ones refused) and mend,
 * or silence: connections stay open and nothing passes either way, as when a network black-holes the packets.
 */
export interface TcpRelay {
  port: number;
  cut(): Promise<void>;
  silence(): void;
  mend(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpRelay(target: { host: string; port: number }): Promise<TcpRelay> {
  const open = new Set<net.Socket>();
  let silent = false;
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      open.add(socket);
      socket.on('close', () => open.delete(socket));
      socket.on('error', () => undefined);
    }
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    if (silent) client.pause();
    else client.pipe(upstream).pipe(client);
  });
  const listen = (port: number) => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  await listen(0);
  const { port } = server.address() as net.AddressInfo;
  const stop = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      for (const socket of open) socket.destroy();
    });
  return {
    port,
    cut: stop,
    silence() {
      silent = true;
      for (const socket of open) {
        socket.unpipe();
        socket.pause();
      }
    },
    mend: () => listen(port),
    close: () => (server.listening ? stop() : Promise.resolve()),
  };
}
