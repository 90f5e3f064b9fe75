import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountUsers, notifications } from '../../db/schema';
import { createCreatorAccount } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/harness';
import { signedIn } from '../../../test/identity-helpers';
import { jobsSettled } from '../../../test/wait-for';
import { createNotifications } from '.';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.close();
});

/** An account with two owners and a post on it. */
async function ownedPost() {
  const owner = await signedIn(s);
  const coOwner = await signedIn(s);
  const account = await createCreatorAccount(s.ctx.db, owner.user.id);
  await s.ctx.db.insert(accountUsers).values({ account_id: account.id, user_id: coOwner.user.id, role: 'owner' });
  const res = await s.request('POST', '/api/posts', {
    token: owner.token,
    body: { account_id: account.id, type: 'status', content: 'Tell me things' },
  });
  expect(res.status).toBe(201);
  return { owner, coOwner, account, post: res.body.data as { id: number } };
}

/** The notification rows about a post, as the tests compare them; written by a job, so wait for it. */
async function notesOn(postId: number) {
  await jobsSettled(s);
  const rows = await s.ctx.db
    .select()
    .from(notifications)
    .where(eq(notifications.post_id, postId))
    .orderBy(asc(notifications.id));
  return rows.map(({ user_id, type, actor_id, account_id, post_id, comment_id, payload }) => ({
    user_id,
    type,
    actor_id,
    account_id,
    post_id,
    comment_id,
    payload,
  }));
}

const like = (token: string, type: 'post' | 'comment', id: number) =>
  s.request('POST', '/api/likes', { token, body: { likeable_type: type, likeable_id: id } });

const comment = async (token: string, postId: number, content: string, parent?: number) => {
  const res = await s.request('POST', '/api/comments', {
    token,
    body: { post_id: postId, content, parent_comment_id: parent },
  });
  expect(res.status).toBe(201);
  return res.body.data as { id: number };
};

describe('notifications, written after commit by the notifications.create job', () => {
  it('a post like tells each account owner but the one who liked; a comment like tells its author', async () => {
    const { owner, coOwner, account, post } = await ownedPost();
    const reader = await signedIn(s);
    await like(reader.token, 'post', post.id);
    await like(owner.token, 'post', post.id); // an owner liking their own post tells only the other owner
    const c = await comment(reader.token, post.id, 'Nice');
    await like(owner.token, 'comment', c.id);
    await like(reader.token, 'comment', c.id); // their own comment: nobody to tell

    const about = { account_id: account.id, post_id: post.id };
    const likes = (await notesOn(post.id)).filter((n) => n.type === 'like');
    expect(likes).toEqual([
      {
        ...about,
        user_id: owner.user.id,
        type: 'like',
        actor_id: reader.user.id,
        comment_id: null,
        payload: { likeable_type: 'post' },
      },
      {
        ...about,
        user_id: coOwner.user.id,
        type: 'like',
        actor_id: reader.user.id,
        comment_id: null,
        payload: { likeable_type: 'post' },
      },
      {
        ...about,
        user_id: coOwner.user.id,
        type: 'like',
        actor_id: owner.user.id,
        comment_id: null,
        payload: { likeable_type: 'post' },
      },
      {
        ...about,
        user_id: reader.user.id,
        type: 'like',
        actor_id: owner.user.id,
        comment_id: c.id,
        payload: { likeable_type: 'comment' },
      },
    ]);

    // Unliking tells nobody.
    await like(reader.token, 'post', post.id);
    expect((await notesOn(post.id)).filter((n) => n.type === 'like')).toHaveLength(4);
  });

  it('a comment tells the owners; a reply tells the author it answers instead of twice', async () => {
    const { owner, coOwner, account, post } = await ownedPost();
    const reader = await signedIn(s);
    const first = await comment(reader.token, post.id, 'First');
    const ownerSays = await comment(owner.token, post.id, 'Thanks', first.id);
    const readerSays = await comment(reader.token, post.id, 'Welcome', ownerSays.id);

    const about = { account_id: account.id, post_id: post.id, payload: {} };
    const rows = await notesOn(post.id);
    const sorted = (list: typeof rows) =>
      [...list].sort((a, b) => (a.comment_id ?? 0) - (b.comment_id ?? 0) || a.user_id - b.user_id);
    expect(sorted(rows)).toEqual(
      sorted([
        { ...about, comment_id: first.id, type: 'comment', user_id: owner.user.id, actor_id: reader.user.id },
        { ...about, comment_id: first.id, type: 'comment', user_id: coOwner.user.id, actor_id: reader.user.id },
        // The owner answered the reader: the reader hears of the reply, the other owner of a comment.
        { ...about, comment_id: ownerSays.id, type: 'reply', user_id: reader.user.id, actor_id: owner.user.id },
        { ...about, comment_id: ownerSays.id, type: 'comment', user_id: coOwner.user.id, actor_id: owner.user.id },
        // The reader answered the owner: one reply for the owner, not a comment as well.
        { ...about, comment_id: readerSays.id, type: 'reply', user_id: owner.user.id, actor_id: reader.user.id },
        { ...about, comment_id: readerSays.id, type: 'comment', user_id: coOwner.user.id, actor_id: reader.user.id },
      ]),
    );
  });

  it('a follow tells every owner of the account', async () => {
    const { owner, coOwner, account } = await ownedPost();
    const reader = await signedIn(s);
    await s.request('POST', `/api/accounts/${account.id}/follow`, { token: reader.token });
    await jobsSettled(s);
    const rows = await s.ctx.db.select().from(notifications).where(eq(notifications.account_id, account.id));
    expect(
      rows
        .filter((n) => n.type === 'follow')
        .map((n) => [n.user_id, n.actor_id, n.post_id])
        .sort(),
    ).toEqual(
      [
        [owner.user.id, reader.user.id, null],
        [coOwner.user.id, reader.user.id, null],
      ].sort(),
    );
  });

  it('a notification whose subject was deleted before the job ran is dropped, not retried', async () => {
    const { owner, account, post } = await ownedPost();
    const reader = await signedIn(s);
    expect((await s.request('DELETE', `/api/posts/${post.id}`, { token: owner.token })).status).toBe(204);
    await expect(
      createNotifications(s.ctx, {
        type: 'post.liked',
        actor_id: reader.user.id,
        account_id: account.id,
        post_id: post.id,
      }),
    ).resolves.toBeUndefined();
    expect(await notesOn(post.id)).toEqual([]);
  });
});
