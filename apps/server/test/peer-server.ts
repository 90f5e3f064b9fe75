import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { TestServer } from './harness';
import { freePort } from './redis';

export interface PeerServer {
  url: string;
  child: ChildProcess;
  /** Resolves with the signal (or exit code) the process ended with. */
  exited: Promise<NodeJS.Signals | number | null>;
  stop(): void;
}

/**
 * A second `serve` process (test/serve-peer.ts) on the test server's PostgreSQL database and data directory,
 * jobs off, answering once it listens. `env` adds settings (Redis, a realtime key, a fault to inject).
 */
export async function startPeerServer(
  first: Pick<TestServer, 'databaseUrl' | 'dataDir'>,
  appSecret: string,
  env: Record<string, string> = {},
): Promise<PeerServer> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/serve-peer.ts'], {
    cwd: path.resolve(import.meta.dirname, '..'),
    env: {
      NODE_ENV: 'test',
      DATABASE_URL: first.databaseUrl!,
      APP_SECRET: appSecret,
      PUBLIC_URL: 'http://inkwell.test',
      PORT: String(port),
      HOST: '127.0.0.1',
      JOBS: 'off',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'silent',
      DATA_DIR: first.dataDir,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) =>
    child.once('exit', (code, signal) => resolve(signal ?? code)),
  );
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve());
    void exited.then((how) => reject(new Error(`the peer server ended before it was ready (${how})`)));
  });
  return { url: `http://127.0.0.1:${port}`, child, exited, stop: () => child.kill('SIGTERM') };
}
