import { postsApi } from '@inkwell/contracts';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testSettings } from '../config';
import { connectDatabase } from '../db/connect';
import { posts } from '../db/schema';
import { createCreatorAccount } from '../seed/factories';
import type { TestServer } from '../../test/harness';
import { signedIn } from '../../test/identity-helpers';
import { startRelayedServer } from '../../test/relayed-server';
import type { TcpRelay } from '../../test/tcp-relay';
import { quietFor } from '../../test/sockets';

/**
 * Issue 25: a PostgreSQL restart under load ended the process and `/readyz` never came back. Now the requests
 * that meet the outage answer 503 with Retry-After, `/readyz` says so, and the same process serves again when
 * the database returns, having lost nothing it acknowledged.
 */
describe.runIf(Boolean(testSettings().databaseUrl))('a database outage', () => {
  let relay: TcpRelay;
  let s: TestServer;
  let close: (() => Promise<void>) | undefined;
  let direct: string;
  beforeAll(async () => {
    ({ relay, s, direct, close } = await startRelayedServer(5));
  });
  afterAll(async () => {
    await close?.();
  });

  it('answers 503 with Retry-After while it is cut, recovers by itself, and keeps every acknowledged write', async () => {
    const writer = await signedIn(s);
    const account = await createCreatorAccount(s.ctx.db, writer.user.id);
    const acknowledged: number[] = [];
    const statuses: number[] = [];
    let writing = true;
    const writes = (async () => {
      for (let i = 0; writing; i++) {
        const res = await s.call(postsApi.create, {
          body: { account_id: account.id, type: 'status', content: `Write ${i}` },
          token: writer.token,
        });
        statuses.push(res.status);
        if (res.status === 201) acknowledged.push(res.body.data.id);
        else if (res.status === 503) expect(res.headers.get('retry-after')).toBe('5');
        await quietFor(50);
      }
    })();

    await quietFor(1000);
    await relay.cut();
    await quietFor(500);
    const ready = await fetch(`${s.url}/readyz`);
    expect(ready.status).toBe(503);
    const refused = await s.call(postsApi.create, {
      body: { account_id: account.id, type: 'status', content: 'During' },
      token: writer.token,
      lang: 'my',
    });
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('5');
    expect(refused.error.code).toBe('unavailable');
    await quietFor(2500);

    await relay.mend();
    const mended = Date.now();
    let back = false;
    while (!back && Date.now() - mended < 10_000) {
      back = (await fetch(`${s.url}/readyz`)).status === 200;
      if (!back) await quietFor(200);
    }
    expect(back).toBe(true);
    await quietFor(1000);
    writing = false;
    await writes;

    expect(statuses.filter((code) => code >= 500 && code !== 503)).toEqual([]);
    expect(acknowledged.length).toBeGreaterThan(0);
    expect(statuses.at(-1)).toBe(201);
    // Read around the relay: what was acknowledged is really there.
    const check = await connectDatabase({ kind: 'postgres', url: direct, poolSize: 1 });
    try {
      const found = await check.db.select({ id: posts.id }).from(posts).where(inArray(posts.id, acknowledged));
      expect(found.length).toBe(acknowledged.length);
    } finally {
      await check.close();
    }
  }, 60_000);
});
