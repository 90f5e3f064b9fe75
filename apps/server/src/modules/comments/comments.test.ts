import { commentsApi, postsApi, type CreatePostBody } from '@inkwell/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comments, notifications, posts } from '../../db/schema';
import { createCreatorAccount } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/harness';
import { signedIn } from '../../../test/identity-helpers';
import { jobsSettled } from '../../../test/wait-for';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.close();
});

async function creator() {
  const person = await signedIn(s);
  const account = await createCreatorAccount(s.ctx.db, person.user.id, { approved: 'approved' });
  return { ...person, account };
}

const post = (c: { token: string }, body: CreatePostBody) => s.call(postsApi.create, { token: c.token, body });

/** A post by `owner` with one comment by a reader; `hidden` takes the post out of public view. */
async function postWithComment(owner: Awaited<ReturnType<typeof creator>>, hidden = false) {
  const post = (
    await s.call(postsApi.create, {
      token: owner.token,
      body: { account_id: owner.account.id, type: 'status', content: 'Members only?' },
    })
  ).body.data;
  const reader = await signedIn(s);
  const comment = (
    await s.call(commentsApi.create, { token: reader.token, body: { post_id: post.id, content: 'First!' } })
  ).body.data;
  if (hidden) await s.ctx.db.update(posts).set({ visible: false }).where(eq(posts.id, post.id));
  return { post, comment, reader };
}

describe('a member of another creator account (finding: "account_id" = "account_id")', () => {
  it('may not delete a comment on someone else’s post, and is not offered to', async () => {
    const owner = await creator();
    const other = await creator();
    const { post, comment } = await postWithComment(owner);

    const listed = await s.call(commentsApi.ofPost, { params: { id: post.id }, token: other.token });
    expect(listed.body.data[0]).toMatchObject({ id: comment.id, can_delete: false });
    const refused = await s.call(commentsApi.remove, { params: { id: comment.id }, token: other.token });
    expect(refused.status).toBe(403);
    expect(refused.error.code).toBe('forbidden');
    expect(await s.ctx.db.select().from(comments).where(eq(comments.id, comment.id))).toHaveLength(1);

    // The post's own people may.
    const mine = await s.call(commentsApi.ofPost, { params: { id: post.id }, token: owner.token });
    expect(mine.body.data[0].can_delete).toBe(true);
    expect((await s.call(commentsApi.remove, { params: { id: comment.id }, token: owner.token })).status).toBe(204);
  });

  it('may neither read nor comment on a hidden post; its own people may', async () => {
    const owner = await creator();
    const other = await creator();
    const { post } = await postWithComment(owner, true);

    expect((await s.call(commentsApi.ofPost, { params: { id: post.id }, token: other.token })).status).toBe(404);
    const comment = await s.call(commentsApi.create, {
      token: other.token,
      body: { post_id: post.id, content: 'sneaking in' },
    });
    expect(comment.status).toBe(404);
    expect(comment.error.code).toBe('not_found');
    expect(await s.ctx.db.select().from(comments).where(eq(comments.post_id, post.id))).toHaveLength(1);
    expect((await s.call(commentsApi.ofPost, { params: { id: post.id } })).status).toBe(404);

    expect((await s.call(commentsApi.ofPost, { params: { id: post.id }, token: owner.token })).status).toBe(200);
    const own = await s.call(commentsApi.create, {
      token: owner.token,
      body: { post_id: post.id, content: 'a note for us' },
    });
    expect(own.status).toBe(201);
  });

  it('a plain reader may delete only their own comment', async () => {
    const owner = await creator();
    const { comment, reader } = await postWithComment(owner);
    const stranger = await signedIn(s);
    expect((await s.call(commentsApi.remove, { params: { id: comment.id }, token: stranger.token })).status).toBe(403);
    expect((await s.call(commentsApi.remove, { params: { id: comment.id } })).status).toBe(401);
    expect((await s.call(commentsApi.remove, { params: { id: comment.id }, token: reader.token })).status).toBe(204);
  });
});

describe('comments', () => {
  it('nest three levels; the third level cannot be replied to; counts follow', async () => {
    const owner = await creator();
    const reader = await signedIn(s);
    const p = (await post(owner, { account_id: owner.account.id, type: 'status', content: 'Talk to me' })).body.data;
    const say = (content: string, parent?: number, token = reader.token) =>
      s.call(commentsApi.create, { token, body: { post_id: p.id, content, parent_comment_id: parent } });
    expect((await say('   ')).status).toBe(422);
    const first = (await say('Level one')).body.data;
    expect(first).toMatchObject({ depth: 1, parent_comment_id: null, commentable_type: 'user', can_delete: true });
    const second = (await say('Level two', first.id, owner.token)).body.data;
    const third = (await say('Level three', second.id)).body.data;
    expect(third.depth).toBe(3);
    const fourth = await say('Level four', third.id);
    expect(fourth.status).toBe(422);
    expect(fourth.error.message).toBe('Replies go three levels deep; reply to an earlier comment instead.');

    const thread = await s.call(commentsApi.ofPost, { params: { id: p.id }, token: reader.token });
    expect(thread.body.data).toHaveLength(1);
    expect(thread.body.data[0].replies[0].replies[0].content).toBe('Level three');
    expect((await s.call(postsApi.bySlug, { params: { slug: p.slug } })).body.data.comments_count).toBe(3);

    // Notifications for the post's owner and the replied-to author (written by a job after each commit).
    await jobsSettled(s);
    const rows = await s.ctx.db.select().from(notifications).where(eq(notifications.post_id, p.id));
    expect(rows.map((r) => [r.type, r.user_id]).sort()).toEqual(
      [
        ['comment', owner.user.id], // level one, on the owner's post
        ['reply', reader.user.id], // the owner answered the reader
        ['reply', owner.user.id], // the reader answered the owner: one notification, not two
      ].sort(),
    );

    // Others may not delete; the post owner may, and the replies go too.
    const stranger = await signedIn(s);
    expect((await s.call(commentsApi.remove, { params: { id: first.id }, token: stranger.token })).status).toBe(403);
    expect((await s.call(commentsApi.remove, { params: { id: third.id }, token: reader.token })).status).toBe(204);
    expect((await s.call(commentsApi.remove, { params: { id: first.id }, token: owner.token })).status).toBe(204);
    expect((await s.call(postsApi.bySlug, { params: { slug: p.slug } })).body.data.comments_count).toBe(0);
    expect((await s.call(commentsApi.ofPost, { params: { id: p.id } })).body.data).toEqual([]);
    expect((await s.call(commentsApi.remove, { params: { id: 999999 }, token: owner.token })).status).toBe(404);
  });

  it('a reply must belong to the same post', async () => {
    const owner = await creator();
    const a = (await post(owner, { account_id: owner.account.id, type: 'status', content: 'A' })).body.data;
    const b = (await post(owner, { account_id: owner.account.id, type: 'status', content: 'B' })).body.data;
    const onA = (await s.call(commentsApi.create, { token: owner.token, body: { post_id: a.id, content: 'x' } })).body
      .data;
    const cross = await s.call(commentsApi.create, {
      token: owner.token,
      body: { post_id: b.id, content: 'y', parent_comment_id: onA.id },
    });
    expect(cross.status).toBe(422);
  });
});
