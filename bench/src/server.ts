import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { serverEntry } from './paths';

/** The PostgreSQL server the benches make their databases on. */
export const ADMIN_URL =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** The URL of database `name` on the bench's server. */
export const dbUrl = (name: string): string => {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
};

/** One statement on a connection of its own. */
export async function sql(url: string, text: string, values?: unknown[]) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(text, values);
  } finally {
    await client.end();
  }
}

/**
 * The built server (`npm run build` first) on `databaseUrl`, as production runs it (no rate limits, no jobs,
 * no demo data), answering once `/readyz` does. `env` adds or overrides settings.
 */
export function startServer(
  databaseUrl: string,
  port: number,
  env: Record<string, string> = {},
): Promise<ChildProcess> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkwell-bench-'));
  const child = spawn(process.execPath, [serverEntry, 'serve'], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_SCALE: '0',
      SEED_DEMO: 'false',
      JOBS: 'off',
      ACCOUNT_APPROVAL: 'auto',
      NODE_ENV: 'production',
      APP_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    const deadline = Date.now() + 120_000;
    const poll = async () => {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) return resolve(child);
      } catch {
        // not yet
      }
      if (Date.now() > deadline) return reject(new Error('server did not start'));
      setTimeout(() => void poll(), 200);
    };
    void poll();
  });
}

export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((resolve) => child.on('exit', resolve));
}

export interface DemoServer {
  url: string;
  /** The server process, for reading its CPU time. */
  pid: number;
  stop(): Promise<void>;
}

/**
 * The built server as `npm start` runs it (PGlite in a fresh data directory, the demo data, jobs in the same
 * process), answering once `/readyz` does; the demo is seeded before the server listens. `env` adds or
 * overrides settings.
 */
export async function startDemoServer(port: number, env: Record<string, string> = {}): Promise<DemoServer> {
  if (!fs.existsSync(serverEntry)) throw new Error('Build first: npm run build');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkwell-bench-demo-'));
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [serverEntry, 'serve'], {
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'true',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = async () => {
    await stopServer(child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) return { url, pid: child.pid!, stop };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error('server did not start');
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** A demo person's bearer token and user name, signed in through the API as the web app does. */
export async function signInDemo(
  url: string,
  email = 'ayechan@demo.inkwell.local',
): Promise<{ token: string; user: Record<string, unknown> & { username: string } }> {
  const res = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ email, password: 'inkwell-demo-2026', device_name: 'bench' }),
  });
  if (!res.ok) throw new Error(`sign-in as ${email} failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as { token: string; user: Record<string, unknown> & { username: string } };
}
