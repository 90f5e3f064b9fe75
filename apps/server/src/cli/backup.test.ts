import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { users } from '../db/schema';
import { closeContext, createContext } from '../platform/create-context';
import { registrations } from '../registrations';
import { createUser } from '../seed/factories';
import { freshDatabase } from '../../test/database';
import { backup, restore } from './backup';

const log = pino({ level: 'silent' });
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'inkwell-backup-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const countUsers = async (ctx: Awaited<ReturnType<typeof createContext>>, email: string) =>
  (
    await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(sql`email = ${email}`)
  )[0]!.n;

describe('backup and restore', () => {
  it('round-trips the embedded database and the uploads', async () => {
    const dataDir = path.join(tmp, 'embedded');
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    let ctx = await createContext(config, log, registrations);
    await createUser(ctx.db, { email: 'kept@example.test' });
    await closeContext(ctx);
    fs.mkdirSync(path.join(dataDir, 'uploads', 'photos'), { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'uploads', 'photos', 'a.webp'), 'image-bytes');

    const dir = await backup(config, path.join(tmp, 'out'));
    expect(fs.existsSync(path.join(dir, 'db.tar.gz'))).toBe(true);
    expect(JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8')).database).toBe('pglite');

    // Lose everything, then restore.
    fs.rmSync(dataDir, { recursive: true, force: true });
    await restore(config, dir);
    expect(fs.readFileSync(path.join(dataDir, 'uploads', 'photos', 'a.webp'), 'utf8')).toBe('image-bytes');
    ctx = await createContext(config, log, registrations);
    expect(await countUsers(ctx, 'kept@example.test')).toBe(1);
    await closeContext(ctx);
  });

  it('round-trips a PostgreSQL database with pg_dump and pg_restore', async (test) => {
    const fresh = await freshDatabase();
    if (!fresh.url) {
      await fresh.drop();
      test.skip(true, 'needs TEST_DATABASE_URL');
      return;
    }
    await fresh.database.close();
    const config = loadConfig({ DATA_DIR: path.join(tmp, 'pg'), DATABASE_URL: fresh.url, LOG_LEVEL: 'silent' });
    try {
      let ctx = await createContext(config, log, registrations);
      await createUser(ctx.db, { email: 'pg.kept@example.test' });
      await closeContext(ctx);
      const dir = await backup(config, path.join(tmp, 'out-pg'));
      expect(fs.existsSync(path.join(dir, 'db.dump'))).toBe(true);

      ctx = await createContext(config, log, registrations);
      await ctx.db.delete(users).where(sql`email = ${'pg.kept@example.test'}`);
      expect(await countUsers(ctx, 'pg.kept@example.test')).toBe(0);
      await closeContext(ctx);

      await restore(config, dir);
      ctx = await createContext(config, log, registrations);
      expect(await countUsers(ctx, 'pg.kept@example.test')).toBe(1);
      await closeContext(ctx);
    } finally {
      await fresh.drop();
    }
  });
});
