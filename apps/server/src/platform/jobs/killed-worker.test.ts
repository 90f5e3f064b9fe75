import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { likesApi, mediaApi, postsApi } from '@inkwell/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alive } from '../../../test/processes';
import { testSettings } from '../../config';
import { queryRows } from '../../db/connect';
import { notifications } from '../../db/schema';
import { jobHandlers } from '../../registrations';
import { createCreatorAccount, subscribeToPlan } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/harness';
import { signedIn } from '../../../test/identity-helpers';
import { makeVideo } from '../../../test/media-fixtures';
import { settle, uploadFile } from '../../../test/uploads';
import { waitFor } from '../../../test/wait-for';

/**
 * A worker killed with SIGKILL (issue 25): its running transcode and the notification jobs it held were
 * stranded for 15 to 61 minutes and its ffmpeg kept running. Now: no ffmpeg outlives it, and another worker
 * finishes all of its work within 90 s (short expiry, renewed by a heartbeat while a job runs).
 */
const APP_SECRET = 'killed-worker-test-secret-with-enough-length-0123';

const children = (pid: number): { pid: number; comm: string }[] =>
  fs
    .readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .flatMap((d) => {
      try {
        const stat = fs.readFileSync(`/proc/${d}/stat`, 'utf8');
        const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
        const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        return ppid === pid ? [{ pid: Number(d), comm }] : [];
      } catch {
        return [];
      }
    });

describe.runIf(Boolean(testSettings().databaseUrl) && process.platform === 'linux')('a killed worker', () => {
  let s: TestServer;
  let dir: string;
  beforeAll(async () => {
    // This server answers requests only: the worker process below takes the jobs.
    s = await startTestServer({ APP_SECRET, JOBS: 'off' });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkwell-killed-worker-'));
  });
  afterAll(async () => {
    await s?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('mid-transcode and mid-notification batch: no ffmpeg outlives it, and its work is done within 90 s', async () => {
    const creator = await signedIn(s);
    const account = await createCreatorAccount(s.ctx.db, creator.user.id, { name: 'Long Takes' });
    await subscribeToPlan(s.ctx.db, creator.user.id, 'studio');
    // One post per reader: likes of one post are told in one grouped notification.
    const posts: number[] = [];
    for (let i = 0; i < 5; i++) {
      const post = await s.call(postsApi.create, {
        token: creator.token,
        body: { account_id: account.id, type: 'status', content: `Like me while the worker hangs (${i})` },
      });
      expect(post.status).toBe(201);
      posts.push(post.body.data.id);
    }

    // A worker that takes notification jobs and hangs on them (as one stuck mid-batch), and transcodes for real.
    const worker = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', 'worker'], {
      cwd: path.resolve(import.meta.dirname, '../../..'),
      env: {
        NODE_ENV: 'test',
        DATABASE_URL: s.databaseUrl!,
        DATA_DIR: s.dataDir,
        APP_SECRET,
        PUBLIC_URL: 'http://inkwell.test',
        LOG_LEVEL: 'silent',
        SEED_DEMO: 'false',
        FAULT_HOLD_JOB: 'notifications.create',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const exited = new Promise<NodeJS.Signals | null>((resolve) =>
      worker.once('exit', (_c, signal) => resolve(signal)),
    );

    const clip = makeVideo(dir, 'long.mp4', { seconds: 40, size: '1280x720' });
    const upload = await uploadFile(s, creator.token, mediaApi.uploadVideo, clip);
    expect(upload.status).toBe(202);
    const readers = await Promise.all(Array.from({ length: 5 }, () => signedIn(s)));
    for (const [i, reader] of readers.entries()) {
      const liked = await s.call(likesApi.toggle, {
        token: reader.token,
        body: { likeable_type: 'post', likeable_id: posts[i] },
      });
      expect(liked.status).toBe(200);
    }

    // Killed while ffmpeg runs and while it holds the notification jobs.
    const ffmpeg = await waitFor(
      async () => {
        const [held] = await queryRows<{ n: number }>(
          s.ctx.db,
          sql`select count(*)::int as n from pgboss.job where name = 'notifications.create' and state = 'active'`,
        );
        expect(held!.n).toBeGreaterThan(0);
        const running = children(worker.pid!).filter((c) => c.comm === 'ffmpeg');
        expect(running.length).toBeGreaterThan(0);
        return running.map((c) => c.pid);
      },
      { timeoutMs: 60_000, intervalMs: 100 },
    );
    worker.kill('SIGKILL');
    const killedAt = Date.now();
    expect(await exited).toBe('SIGKILL');
    await waitFor(() => expect(ffmpeg.filter(alive)).toEqual([]), { timeoutMs: 5000 });

    // Another worker (this process) takes over once the dead one's jobs expire.
    await s.ctx.jobs.work(jobHandlers(s.ctx));
    const done = await settle(s, creator.token, upload.body.file, 90_000 - (Date.now() - killedAt));
    expect(done.status).toBe('processed');
    await waitFor(
      async () => {
        const rows = await s.ctx.db
          .select({ actor: notifications.actor_id })
          .from(notifications)
          .where(and(eq(notifications.user_id, creator.user.id), inArray(notifications.post_id, posts)));
        expect(rows.map((r) => r.actor).sort()).toEqual(readers.map((r) => r.user.id).sort());
      },
      { timeoutMs: Math.max(1000, 90_000 - (Date.now() - killedAt)), intervalMs: 250 },
    );
    console.log(`[killed worker] all of its work done ${((Date.now() - killedAt) / 1000).toFixed(1)} s after the kill`);
  }, 180_000);
});
