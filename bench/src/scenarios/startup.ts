import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serverEntry } from '../paths';

async function waitReady(url: string, deadline: number): Promise<void> {
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} not ready in time`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function once(dataDir: string, port: number): Promise<{ ready: number; stop: number }> {
  const started = Date.now();
  const child = spawn(process.execPath, [serverEntry, 'serve'], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  await waitReady(`http://127.0.0.1:${port}/readyz`, Date.now() + 60_000);
  const ready = Date.now() - started;
  const stopping = Date.now();
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  child.kill('SIGTERM');
  await exited;
  return { ready, stop: Date.now() - stopping };
}

/** Start-up on a fresh data dir (migrations, seed) and on an existing one, with graceful shutdown times. */
export async function startup(): Promise<void> {
  if (!fs.existsSync(serverEntry)) throw new Error('Build first: npm run build');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkwell-bench-'));
  const port = 3400 + Math.floor(Math.random() * 500);
  try {
    const fresh = await once(dataDir, port);
    const again = await once(dataDir, port);
    console.log(`fresh data dir:    ready in ${fresh.ready} ms, stopped in ${fresh.stop} ms`);
    console.log(`existing data dir: ready in ${again.ready} ms, stopped in ${again.stop} ms`);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
