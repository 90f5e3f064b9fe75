import { commentsApi, likesApi, postsApi, type CreatePostBody } from '@inkwell/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { likes, posts } from '../../db/schema';
import { postAs, withAccount } from '../../../test/creator-helpers';
import { startTestServer, type TestServer } from '../../../test/harness';
import { signedIn } from '../../../test/identity-helpers';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.close();
});

const creator = (approved: 'approved' | 'pending' = 'approved', seed: { name?: string; description?: string } = {}) =>
  withAccount(s, approved, seed);
const post = (c: { token: string }, body: CreatePostBody) => postAs(s, c, body);

describe('likes', () => {
  it('toggle, and stay right under concurrent requests', async () => {
    const owner = await creator();
    const p = (await post(owner, { account_id: owner.account.id, type: 'status', content: 'Like me' })).body.data;
    const fan = await signedIn(s);
    const like = (token: string) =>
      s.call(likesApi.toggle, { token, body: { likeable_type: 'post', likeable_id: p.id } });
    expect((await like(fan.token)).body).toEqual({ liked: true, likes_count: 1 });
    expect((await like(fan.token)).body).toEqual({ liked: false, likes_count: 0 });

    // The same person clicking many times at once: the count equals the likes that exist.
    await Promise.all(Array.from({ length: 15 }, () => like(fan.token)));
    const rows = await s.ctx.db.select().from(likes).where(eq(likes.likeable_id, p.id));
    const [stored] = await s.ctx.db.select({ n: posts.likes_count }).from(posts).where(eq(posts.id, p.id));
    expect(stored!.n).toBe(rows.filter((r) => r.likeable_type === 'post').length);

    // Many people at once.
    const crowd = await Promise.all(Array.from({ length: 8 }, () => signedIn(s)));
    await Promise.all(crowd.map((c) => like(c.token)));
    const [after] = await s.ctx.db.select({ n: posts.likes_count }).from(posts).where(eq(posts.id, p.id));
    const [{ n: real } = { n: -1 }] = await s.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(likes)
      .where(sql`likeable_type = 'post' and likeable_id = ${p.id}`);
    expect(after!.n).toBe(real);
    expect(real).toBe(stored!.n + 8);
    const read = await s.call(postsApi.bySlug, { params: { slug: p.slug }, token: crowd[0]!.token });
    expect(read.body.data.liked).toBe(true);

    expect(
      (
        await s.call(likesApi.toggle, {
          token: fan.token,
          body: { likeable_type: 'post', likeable_id: 999999 },
        })
      ).status,
    ).toBe(404);
    expect(
      (await s.call(likesApi.toggle, { token: fan.token, rawBody: { likeable_type: 'user', likeable_id: 1 } })).status,
    ).toBe(422);
  });

  it('work on comments too', async () => {
    const owner = await creator();
    const p = (await post(owner, { account_id: owner.account.id, type: 'status', content: 'x' })).body.data;
    const c = (await s.call(commentsApi.create, { token: owner.token, body: { post_id: p.id, content: 'c' } })).body
      .data;
    const fan = await signedIn(s);
    expect(
      (
        await s.call(likesApi.toggle, {
          token: fan.token,
          body: { likeable_type: 'comment', likeable_id: c.id },
        })
      ).body,
    ).toEqual({ liked: true, likes_count: 1 });
    const thread = await s.call(commentsApi.ofPost, { params: { id: p.id }, token: fan.token });
    expect(thread.body.data[0]).toMatchObject({ liked: true, likes_count: 1 });
  });

  it('need a signed-in person, a valid target and a post they may see', async () => {
    const owner = await creator();
    const p = (await post(owner, { account_id: owner.account.id, type: 'status', content: 'Public' })).body.data;
    const body = { likeable_type: 'post' as const, likeable_id: p.id };
    expect((await s.call(likesApi.toggle, { body })).status).toBe(401);
    const fan = await signedIn(s);
    const bad = await s.call(likesApi.toggle, { token: fan.token, rawBody: { likeable_type: 'post' } });
    expect(bad.status).toBe(422);
    expect(bad.error.errors?.likeable_id).toBeDefined();
    expect((await s.call(likesApi.toggle, { token: fan.token, body: { ...body, likeable_id: 'abc' } })).status).toBe(
      422,
    );

    // A post of a pending account is hidden from strangers: liking it answers as if it did not exist.
    const pending = await creator('pending');
    const [hidden] = await s.ctx.db
      .insert(posts)
      .values({
        account_id: pending.account.id,
        type: 'status',
        slug: `hidden-${pending.account.id}`,
        content: 'x',
        visible: false,
      })
      .returning();
    const refused = await s.call(likesApi.toggle, {
      token: fan.token,
      body: { likeable_type: 'post', likeable_id: hidden!.id },
    });
    expect(refused.status).toBe(404);
    const [row] = await s.ctx.db.select({ n: posts.likes_count }).from(posts).where(eq(posts.id, hidden!.id));
    expect(row!.n).toBe(0);
  });
});
