import { commentsApi, likesApi, postsApi } from '@inkwell/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { posts } from '../../db/schema';
import { startTestServer, type TestServer } from '../../../test/harness';
import { castAccount, castOf, row, tryEveryone, type Cast, type Person } from '../../../test/policy-table';

let s: TestServer;
let cast: Cast;
beforeAll(async () => {
  s = await startTestServer();
  cast = await castOf(s);
});
afterAll(async () => {
  await s?.close();
});

/** A status post by the cast's owner on their account; `hidden` takes it out of sight as a rejection would. */
async function castPost(hidden = false) {
  const account = await castAccount(cast);
  const res = await s.call(postsApi.create, {
    token: cast.people.owner.token,
    body: { account_id: account.id, type: 'status', content: 'Monsoon notes' },
  });
  expect(res.status).toBe(201);
  if (hidden) await s.ctx.db.update(posts).set({ visible: false }).where(eq(posts.id, res.body.data.id));
  return res.body.data as { id: number; slug: string };
}

async function read(person: Person, slug: string) {
  const res = await s.call(postsApi.bySlug, { params: { slug }, token: person.token });
  return {
    status: res.status,
    can_modify: Boolean(res.body.data?.can_modify),
    can_delete: Boolean(res.body.data?.can_delete),
  };
}

//                   guest reader member owner other adm-lack admin root
describe('post policy table', () => {
  it('view a hidden post: its account people and posts.view; 404 for others', async () => {
    const post = await castPost(true);
    const got = await tryEveryone(cast, 'posts.view', async (p) => ({ status: (await read(p, post.slug)).status }));
    expect(got).toEqual(row(404, 404, 200, 200, 404, 404, 200, 200));
  });

  it('edit a post: its account people or posts.update; can_modify says the same', async () => {
    const post = await castPost();
    const got = await tryEveryone(cast, 'posts.moderate', async (p) => {
      const { can_modify } = await read(p, post.slug);
      const res = await s.call(postsApi.update, {
        params: { id: post.id },
        token: p.token,
        body: { content: 'Edited' },
      });
      return { status: res.status, flag: can_modify };
    });
    expect(got).toEqual(row(401, 403, 200, 200, 403, 403, 200, 200));
  });

  it('edit a hidden post: 404 to whoever may not see it, 403 to who sees it without posts.update', async () => {
    const post = await castPost(true);
    const got = await tryEveryone(cast, 'posts.moderate', async (p) => {
      const { can_modify } = await read(p, post.slug);
      const res = await s.call(postsApi.update, {
        params: { id: post.id },
        token: p.token,
        body: { content: 'Edited' },
      });
      return { status: res.status, flag: can_modify };
    });
    expect(got).toEqual(row(401, 404, 200, 200, 404, 403, 200, 200));
  });

  it('delete a post: its account people or posts.delete; can_delete says the same', async () => {
    const got = await tryEveryone(cast, 'posts.moderate', async (p) => {
      const post = await castPost();
      const { can_delete } = await read(p, post.slug);
      const res = await s.call(postsApi.remove, { params: { id: post.id }, token: p.token });
      return { status: res.status, flag: can_delete };
    });
    expect(got).toEqual(row(401, 403, 204, 204, 403, 403, 204, 204));
  });

  it('delete a hidden post: 404 to whoever may not see it', async () => {
    const got = await tryEveryone(cast, 'posts.moderate', async (p) => {
      const post = await castPost(true);
      const { can_delete } = await read(p, post.slug);
      const res = await s.call(postsApi.remove, { params: { id: post.id }, token: p.token });
      return { status: res.status, flag: can_delete };
    });
    expect(got).toEqual(row(401, 404, 204, 204, 404, 403, 204, 204));
  });

  it('like and comment on a hidden post: the same people, as both ask the post policy', async () => {
    const post = await castPost(true);
    const like = await tryEveryone(cast, 'posts.view', async (p) => ({
      status: (await s.call(likesApi.toggle, { token: p.token, body: { likeable_type: 'post', likeable_id: post.id } }))
        .status,
    }));
    const comment = await tryEveryone(cast, 'posts.view', async (p) => ({
      status: (await s.call(commentsApi.create, { token: p.token, body: { post_id: post.id, content: 'Hi' } })).status,
    }));
    expect(like).toEqual(row(401, 404, 200, 200, 404, 404, 200, 200));
    expect(comment).toEqual(row(401, 404, 201, 201, 404, 404, 201, 201));
  });
});

describe('likes on a hidden post (review: members could comment but not like)', () => {
  it('a member likes a hidden post of their own account, and a comment on it, as they may comment', async () => {
    const post = await castPost(true);
    const { member } = cast.people;
    const comment = await s.call(commentsApi.create, {
      token: member.token,
      body: { post_id: post.id, content: 'Before it goes out' },
    });
    expect(comment.status).toBe(201);
    const liked = await s.call(likesApi.toggle, {
      token: member.token,
      body: { likeable_type: 'post', likeable_id: post.id },
    });
    expect(liked.status).toBe(200);
    expect(liked.body).toEqual({ liked: true, likes_count: 1 });
    const commentLiked = await s.call(likesApi.toggle, {
      token: member.token,
      body: { likeable_type: 'comment', likeable_id: comment.body.data.id },
    });
    expect(commentLiked.body).toEqual({ liked: true, likes_count: 1 });
    // A stranger still learns nothing about it.
    const stranger = await s.call(likesApi.toggle, {
      token: cast.people.reader.token,
      body: { likeable_type: 'comment', likeable_id: comment.body.data.id },
    });
    expect(stranger.status).toBe(404);
  });
});
