import { commentsApi, postsApi } from '@inkwell/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { posts } from '../../db/schema';
import { startTestServer, type TestServer } from '../../../test/harness';
import { signedIn } from '../../../test/identity-helpers';
import { castAccount, castOf, row, tryEveryone, type Cast, type Person } from '../../../test/policy-table';

let s: TestServer;
let cast: Cast;
let commenter: Person;
beforeAll(async () => {
  s = await startTestServer();
  cast = await castOf(s);
  commenter = await signedIn(s);
});
afterAll(async () => {
  await s?.close();
});

/** A post of the cast's owner with a comment by a reader of it; `hidden` then takes the post out of sight. */
async function castComment(hidden = false) {
  const account = await castAccount(cast);
  const post = await s.call(postsApi.create, {
    token: cast.people.owner.token,
    body: { account_id: account.id, type: 'status', content: 'Open thread' },
  });
  const comment = await s.call(commentsApi.create, {
    token: commenter.token,
    body: { post_id: post.body.data.id, content: 'First!' },
  });
  expect(comment.status).toBe(201);
  if (hidden) await s.ctx.db.update(posts).set({ visible: false }).where(eq(posts.id, post.body.data.id));
  return { postId: post.body.data.id as number, id: comment.body.data.id as number };
}

/** The comment's `can_delete` in the thread as `person` reads it (false when the thread cannot be read). */
async function canDelete(person: Person, postId: number, id: number) {
  const res = await s.call(commentsApi.ofPost, { params: { id: postId }, token: person.token });
  return Boolean(res.body.data?.find((c: { id: number }) => c.id === id)?.can_delete);
}

//                   guest reader member owner other adm-lack admin root
describe('comment policy table', () => {
  it("delete a comment: its author, the post's people or comments.delete; can_delete says the same", async () => {
    const got = await tryEveryone(cast, 'posts.moderate', async (p) => {
      const comment = await castComment();
      const flag = await canDelete(p, comment.postId, comment.id);
      return {
        status: (await s.call(commentsApi.remove, { params: { id: comment.id }, token: p.token })).status,
        flag,
      };
    });
    expect(got).toEqual(row(401, 403, 204, 204, 403, 403, 204, 204));
  });

  it('delete a comment on a hidden post: 404 to whoever may not see the post', async () => {
    const got = await tryEveryone(cast, 'posts.moderate', async (p) => {
      const comment = await castComment(true);
      const flag = await canDelete(p, comment.postId, comment.id);
      return {
        status: (await s.call(commentsApi.remove, { params: { id: comment.id }, token: p.token })).status,
        flag,
      };
    });
    expect(got).toEqual(row(401, 404, 204, 204, 404, 403, 204, 204));
  });

  it('its author may always delete it, even once the post is out of their sight', async () => {
    const shown = await castComment();
    expect(await canDelete(commenter, shown.postId, shown.id)).toBe(true);
    expect((await s.call(commentsApi.remove, { params: { id: shown.id }, token: commenter.token })).status).toBe(204);
    const hidden = await castComment(true);
    expect((await s.call(commentsApi.remove, { params: { id: hidden.id }, token: commenter.token })).status).toBe(204);
  });
});
