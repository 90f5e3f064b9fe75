import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { loadConfig, testSettings } from '../config';
import { connectDatabase } from '../db/connect';
import { registrations } from '../registrations';
import { closeContext, createContext } from './create-context';

/** A database nobody has started on yet. */
async function emptyDatabase(base: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `inkwell_start_${Date.now().toString(36)}_${Math.floor(Math.random() * 1e6)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

describe('start in any order, any number (issue 25: serve and worker together deadlocked in pg-boss setup)', () => {
  const base = testSettings().databaseUrl;
  it.runIf(Boolean(base))(
    'four processes’ start-up on one fresh database, five times over: every one comes up',
    async () => {
      for (let round = 0; round < 5; round++) {
        const { url, drop } = await emptyDatabase(base!);
        try {
          const config = loadConfig({
            NODE_ENV: 'test',
            DATABASE_URL: url,
            DATA_DIR: path.join(os.tmpdir(), `inkwell-start-${round}`),
            LOG_LEVEL: 'silent',
          });
          const started = await Promise.allSettled(
            Array.from({ length: 4 }, async () => {
              const database = await connectDatabase({ kind: 'postgres', url, poolSize: 5 });
              return createContext(config, pino({ level: 'silent' }), registrations, { database });
            }),
          );
          const failures = started.filter((r) => r.status === 'rejected').map((r) => String(r.reason));
          expect(failures, `round ${round}`).toEqual([]);
          for (const r of started) if (r.status === 'fulfilled') await closeContext(r.value);
        } finally {
          await drop();
        }
      }
    },
    120_000,
  );
});
