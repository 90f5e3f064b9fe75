import { spawn } from 'node:child_process';
import net from 'node:net';
import { Redis } from 'ioredis';

/** A free port on loopback (for a second server process, or a Redis of a test's own). */
export const freePort = (): Promise<number> =>
  new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

/** Resolves once the Redis at `url` answers (up to about 5 s). */
async function answering(url: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    probe.on('error', () => undefined);
    try {
      await probe.connect();
      await probe.quit();
      return;
    } catch (err) {
      probe.disconnect();
      if (attempt >= 50) throw err;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

export interface RedisServer {
  url: string;
  /** Ends it (SIGTERM, or SIGKILL for an outage) and waits until it is gone. */
  stop: (signal?: NodeJS.Signals) => Promise<void>;
}

/** A redis-server of the test's own on loopback (nothing kept on disk), for tests that cut or share it. */
export async function startRedisServer(port?: number): Promise<RedisServer> {
  const at = port ?? (await freePort());
  const server = spawn(
    'redis-server',
    ['--port', String(at), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: 'ignore',
    },
  );
  const url = `redis://127.0.0.1:${at}`;
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  const failed = new Promise<never>((_, reject) =>
    server.once('error', (err) => reject(new Error(`this test needs redis-server: ${err.message}`))),
  );
  try {
    await Promise.race([answering(url), failed]);
  } catch (err) {
    server.kill('SIGTERM');
    throw err;
  }
  return {
    url,
    async stop(signal = 'SIGTERM') {
      if (server.exitCode === null && server.signalCode === null) server.kill(signal);
      await exited;
    },
  };
}
