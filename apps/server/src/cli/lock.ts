import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';

/**
 * PGlite lives inside one process: `serve`/`worker` write a lock with their pid, and commands that open
 * the same data directory (backup, restore, seed, migrate) refuse while it is held.
 */
const lockFile = (config: Config) => path.join(config.dataDir, 'db.lock');

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

export function holderPid(config: Config): number | undefined {
  if (config.databaseUrl) return undefined;
  try {
    const pid = Number(fs.readFileSync(lockFile(config), 'utf8'));
    return pid && pid !== process.pid && alive(pid) ? pid : undefined;
  } catch {
    return undefined;
  }
}

export function acquireLock(config: Config): () => void {
  if (config.databaseUrl) return () => undefined;
  const pid = holderPid(config);
  if (pid) throw new Error(`The embedded database in ${config.dataDir} is in use by process ${pid}. Stop it first.`);
  fs.mkdirSync(config.dataDir, { recursive: true });
  fs.writeFileSync(lockFile(config), String(process.pid));
  return () => {
    try {
      if (fs.readFileSync(lockFile(config), 'utf8') === String(process.pid)) fs.unlinkSync(lockFile(config));
    } catch {
      // already gone
    }
  };
}
