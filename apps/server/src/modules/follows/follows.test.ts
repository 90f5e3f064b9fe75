import { accountsApi, followsApi, postsApi, type CreatePostBody } from '@inkwell/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema';
import { createCreatorAccount } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/harness';
import { signedIn } from '../../../test/identity-helpers';
import { jobsSettled, waitFor } from '../../../test/wait-for';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.close();
});

/** A signed-in creator with an approved account. */
async function creator() {
  const person = await signedIn(s);
  const account = await createCreatorAccount(s.ctx.db, person.user.id, { approved: 'approved' });
  return { ...person, account };
}

const post = (c: { token: string }, body: CreatePostBody) => s.call(postsApi.create, { token: c.token, body });

const followNotes = (ownerId: number, actorId: number) =>
  s.ctx.db
    .select()
    .from(notifications)
    .where(
      and(eq(notifications.user_id, ownerId), eq(notifications.actor_id, actorId), eq(notifications.type, 'follow')),
    );

describe('follow notifications', () => {
  it('follow, unfollow, follow again: the owner hears once', async () => {
    const owner = await signedIn(s);
    const account = await createCreatorAccount(s.ctx.db, owner.user.id);
    const reader = await signedIn(s);
    const follow = (method: 'POST' | 'DELETE') =>
      s.call(method === 'POST' ? followsApi.follow : followsApi.unfollow, {
        params: { id: account.id },
        token: reader.token,
      });

    expect((await follow('POST')).body).toEqual({ is_followed: true, followers_count: 1, bell: false });
    expect((await follow('DELETE')).body).toEqual({ is_followed: false, followers_count: 0, bell: false });
    expect((await follow('POST')).body).toEqual({ is_followed: true, followers_count: 1, bell: false });
    expect((await follow('POST')).body).toEqual({ is_followed: true, followers_count: 1, bell: false });
    await follow('DELETE');
    await follow('POST');
    // Notifications are written by a job queued after each commit: wait until every one of them ran.
    await jobsSettled(s);
    expect(await followNotes(owner.user.id, reader.user.id)).toHaveLength(1);

    // Another reader's follow is news.
    const second = await signedIn(s);
    await s.call(followsApi.follow, { params: { id: account.id }, token: second.token });
    await waitFor(async () => expect(await followNotes(owner.user.id, second.user.id)).toHaveLength(1));
  });

  it('a re-follow more than a day later notifies again', async () => {
    const owner = await signedIn(s);
    const account = await createCreatorAccount(s.ctx.db, owner.user.id);
    const reader = await signedIn(s);
    const follow = (method: 'POST' | 'DELETE') =>
      s.call(method === 'POST' ? followsApi.follow : followsApi.unfollow, {
        params: { id: account.id },
        token: reader.token,
      });
    await follow('POST');
    await follow('DELETE');
    await waitFor(async () => expect(await followNotes(owner.user.id, reader.user.id)).toHaveLength(1));
    await s.ctx.db
      .update(notifications)
      .set({ created_at: new Date(Date.now() - 25 * 60 * 60 * 1000) })
      .where(eq(notifications.actor_id, reader.user.id));
    await follow('POST');
    await waitFor(async () => expect(await followNotes(owner.user.id, reader.user.id)).toHaveLength(2));
  });
});

describe('follows and the followed feed', () => {
  it('follow counts move by one and the followed feed pages newest first', async () => {
    const creatorA = await creator();
    const creatorB = await creator();
    const reader = await signedIn(s);
    for (let i = 1; i <= 23; i++)
      await post(creatorA, { account_id: creatorA.account.id, type: 'status', content: `A${i}` });
    await post(creatorB, { account_id: creatorB.account.id, type: 'status', content: 'B1' });

    expect((await s.call(postsApi.feed, { token: reader.token })).body.meta.total).toBe(0);
    const follow = await s.call(followsApi.follow, { params: { id: creatorA.account.id }, token: reader.token });
    expect(follow.body).toEqual({ is_followed: true, followers_count: 1, bell: false });
    expect(
      (await s.call(followsApi.follow, { params: { id: creatorA.account.id }, token: reader.token })).body,
    ).toEqual({ is_followed: true, followers_count: 1, bell: false });
    const byName = await s.call(accountsApi.byUsername, {
      params: { username: creatorA.account.username },
      token: reader.token,
    });
    expect(byName.body.data).toMatchObject({ is_followed: true, followers_count: 1 });

    const page1 = await s.call(postsApi.feed, { query: { page: 1 }, token: reader.token });
    expect(page1.body.data).toHaveLength(20);
    expect(page1.body.data[0].content).toBe('A23');
    expect(page1.body.data.map((p) => p.content)).not.toContain('B1');
    expect(page1.body.meta).toMatchObject({ current_page: 1, last_page: 2, total: 23, per_page: 20 });
    const page2 = await s.call(postsApi.feed, { query: { page: 2 }, token: reader.token });
    expect(page2.body.data.map((p) => p.content)).toEqual(['A3', 'A2', 'A1']);

    const unfollow = await s.call(followsApi.unfollow, { params: { id: creatorA.account.id }, token: reader.token });
    expect(unfollow.body).toEqual({ is_followed: false, followers_count: 0, bell: false });
    expect((await s.call(postsApi.feed, { token: reader.token })).body.data).toEqual([]);
    expect((await s.call(followsApi.follow, { params: { id: 999999 }, token: reader.token })).status).toBe(404);
    expect((await s.call(followsApi.follow, { params: { id: creatorA.account.id } })).status).toBe(401);

    await jobsSettled(s);
    const notes = await s.ctx.db.select().from(notifications).where(eq(notifications.account_id, creatorA.account.id));
    expect(notes.filter((n) => n.type === 'follow').map((n) => n.user_id)).toEqual([creatorA.user.id]);
  });
});
