import { accountsApi, identityApi, imageInfo, imageVariantUrl, postsApi } from '@inkwell/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, organizations, subscriptions, users } from '../../db/schema';
import { startTestServer, type TestServer } from '../../../test/harness';
import { SCENARIOS, seedDemo } from './index';
import { DEMO_PASSWORD } from './scenario';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.close();
});

const count = async (table: typeof users | typeof organizations | typeof accounts | typeof subscriptions) =>
  (await s.ctx.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;

describe('demo data', () => {
  it('runs every scenario once, and a demo creator can sign in and publish', async () => {
    const first = await seedDemo(s.ctx);
    expect(first.ran).toEqual(SCENARIOS.map((x) => x.name));
    const totals = [await count(users), await count(organizations), await count(accounts), await count(subscriptions)];
    expect(totals[0]).toBeGreaterThanOrEqual(6);
    expect(totals.slice(1).every((n) => n >= 3)).toBe(true);

    expect((await seedDemo(s.ctx)).ran).toEqual([]);
    expect([await count(users), await count(organizations), await count(accounts), await count(subscriptions)]).toEqual(
      totals,
    );

    const login = await s.call(identityApi.login, {
      body: { email: 'ayechan@demo.inkwell.local', password: DEMO_PASSWORD, device_name: 'test' },
    });
    expect(login.status).toBe(200);
    expect(login.body.user).toMatchObject({ can_compose: true, has_account: true, create_account: true });

    // Every post type, with media that really exists and is served.
    const feed = await s.call(postsApi.publicFeed, { query: { per_page: 50 }, token: login.body.token });
    const types = new Set(feed.body.data.map((p) => p.type));
    expect([...types].sort()).toEqual(['audio', 'gallery', 'photo', 'post', 'status', 'video']);
    const video = feed.body.data.find((p) => p.type === 'video')!;
    const served = await fetch(`${s.url}${video.url}`);
    expect(served.headers.get('content-type')).toBe('video/mp4');
    // An unread body keeps the connection busy, and closing the server would wait for it.
    await served.body?.cancel();
    // Pictures went through the image pipeline: sized names and narrower copies that are really there.
    const gallery = feed.body.data.find((p) => p.type === 'gallery')!;
    const photo = feed.body.data.find((p) => p.type === 'photo')!;
    const account = photo.account;
    const banner = (await s.call(accountsApi.byUsername, { params: { username: account.username } })).body.data
      .banner_url!;
    for (const url of [gallery.photos[0]!.url, photo.url!, account.profile_url!, banner]) {
      const info = imageInfo(url);
      expect(info?.widths.length, url).toBeGreaterThan(0);
      const copy = await fetch(`${s.url}${imageVariantUrl(url, info!.widths[0]!)}`);
      expect([url, copy.status, copy.headers.get('content-type')]).toEqual([url, 200, 'image/webp']);
      await copy.body?.cancel();
    }
    expect(
      (
        await s.call(postsApi.feed, {
          token: (
            await s.call(identityApi.login, {
              body: { email: 'kyawzin@demo.inkwell.local', password: DEMO_PASSWORD, device_name: 't' },
            })
          ).body.token,
        })
      ).body.meta.total,
    ).toBeGreaterThanOrEqual(9);
  });
});
