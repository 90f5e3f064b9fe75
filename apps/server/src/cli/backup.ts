import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import type { Config } from '../config';

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} exited with ${code}`))));
  });
}

/** Files on disk beside the database: served uploads, and private originals. */
const FILE_FOLDERS = ['uploads', 'private'];

const stamp = () => new Date().toISOString().replace(/[:.]/g, '-');

/**
 * Writes `<out>/inkwell-<time>/`: `db.tar.gz` (PGlite's data directory) or `db.dump` (pg_dump custom
 * format), the uploads and private folders, and a manifest. `restore` reads the same folder back.
 */
export async function backup(config: Config, outDir?: string): Promise<string> {
  const target = path.resolve(outDir ?? path.join(config.dataDir, 'backups'), `inkwell-${stamp()}`);
  fs.mkdirSync(target, { recursive: true });
  let dbFile: string;
  if (config.databaseUrl) {
    dbFile = 'db.dump';
    await run('pg_dump', ['--format=custom', '--no-owner', `--file=${path.join(target, dbFile)}`, config.databaseUrl]);
  } else {
    dbFile = 'db.tar.gz';
    const pg = await PGlite.create(path.join(config.dataDir, 'db'), { extensions: { pg_trgm } });
    const dump = await pg.dumpDataDir('gzip');
    fs.writeFileSync(path.join(target, dbFile), Buffer.from(await dump.arrayBuffer()));
    await pg.close();
  }
  // `private` holds originals waiting for their transcode.
  for (const folder of FILE_FOLDERS) {
    const from = path.join(config.dataDir, folder);
    if (fs.existsSync(from)) fs.cpSync(from, path.join(target, folder), { recursive: true });
  }
  fs.writeFileSync(
    path.join(target, 'manifest.json'),
    JSON.stringify(
      { created_at: new Date().toISOString(), database: config.databaseUrl ? 'postgres' : 'pglite', file: dbFile },
      null,
      2,
    ),
  );
  return target;
}

export async function restore(config: Config, from: string): Promise<void> {
  const source = path.resolve(from);
  const manifest = JSON.parse(fs.readFileSync(path.join(source, 'manifest.json'), 'utf8')) as {
    database: 'postgres' | 'pglite';
    file: string;
  };
  if ((manifest.database === 'postgres') !== Boolean(config.databaseUrl)) {
    throw new Error(`This backup is of a ${manifest.database} database; configure the same kind to restore it.`);
  }
  if (config.databaseUrl) {
    // Restore into empty schemas: `pg_restore --clean` cannot drop pg-boss's partitioned job tables.
    const client = new pg.Client({ connectionString: config.databaseUrl });
    await client.connect();
    try {
      await client.query(
        'drop schema if exists pgboss, drizzle cascade; drop schema public cascade; create schema public;',
      );
    } finally {
      await client.end();
    }
    await run('pg_restore', [
      '--no-owner',
      '--exit-on-error',
      `--dbname=${config.databaseUrl}`,
      path.join(source, manifest.file),
    ]);
  } else {
    fs.mkdirSync(config.dataDir, { recursive: true });
    const dbDir = path.join(config.dataDir, 'db');
    if (fs.existsSync(dbDir)) fs.renameSync(dbDir, `${dbDir}.before-restore-${stamp()}`);
    const data = fs.readFileSync(path.join(source, manifest.file));
    const pg = await PGlite.create(dbDir, { extensions: { pg_trgm }, loadDataDir: new Blob([data]) });
    await pg.query('select 1');
    await pg.close();
  }
  for (const folder of FILE_FOLDERS) {
    const from = path.join(source, folder);
    if (fs.existsSync(from)) fs.cpSync(from, path.join(config.dataDir, folder), { recursive: true });
  }
}
