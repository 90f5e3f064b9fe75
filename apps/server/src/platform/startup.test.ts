import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { loadConfig, testSettings } from '../config';
import { connectDatabase } from '../db/connect';
import { registrations } from '../registrations';
import { closeContext, createContext } from './create-context';
import { emptyPostgresDatabase } from '../../test/database';

describe('start in any order, any number (issue 25: serve and worker together deadlocked in pg-boss setup)', () => {
  const base = testSettings().databaseUrl;
  it.runIf(Boolean(base))(
    'four processes’ start-up on one fresh database, five times over: every one comes up',
    async () => {
      for (let round = 0; round < 5; round++) {
        const { url, drop } = await emptyPostgresDatabase(base!);
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
